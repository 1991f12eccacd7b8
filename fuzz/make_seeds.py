#!/usr/bin/python3
"""Writes the seed corpora of the PNG-folder, select-mask, LPIPS-model, estimate wire-format,
checkpoint and label fuzz targets.

Standard library only: PNG (PNG spec §5, §11.2), NumPy .npy 1.0 and the few ONNX protobuf
messages (onnx.proto: ModelProto, GraphProto, NodeProto, AttributeProto, ValueInfoProto) are
written by hand, as are the estimate's wire format and the checkpoint file. The committed LPIPS test models under tests/representations/models/ are added
as further LPIPS seeds. Run from anywhere: /usr/bin/python3 fuzz/make_seeds.py
"""
import gzip
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
CORPUS = os.path.join(HERE, "corpus")
SEPARATOR = b"--next-file--"  # png_folder_fuzzer.cpp


def png(width, height, colour_type=0, bit_depth=8, value=lambda x, y, c: (x * 7 + y * 3 + c) % 256, palette=None):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[colour_type]
    width_bytes = bit_depth // 8 if bit_depth >= 8 else 1
    rows = b""
    for y in range(height):
        row = bytearray([0])  # filter type 0 (None)
        for x in range(width):
            for c in range(channels):
                row += value(x, y, c).to_bytes(width_bytes, "big")
        rows += bytes(row)

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))

    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, colour_type, 0, 0, 0)
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
    if palette is not None:
        out += chunk(b"PLTE", palette)
    return out + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b"")


def npy(shape, values, descr="<f8"):
    fmt = {"<f8": "<d", "|u1": "<B", "<i4": "<i", "<f4": "<f", "<i8": "<q", ">u2": ">H"}[descr]
    dims = "".join(f"{d}, " for d in shape)
    header = f"{{'descr': '{descr}', 'fortran_order': False, 'shape': ({dims}), }}"
    header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
    body = b"".join(struct.pack(fmt, v) for v in values)
    return b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + body


# --- ONNX protobuf (proto2 wire format) ---
def varint(n):
    out = bytearray()
    while True:
        byte = n & 0x7F
        n >>= 7
        out.append(byte | (0x80 if n else 0))
        if not n:
            return bytes(out)


def field(number, value):
    if isinstance(value, int):
        return varint(number << 3) + varint(value)
    if isinstance(value, str):
        value = value.encode()
    return varint(number << 3 | 2) + varint(len(value)) + value


def attribute_ints(name, ints):
    return field(1, name) + b"".join(field(8, i) for i in ints) + field(20, 7)  # type INTS


def node(op, inputs, output, attributes=b""):
    return b"".join(field(1, i) for i in inputs) + field(2, output) + field(3, output) + field(4, op) + attributes


def value_info(name, dims):
    shape = b"".join(field(1, field(1, d)) for d in dims)
    return field(1, name) + field(2, field(1, field(1, 1) + field(2, shape)))  # elem_type FLOAT


def pool(kernel, stride, pads):
    return (field(5, attribute_ints("kernel_shape", [kernel, kernel])) +
            field(5, attribute_ints("strides", [stride, stride])) + field(5, attribute_ints("pads", [pads] * 4)))


def weightless_lpips_onnx(spatial=(15, 7, 3, 3, 3)):
    """AlexNet's stage geometry with max pools in place of convolutions: 3 channels per stage."""
    nodes = [node("MaxPool", ["input"], "pool1", pool(11, 4, 2)), node("Relu", ["pool1"], "relu1"),
             node("MaxPool", ["relu1"], "pool2", pool(3, 2, 0)), node("Relu", ["pool2"], "relu2"),
             node("MaxPool", ["relu2"], "pool3", pool(3, 2, 0)), node("Relu", ["pool3"], "relu3"),
             node("Relu", ["relu3"], "relu4"), node("Relu", ["relu4"], "relu5")]
    graph = b"".join(field(1, n) for n in nodes) + field(2, "lpips_seed")
    graph += field(11, value_info("input", [1, 3, 64, 64]))
    graph += b"".join(field(12, value_info(f"relu{i + 1}", [1, 3, s, s])) for i, s in enumerate(spatial))
    opset = field(1, "") + field(2, 13)
    return field(1, 7) + field(2, "reconbound-fuzz-seed") + field(7, graph) + field(8, opset)


def write(folder, name, data):
    os.makedirs(os.path.join(CORPUS, folder), exist_ok=True)
    with open(os.path.join(CORPUS, folder, name), "wb") as f:
        f.write(data)


def png_folder_seeds():
    grey = png(4, 3)
    write("png_folder", "one_grey.bin", grey)
    write("png_folder", "two_grey.bin", grey + SEPARATOR + png(4, 3, value=lambda x, y, c: 255 - x))
    write("png_folder", "mixed_sizes.bin", grey + SEPARATOR + png(3, 4))
    write("png_folder", "rgb_and_grey.bin", png(2, 2, 2) + SEPARATOR + png(2, 2))
    write("png_folder", "grey_alpha.bin", png(3, 2, 4))
    write("png_folder", "rgba.bin", png(2, 3, 6) + SEPARATOR + png(2, 3, 6))
    write("png_folder", "palette.bin", png(2, 2, 3, value=lambda x, y, c: (x + y) % 2, palette=b"\x00\x00\x00\xff\x80\x00"))
    write("png_folder", "sixteen_bit.bin", png(2, 2, 0, 16, value=lambda x, y, c: 1000 * x + y))
    write("png_folder", "not_an_image.bin", grey + SEPARATOR + b"plain text, not a PNG\n")
    write("png_folder", "truncated.bin", grey[: len(grey) // 2])
    write("png_folder", "empty.bin", b"")


def select_mask_seeds():
    # First byte: even → mask.png, odd → mask.npy (select_mask_fuzzer.cpp).
    write("select_mask", "png_ok.bin", b"\x00" + png(4, 3, value=lambda x, y, c: (x + y) % 2))
    write("select_mask", "png_255.bin", b"\x00" + png(2, 2, value=lambda x, y, c: 255 * (x % 2)))
    write("select_mask", "png_zero.bin", b"\x00" + png(2, 2, value=lambda x, y, c: 0))
    write("select_mask", "png_rgb.bin", b"\x00" + png(2, 2, 2, value=lambda x, y, c: 1))
    write("select_mask", "npy_2d.bin", b"\x01" + npy((3, 2), [1, 0, 0, 1, 1, 1]))
    write("select_mask", "npy_3d.bin", b"\x01" + npy((2, 2, 2), [1, 0, 0, 0, 0, 0, 0, 1]))
    write("select_mask", "npy_u8.bin", b"\x01" + npy((2, 3), [0, 1, 1, 0, 0, 1], "|u1"))
    write("select_mask", "npy_1d.bin", b"\x01" + npy((4,), [1, 0, 1, 0]))
    write("select_mask", "npy_half.bin", b"\x01" + npy((2, 2), [0.5, 1, 0, 1]))
    write("select_mask", "npy_4d.bin", b"\x01" + npy((1, 1, 2, 2), [1, 1, 1, 1]))


def lpips_model_seeds():
    # First two bytes: the number of linear-layer weights, little endian (lpips_model_fuzzer.cpp).
    write("lpips_model", "weightless_ok.bin", struct.pack("<H", 15) + weightless_lpips_onnx())
    write("lpips_model", "weightless_short.bin", struct.pack("<H", 14) + weightless_lpips_onnx())
    write("lpips_model", "weightless_spatial.bin", struct.pack("<H", 15) + weightless_lpips_onnx((15, 7, 3, 3, 2)))
    models = os.path.join(HERE, "..", "tests", "representations", "models")
    for name, count in (("lpips_bad_four_outputs", 24), ("lpips_bad_grey_input", 26), ("lpips_bad_spatial", 26)):
        with open(os.path.join(models, name + ".onnx"), "rb") as f:
            write("lpips_model", name + ".bin", struct.pack("<H", count) + f.read())
    write("lpips_model", "garbage.bin", b"\x05\x00not a protobuf")


def entropies(results):
    """encode_entropies (core/engine/src/ranks/entropy_wire.cpp): results as (k, nu2, complete, blocks),
    a block (index, h, error, part_begin, part_end, partial sums); a complete result computed on
    the CPU, a partial one on an OpenCL device."""
    out = struct.pack("<QQ", 0x72625F656E747233, len(results))
    for k, nu2, complete, blocks in results:
        nan = float("nan")
        h = 1.5 if complete else nan
        out += struct.pack("<QddQddd", k, nu2, 0.7, 64, h, 1e-9 if complete else nan, h - 0.1 if complete else nan)
        device = b"cpu" if complete else b"opencl:0 fuzz device (fuzz platform), double sums"
        out += struct.pack("<B", complete) + struct.pack("<Q", len(device)) + device + struct.pack("<Q", 3)
        for name, value, count in (("n_mc", 1.0, 1), ("t_mc", 0.03, 0), ("t_md", 0.09, 0)):
            out += struct.pack("<Q", len(name)) + name.encode() + struct.pack("<dB", value, count)
        out += struct.pack("<Q", len(blocks))
        for index, value, error, begin, end, partial in blocks:
            out += struct.pack("<QddQQQ", index, value, error, begin, end, len(partial))
            out += struct.pack(f"<{len(partial)}d", *partial)
    return out


def checkpoint(items):
    """A checkpoint file (core/engine/src/checkpoint/checkpoint.cpp) of fingerprint fuzz=1 with `items`
    (key, payload): each record "ITEM", key and payload sizes, key, payload, CRC-32."""
    out = b"reconbound checkpoint 1\nfuzz\t1\n\n"
    for key, payload in items:
        record = b"ITEM" + struct.pack("<IQ", len(key), len(payload)) + key + payload
        out += record + struct.pack("<I", zlib.crc32(record))
    return out


def estimate_seeds():
    whole = entropies([(4, 0.8, True, [(0, 1.4, 1e-9, 0, 0, []), (1, 1.6, 2e-9, 0, 0, [])])])
    parts = entropies([(8, 1.6, False, [(0, float("nan"), float("nan"), 1, 3, [1.0, 1.0, 1e-12] * 4)]),
                       (8, 0.2, False, [(0, float("nan"), float("nan"), 1, 3, [2.0, 2.0, 1e-12] * 4)])])
    write("entropy_wire", "whole_blocks.bin", whole)
    write("entropy_wire", "query_parts.bin", parts)
    write("entropy_wire", "empty_share.bin", entropies([]))
    write("entropy_wire", "truncated.bin", parts[: len(parts) - 5])
    write("entropy_wire", "old_magic.bin", struct.pack("<Q", 0x72625F656E747232) + whole[8:])
    write("checkpoint", "two_items.bin", checkpoint([(b"estimate 0123456789abcdef", whole), (b"estimate 1", parts)]))
    write("checkpoint", "torn_last.bin", checkpoint([(b"estimate 0", whole), (b"estimate 1", parts)])[:-3])
    write("checkpoint", "header_only.bin", checkpoint([]))
    write("checkpoint", "other_fingerprint.bin", checkpoint([]).replace(b"fuzz\t1", b"fuzz\t2"))
    write("checkpoint", "not_a_checkpoint.bin", b"plain text\n")


def label_seeds():
    """labels_fuzzer.cpp: a first byte 0 (IDX), 1 (.npy) or 2 (names), then the file."""
    idx = b"\x00\x00\x08\x01" + struct.pack(">I", 5) + bytes([0, 1, 2, 1, 9])
    write("labels", "idx_ok.bin", b"\x00" + idx)
    write("labels", "idx_gzip.bin", b"\x00" + gzip.compress(idx, mtime=0))
    write("labels", "idx_images.bin", b"\x00\x00\x00\x08\x03" + struct.pack(">III", 1, 2, 2) + bytes(4))
    write("labels", "idx_float.bin", b"\x00\x00\x00\x0d\x01" + struct.pack(">If", 1, 2.5))
    write("labels", "npy_i8.bin", b"\x01" + npy((4,), [0, 3, 1, 2], "<i8"))
    write("labels", "npy_u2_big.bin", b"\x01" + npy((3,), [7, 0, 65535], ">u2"))
    write("labels", "npy_negative.bin", b"\x01" + npy((2,), [0, -1], "<i8"))
    write("labels", "npy_float.bin", b"\x01" + npy((2,), [0.0, 1.0]))
    write("labels", "npy_2d.bin", b"\x01" + npy((2, 2), [0, 1, 2, 3], "<i4"))
    write("labels", "npy_short.bin", b"\x01" + npy((4,), [0, 1, 2, 3], "<i8")[:-3])
    write("labels", "names_ok.bin", b"\x02T-shirt/top\nTrouser\r\nBag\n")
    write("labels", "names_gap.bin", b"\x02a\n\nc\n")
    write("labels", "names_empty.bin", b"\x02")


if __name__ == "__main__":
    label_seeds()
    png_folder_seeds()
    select_mask_seeds()
    lpips_model_seeds()
    estimate_seeds()
