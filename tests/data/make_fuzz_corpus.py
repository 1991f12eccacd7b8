#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/{idx,npy,index_list}/: a few valid tiny files and
several broken ones (each < 2 KB). Run from the repository root: python3 tests/data/make_fuzz_corpus.py"""
import gzip
import os
import struct

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "fuzz", "corpus")


def write(kind, name, data):
    folder = os.path.join(ROOT, kind)
    os.makedirs(folder, exist_ok=True)
    if isinstance(data, str):
        data = data.encode()
    assert len(data) < 2048, name
    with open(os.path.join(folder, name), "wb") as f:
        f.write(data)


def idx(type_code, dims, payload):
    return bytes([0, 0, type_code, len(dims)]) + b"".join(struct.pack(">I", d) for d in dims) + payload


# IDX: valid files of every element type and rank, then broken ones.
write("idx", "u8_3d.idx", idx(0x08, [2, 3, 4], bytes(range(24))))
write("idx", "u8_1d.idx", idx(0x08, [5], bytes([0, 1, 2, 254, 255])))
write("idx", "u8_2d.idx", idx(0x08, [2, 3], bytes(range(6))))
write("idx", "u8_4d.idx", idx(0x08, [1, 3, 2, 2], bytes(range(12))))
write("idx", "i8.idx", idx(0x09, [2, 2], struct.pack(">4b", -128, -1, 0, 127)))
write("idx", "i16.idx", idx(0x0B, [2, 2], struct.pack(">4h", -32768, -1, 0, 32767)))
write("idx", "i32.idx", idx(0x0C, [1, 3], struct.pack(">3i", -2**31, 0, 2**31 - 1)))
write("idx", "f32.idx", idx(0x0D, [2, 2], struct.pack(">4f", 0.5, -1.25, 255.0, 1e-30)))
write("idx", "f64.idx", idx(0x0E, [1, 2], struct.pack(">2d", 3.5, -7.0)))
write("idx", "f32_nan.idx", idx(0x0D, [1, 2], struct.pack(">2f", 1.0, float("nan"))))
write("idx", "f64_inf.idx", idx(0x0E, [1, 1], struct.pack(">d", float("inf"))))
write("idx", "truncated.idx", idx(0x08, [2, 3, 4], bytes(range(20))))
write("idx", "trailing.idx", idx(0x08, [1, 2], bytes(range(5))))
write("idx", "bad_magic.idx", b"\x01\x00\x08\x01\x00\x00\x00\x01\x07")
write("idx", "bad_type.idx", idx(0x0A, [1], b"\x00"))
write("idx", "zero_records.idx", idx(0x08, [0, 3], b""))
write("idx", "zero_dims.idx", bytes([0, 0, 8, 0]))
write("idx", "five_dims.idx", idx(0x08, [1, 1, 1, 1, 1], b"\x00"))
write("idx", "huge_dims.idx", idx(0x08, [0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF], b"\x00" * 8))
write("idx", "short_header.idx", bytes([0, 0, 8, 3, 0, 0, 0]))
write("idx", "empty.idx", b"")
# Gzipped (mtime 0 so the bytes are reproducible): valid, truncated, with trailing garbage.
packed = gzip.compress(idx(0x08, [2, 3, 4], bytes(range(24))), mtime=0)
write("idx", "u8_3d.idx.gz", packed)
write("idx", "truncated.idx.gz", packed[:-6])
write("idx", "garbage_after.idx.gz", packed + b"\x00\x01")
write("idx", "two_members.idx.gz",
      gzip.compress(idx(0x08, [1, 2], b""), mtime=0) + gzip.compress(b"\x07\x09", mtime=0))


def npy(descr, shape, payload, fortran=False, version=(1, 0), header=None):
    if header is None:
        dims = ", ".join(str(d) for d in shape) + ("," if len(shape) == 1 else "")
        header = f"{{'descr': '{descr}', 'fortran_order': {fortran}, 'shape': ({dims}), }}"
    length_width = 2 if version[0] == 1 else 4
    pad = (64 - (10 + length_width - 2 + len(header) + 1) % 64) % 64
    text = (header + " " * pad + "\n").encode()
    length = struct.pack("<H", len(text)) if length_width == 2 else struct.pack("<I", len(text))
    return b"\x93NUMPY" + bytes(version) + length + text + payload


# NPY: valid files of every dtype, rank and version, then broken ones.
write("npy", "u1_2d.npy", npy("|u1", [2, 3], bytes(range(6))))
write("npy", "u1_1d.npy", npy("|u1", [4], bytes([0, 7, 128, 255])))
write("npy", "u1_3d_v2.npy", npy("|u1", [2, 2, 2], bytes(range(8)), version=(2, 0)))
write("npy", "u1_4d_v3.npy", npy("|u1", [1, 3, 1, 2], bytes(range(6)), version=(3, 0)))
write("npy", "f4.npy", npy("<f4", [2, 2], struct.pack("<4f", 0.0, 1.5, -2.0, 255.0)))
write("npy", "f8.npy", npy("<f8", [1, 3], struct.pack("<3d", 0.25, 1e300, -1e-300)))
write("npy", "f8_big.npy", npy(">f8", [1, 2], struct.pack(">2d", 1.0, 2.0)))
write("npy", "nan.npy", npy("<f8", [2, 1], struct.pack("<2d", 1.0, float("nan"))))
write("npy", "inf.npy", npy("<f4", [1, 1], struct.pack("<f", float("-inf"))))
write("npy", "fortran.npy", npy("<f8", [2, 2], struct.pack("<4d", 1, 2, 3, 4), fortran=True))
write("npy", "int64.npy", npy("<i8", [1, 1], struct.pack("<q", 1)))
write("npy", "truncated.npy", npy("|u1", [3, 3], bytes(range(5))))
write("npy", "trailing.npy", npy("|u1", [1, 2], bytes(range(4))))
write("npy", "scalar.npy", npy("<f8", [], struct.pack("<d", 1.0)))
write("npy", "zero_records.npy", npy("|u1", [0, 3], b""))
write("npy", "bad_dict.npy", npy("|u1", [1], b"\x00", header="{'descr': '|u1', 'fortran_order': False, 'shape': (1,)"))
write("npy", "missing_key.npy", npy("|u1", [1], b"\x00", header="{'descr': '|u1', 'shape': (1,), }"))
write("npy", "duplicate_key.npy",
      npy("|u1", [1], b"\x00", header="{'descr': '|u1', 'descr': '|u1', 'fortran_order': False, 'shape': (1,), }"))
write("npy", "huge_shape.npy", npy("|u1", [99999999999999999999, 4], b"\x00"))
write("npy", "bad_version.npy", b"\x93NUMPY\x04\x00" + b"\x00" * 8)
write("npy", "header_too_long.npy", b"\x93NUMPY\x01\x00\xff\xff{}")
write("npy", "bad_magic.npy", b"\x93NUMPX\x01\x00\x00\x00")

# Index lists: valid lists in every separator style, then broken ones.
write("index_list", "plain.txt", "0\n1\n2\n10\n")
write("index_list", "commas.txt", "3, 1, 4,15,9 # a comment\n# a full-line comment\n26\t53\n")
write("index_list", "crlf.txt", "7\r\n8\r\n9\r\n")
write("index_list", "big.txt", "18446744073709551615\n0\n")
write("index_list", "empty.txt", "")
write("index_list", "only_comments.txt", "# nothing here\n  \n,,,\n")
write("index_list", "negative.txt", "1\n-2\n")
write("index_list", "overflow.txt", "18446744073709551616\n")
write("index_list", "repeat.txt", "1 2 3\n2\n")
write("index_list", "junk.txt", "1 2x 3\n")
write("index_list", "float.txt", "1.5\n")
