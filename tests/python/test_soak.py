"""Soak (issue 22, item 5): bound after bound in one interpreter, from every kind of input the module
takes (arrays read in place, an array copied, a .npy file), with every representation plugin, 1 to 4
threads and a progress callback, leaves the process holding what it held after the warm-up rounds:
no more open file descriptors, no more mapped regions, memory within limits far below what one
leaked round would add (docs/testing.md, "Soak"). The module loads its plugins once and keeps them."""

import ctypes
import gc
import gzip
import json
import mmap
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import numpy as np
import reconbound
from conftest import SOURCE_DIR, fashion_mnist_dir

WARM_UP_ROUNDS = 3
MEASURED_ROUNDS = 8
RECORDS = 200

# Measured over 8 rounds after 3 with one malloc arena (release, 2 cores, docs/testing.md):
# resident memory drifts by about 0.05 MiB, malloc's bytes in use by about 30 KiB. One round that
# leaked even its smallest buffer (one bound's D_est records in float64, 100 x 784 x 8 = 627 KB)
# would add 5 MB over the measured rounds: above the resident limit, and far above the heap limit.
RESIDENT_LIMIT = 2 << 20
HEAP_LIMIT = 256 << 10
SMALLEST_ROUND_BUFFER = RECORDS // 2 * 28 * 28 * 8
assert MEASURED_ROUNDS * SMALLEST_ROUND_BUFFER > 2 * RESIDENT_LIMIT
assert MEASURED_ROUNDS * SMALLEST_ROUND_BUFFER > 15 * HEAP_LIMIT

_LIBC = ctypes.CDLL(None)


class _Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in
                ("arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks", "fordblks",
                 "keepcost")]


_LIBC.mallinfo2.restype = _Mallinfo2


def footprint():
    """Resident bytes, malloc's bytes in use, open descriptors and mapped regions by (permissions, file)."""
    gc.collect()
    _LIBC.malloc_trim(0)
    descriptors = len(os.listdir("/proc/self/fd")) - 1  # less the listing's own
    regions = Counter()
    for line in Path("/proc/self/maps").read_text().splitlines():
        fields = line.split(maxsplit=5)
        regions[f"{fields[1]} {fields[5] if len(fields) > 5 else '(anonymous)'}"] += 1
    heap = _LIBC.mallinfo2()
    resident = int(Path("/proc/self/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    return {"resident": resident, "heap": heap.uordblks + heap.hblkhd, "descriptors": descriptors,
            "regions": dict(regions)}


def growth(earlier, later):
    """One line per way `later` grew beyond `earlier`; none when it did not."""
    problems = []
    if later["descriptors"] > earlier["descriptors"]:
        problems.append(f"open file descriptors grew from {earlier['descriptors']} to {later['descriptors']}")
    problems += [f"mapped regions {kind} grew from {earlier['regions'].get(kind, 0)} to {count}"
                 for kind, count in later["regions"].items() if count > earlier["regions"].get(kind, 0)]
    for name, limit in (("resident", RESIDENT_LIMIT), ("heap", HEAP_LIMIT)):
        if later[name] > earlier[name] + limit:
            problems.append(f"{name} memory grew by {(later[name] - earlier[name]) / 2**20:.2f} MiB, more than "
                            f"the {limit / 2**20:.2f} MiB allowed")
    return problems


def fashion_records(folder):
    """The first RECORDS Fashion-MNIST test images as uint8 (N, 1, 28, 28), and the .npy file in `folder` holding them."""
    with gzip.open(fashion_mnist_dir() / "t10k-images-idx3-ubyte.gz") as images:
        images.read(16)  # the IDX header: magic and three sizes
        records = np.frombuffer(images.read(RECORDS * 28 * 28), dtype=np.uint8).reshape(RECORDS, 1, 28, 28)
    path = Path(folder) / "records.npy"
    np.save(path, records)
    return records, path


def one_round(records, path):
    """Bounds from each kind of input, with each representation plugin; the sum of their rho* and an epsilon."""
    grid = {"grid_k": [4, 8], "grid_nu2": [0.4, 1.6]}
    half = RECORDS // 2
    split = {"perp_range": (0, half), "est_range": (half, RECORDS)}
    as_double = np.ascontiguousarray(records, dtype=np.float64)
    reports = []
    progress = lambda stage, done, total: reports.append(done)  # noqa: E731
    lpips = SOURCE_DIR / "tests" / "representations" / "models" / "lpips_test.onnx"
    results = [
        reconbound.bound(perp=as_double[:half], est=as_double[half:], gamma=2.0, threads=1, progress=progress,
                         **grid),
        reconbound.bound(data=records, representation="downsample:4", q=0.05, sigma=1.5, steps=200, threads=2,
                         **split, **grid),
        reconbound.bound(data=f"npy:{path}", representation="dct:8", mechanism="codebook",
                         mechanism_params={"bits": 2}, threads=4, **split, **grid),
        reconbound.bound(data=f"npy:{path}", representation="select:rect:7,7,14,14", gamma=2.0, threads=3,
                         progress=progress, **split, **grid),
        reconbound.bound(perp=records[:half // 2], est=records[half // 2:half], representation=f"lpips:{lpips}",
                         gamma=2.0, threads=2, **grid),
    ]
    assert reports
    epsilon = reconbound.epsilon(q=0.05, sigma=1.5, steps=200, delta=1e-5)
    return sum(r.rho_star for r in results) + epsilon.epsilon_upper


def soak(folder):
    """The rounds, in this interpreter; prints the footprints after the warm-up and after the last round (JSON)."""
    records, path = fashion_records(folder)
    first = one_round(records, path)
    for _ in range(WARM_UP_ROUNDS - 1):
        assert one_round(records, path) == first
    warm = footprint()
    for _ in range(MEASURED_ROUNDS):
        assert one_round(records, path) == first
    print(json.dumps([warm, footprint()]))


def test_rounds_leave_the_process_as_the_warm_up_left_it(tmp_path):
    # A fresh interpreter with one malloc arena: glibc makes a new arena (64 MiB of address space,
    # two mapped regions) whenever threads contend for the ones there are, up to 8 per core, at
    # any round; that growth is the allocator's, not a leak, and one arena has none of it.
    env = dict(os.environ, MALLOC_ARENA_MAX="1")
    code = f"import test_soak; test_soak.soak({str(tmp_path)!r})"
    done = subprocess.run([sys.executable, "-c", code], cwd=Path(__file__).parent, env=env, capture_output=True,
                          text=True)
    assert done.returncode == 0, done.stderr
    warm, end = json.loads(done.stdout.splitlines()[-1])
    for when, f in (("after the warm-up", warm), ("after the last round", end)):
        print(f"{when}: resident {f['resident'] / 2**20:.2f} MiB, heap in use {f['heap'] / 2**20:.2f} MiB, "
              f"{f['descriptors']} descriptors, {sum(f['regions'].values())} mapped regions")
    problems = growth(warm, end)
    assert not problems, "\n".join(problems)


def test_the_limits_catch_one_rounds_smallest_buffer_leaked_every_round():
    before = footprint()
    leaked = [np.full(SMALLEST_ROUND_BUFFER // 8, float(r)) for r in range(MEASURED_ROUNDS)]
    problems = growth(before, footprint())
    assert any("resident memory grew" in p for p in problems) and any("heap memory grew" in p for p in problems)
    assert len(leaked) == MEASURED_ROUNDS


def test_the_checks_catch_a_descriptor_and_a_mapping_left_open(tmp_path):
    before = footprint()
    with open(tmp_path / "kept", "w+b") as kept:
        kept.write(b"\0" * 4096)
        kept.flush()
        with mmap.mmap(kept.fileno(), 4096):
            problems = growth(before, footprint())
    assert any("open file descriptors grew" in p for p in problems), problems
    assert any(f"{tmp_path / 'kept'} grew from 0 to 1" in p for p in problems), problems
