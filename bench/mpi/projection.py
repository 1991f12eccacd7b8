#!/usr/bin/env python3
"""Projected wall time and memory of `reconbound bound` on a cluster, in the MPI design of
commit a4a8b0f (docs/distributed.md), from single-core measurements (bench/mpi/README.md).

The model, one rank per node with 32 threads (P ranks, T threads):
  * every rank starts, opens the data set (an .npy file is mapped, nothing read; a gzipped IDX
    file is inflated whole and kept as bytes, and the node reads all of it over its link), decodes
    and represents D_perp, computes tr Sigma and the rotation from it, and rotates the pilot's
    prefix of D_perp: this part does not shrink with more ranks;
  * D_est by rows: a rank decodes (one thread; from an .npy file its node reads only those
    records), represents and rotates n_est/P records (its T threads share the last two);
  * the pilot: per size (n_p/4, n_p/2, n_p with n_p = min(n_perp, n_est/2)) and block size, at
    most 8 blocks, block b on rank b mod P: at most 8 ranks work on it;
  * one all-to-all moves the rotated records to column windows of whole chunks of lcm(k over the
    certified pairs) columns: each rank sends n_est/P x m_pad doubles, (P-1)/P of them over its link;
  * the certified estimate: C = m_pad/lcm(k) chunks, each block's queries in Q query parts (Q = 1
    when P divides C, else P/gcd(C, P), at most the tiles of 32 rows), the C·Q units dealt in equal
    runs (docs/distributed.md, from commit 4d58f84 on; before it ranks beyond C waited). A rank's
    time is its units' work over T threads, but never less than its largest work item (a tile of
    32 rows of a block; at k <= 2 a block's rows in one part);
  * gathers: the UCB's per-record terms (8 bytes a record), the pilot's and the estimate's
    per-block results (16 + 136 bytes a pair and call, 48 a block, and 24 a tile of 32 rows for a
    block in query parts), a digest; log2(P) latencies each;
  * memory per rank: an inflated gzip file's bytes (an .npy file is mapped: only a window),
    Psi(D_perp), its rotated share (Psi of it is not kept), the exchange (share x m_pad sent, and
    its window received: n_est records x the columns of its units' chunks), the pilot's rotated
    prefix, 16 MiB per thread and 80 MB of program.
Usage: bench/mpi/projection.py        (Markdown on stdout)
"""
import math

# --- Measured inputs (1 core) -------------------------------------------------------------------
# bench/mpi/measure_costs.sh /tmp/mpibench/costs2 (results/measure_costs.md) and bench/mpi/speedup.sh
# (results/speedup.md), 2026-12-01, on a shared 2-core machine (AMD EPYC VM, 2 vCPUs, 24 GB; each
# run waited for 10 idle seconds; other processes then used <= 0.05 cores), one rank, --threads 1,
# build/release/bin/reconbound built at 23:18 from the tree of a03bb63. [run name] as in measure_costs.sh.
# Opening the data (load = wall - sum of timings_s), measured again on 2026-12-02 with the binary of
# a4a8b0f (results/measure_costs-open.md): records stay encoded, and only those used are decoded.
START_S = 0.34                      # [open_npy] 100 + 100 records of a mapped .npy: start, plugins, mapping
INFLATE_S_PER_BYTE = 8.4e-9         # [open_fashion] - [open_npy]: inflating 70,000 x 784 bytes of .idx.gz
DECODE_S_PER_VALUE = 2.4e-9          # ([rgb64_default] - [open_npy]) / ((2,000 + 4,000) x 12,288): decoding, split
REPRESENT_S_PER_VALUE = 2.4e-8        # [select_paper] pixel: represent 1.32 s / (70,000 x 784)
TRACE_S_PER_VALUE = 1.4e-8            # [select_paper] trace_sigma 0.78 s / (70,000 x 784)
EIGEN_FIT_S_784 = 1.0                 # [default_5k, default_10k, speedup np1, select_paper]: rotation
EIGEN_APPLY_S_PER_ROW_784 = 9.0e-5    #   = 1.0 s + 9.0e-5 s x n_est (fit on 10,000 records, m = 784)
HADAMARD_S_PER_VALUE = 4.5e-8         # [rgb64_pair16, rgb64_default, pair16_m784] signs rotation / (n_est x m): 3.8-5.0e-8 at m = 784 and 12,288
# The whole grid and the pilot: seconds per block per n^2 (n rows) per Monte Carlo draw, all six
# nu2 levels of a block size: [grid_2k_k*] entropy / (m_pad/k x n_mc x 2,000^2).
GRID_BLOCK_S = {1: 8.2e-10, 2: 3.3e-9, 4: 3.7e-9, 7: 4.6e-9, 8: 6.2e-9, 14: 7.6e-9, 16: 7.2e-9, 28: 8.7e-9}
# A certified pair of the grid selection: seconds per n_est^2 x m per pair and draw. Mean of 8 runs,
# 6.4-8.5e-11: [speedup np1] x 2 (k = 28, m = 784), [rgb64_default] (k = 12, 24; m = 12,288),
# [rgb64_pair16], [pair16_m784], [pair16_m256], [default_5k], [default_10k] (k = 16, 28).
PAIR_S_PER_N2M = 7.4e-11
LPIPS_S_PER_IMAGE = 2 / 200           # NOT measured: the lpips plugin's goal, 200 images/s on 2 cores

# --- Cluster and workloads ----------------------------------------------------------------------
NODES = (16, 64, 256)
THREADS = 32                                                            # one rank per node
LINKS = {"10 Gb/s": (10e9 / 8, 25e-6), "100 Gb/s": (100e9 / 8, 2e-6)}  # bytes/s, latency
NODE_MEMORY = 128e9
N_PERP, NU2_LEVELS, PILOT_BLOCKS, TILE_ROWS = 10_000, 6, 8, 32

# name, n_est, records in the file, input values a record, m (= m_pad: 784 = 28^2, 12,288 =
# 12 x 2^10 and 32,768 = 2^15 are Hadamard orders), file format, representation, certified pairs
# (k, n_mc) or "grid". Records used: N_PERP + n_est. The certified pairs are those the pilot chose
# for --gamma 1,8: at m = 784 [select_paper], at m = 12,288 [rgb64_default]; at 32,768 (no divisor
# 12 or 24) assumed (16, 32).
WORKLOADS = [
    ("Fashion-MNIST pixel, paper size, selected pairs", 60_000, 70_000, 784, 784, "idx.gz", "pixel", [(28, 1)] * 2),
    ("CelebA-size pixels 3x64x64", 40_000, 50_000, 12_288, 12_288, "npy", "pixel", [(12, 1), (24, 1)]),
    ("CelebA full", 200_000, 210_000, 12_288, 12_288, "npy", "pixel", [(12, 1), (24, 1)]),
    ("LPIPS features at paper size", 60_000, 70_000, 784, 32_768, "idx.gz", "lpips", [(16, 1), (32, 1)]),
    ("ImageNet 64x64", 1_280_000, 1_290_000, 12_288, 12_288, "npy", "pixel", [(12, 1), (24, 1)]),
    ("whole grid (--grid-select none)", 60_000, 70_000, 784, 784, "idx.gz", "pixel", "grid"),
]
GRID_N_MC = {1: 1, 2: 1, 4: 1, 7: 1, 8: 1, 14: 2, 16: 3, 28: 7}  # [grid_4k]: |G| = 48 pairs


def block_sizes(m):  # the default grid: divisors of m up to 32
    return [k for k in range(1, 33) if m % k == 0]


def grid_block_s(k):  # measured sizes; others linear in k between (or beyond) the nearest two
    if k in GRID_BLOCK_S:
        return GRID_BLOCK_S[k]
    ks = sorted(GRID_BLOCK_S)
    lo = max([x for x in ks if x < k], default=ks[0])
    hi = min([x for x in ks if x > k], default=ks[-1])
    lo, hi = (ks[-2], ks[-1]) if lo == hi else (lo, hi)
    return GRID_BLOCK_S[lo] + (GRID_BLOCK_S[hi] - GRID_BLOCK_S[lo]) * (k - lo) / (hi - lo)


def busiest(blocks, seconds, rows, k, threads):  # a rank's blocks over its threads
    return max(blocks * seconds / threads, seconds if k <= 2 else seconds * TILE_ROWS / rows)


def gather_s(bytes_in_all, ranks, bandwidth, latency):  # barrier, sizes, data
    return 0.0 if ranks == 1 else 3 * math.ceil(math.log2(ranks)) * latency + bytes_in_all * (ranks - 1) / ranks / bandwidth


def project(w, ranks, link):
    name, n_est, n_file, d_in, m, fmt, rep, pairs = w
    n_p, share = min(N_PERP, n_est // 2), math.ceil(n_est / ranks)
    bandwidth, latency = LINKS[link]
    t = {}
    # Every rank: load all records, Psi(D_perp), tr Sigma, the rotation, the pilot's rotated prefix.
    represent = (lambda rows: LPIPS_S_PER_IMAGE * rows) if rep == "lpips" else (lambda rows: REPRESENT_S_PER_VALUE * rows * m)
    eigen = N_PERP >= m and m <= 16_384                                 # else random signs + Hadamard
    rotate = (lambda rows: EIGEN_APPLY_S_PER_ROW_784 * rows * (m / 784) ** 2) if eigen else \
             (lambda rows: HADAMARD_S_PER_VALUE * rows * m)
    gzipped = fmt == "idx.gz"
    t["read"] = (n_file if gzipped else N_PERP + share) * d_in / bandwidth  # uint8 values over the link
    t["every rank"] = (START_S + (INFLATE_S_PER_BYTE * n_file * d_in if gzipped else 0) + DECODE_S_PER_VALUE * N_PERP * d_in
                       + (EIGEN_FIT_S_784 * (m / 784) ** 3 if eigen else 0)
                       + (represent(N_PERP) + TRACE_S_PER_VALUE * N_PERP * m + rotate(n_p)) / THREADS)
    t["share"] = DECODE_S_PER_VALUE * share * d_in + (represent(share) + TRACE_S_PER_VALUE * share * m + rotate(share)) / THREADS
    t["comm"] = gather_s(8 * n_est, ranks, bandwidth, latency)         # the UCB's terms
    # The pilot (not with --grid-select none).
    t["pilot"] = 0.0
    if pairs != "grid":
        for n in (n_p // 4, n_p // 2, n_p):
            for k in block_sizes(m):
                blocks = math.ceil(m // k / math.ceil(m // k / PILOT_BLOCKS))
                t["pilot"] += busiest(math.ceil(blocks / ranks), grid_block_s(k) * n * n, n, k, THREADS)
                t["comm"] += gather_s(NU2_LEVELS * (ranks * 152 + 24 * blocks), ranks, bandwidth, latency)
    # The all-to-all, then the certified blocks of each rank's column window.
    t["comm"] += 0.0 if ranks == 1 else share * m * 8 * (ranks - 1) / ranks / bandwidth + ranks * latency
    if pairs == "grid":
        items = [(k, GRID_N_MC[k] * grid_block_s(k) * n_est ** 2) for k in block_sizes(m)]
    else:
        items = [(k, n_mc * PAIR_S_PER_N2M * k * n_est ** 2) for k, n_mc in pairs]
    step = math.lcm(*(k for k, _ in items))
    chunks, tiles = m // step, math.ceil(n_est / TILE_ROWS)
    parts = 1 if chunks % ranks == 0 else min(ranks // math.gcd(chunks, ranks), tiles)
    units = math.ceil(chunks * parts / ranks)  # the busiest rank's
    work = units / parts * sum(step // k * s for k, s in items)
    largest = max(s / parts if k <= 2 else s * TILE_ROWS / n_est for k, s in items)
    t["certified"] = max(work / THREADS, largest)
    split = min(chunks, ranks) if parts > 1 else 0  # chunks whose blocks come in parts
    t["comm"] += gather_s(3 * len(items) * ranks * 152 + 48 * sum(m // k for k, _ in items)
                          + 24 * tiles * split * sum(step // k for k, _ in items), ranks, bandwidth, latency)
    window = min(m, (math.ceil(units / parts) + (1 if parts > 1 else 0)) * step)  # columns the busiest rank holds
    memory = ((n_file * d_in if gzipped else 0) + 8 * (N_PERP * m + share * m + n_p * m
                                                       + (share * m + n_est * window if ranks > 1 else 0))
              + THREADS * 2 ** 24 + 80e6)
    return t, sum(t.values()), memory, (chunks, parts)


def fmt_s(seconds):
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min" if seconds < 7200 else f"{seconds / 3600:.1f} h"


def main():
    columns = [(n, link) for n in NODES for link in LINKS]
    print(f"Wall time, one rank of {THREADS} threads per node; n_perp = {N_PERP:,}.\n")
    print("| workload | n_est | m | chunks of lcm(k) × query parts at 256 nodes | 1 node | "
          + " | ".join(f"{n} nodes, {link}" for n, link in columns) + " | memory per rank, 1 / 16 / 256 nodes |")
    print("|" + "---|" * (len(columns) + 6))
    notes = []
    for w in WORKLOADS:
        runs = {c: project(w, *c) for c in columns}
        _, one, mem1, _ = project(w, 1, "10 Gb/s")
        chunks, parts = runs[(256, "10 Gb/s")][3]
        mems = [mem1, runs[(16, "10 Gb/s")][2], runs[(256, "10 Gb/s")][2]]
        print(f"| {w[0]} | {w[1]:,} | {w[4]:,} | {chunks:,} × {parts} | {fmt_s(one)} | "
              + " | ".join(fmt_s(runs[c][1]) for c in columns)
              + " | " + " / ".join(f"{x / 1e9:.1f} GB" for x in mems) + " |")
        said = []
        if min(mems) > NODE_MEMORY:
            said.append(f"does not fit a {NODE_MEMORY / 1e9:.0f} GB node at any size")
        wide = [n for n in NODES if n > chunks]
        if wide:
            said.append(f"from {wide[0]} nodes the ranks outnumber the {chunks} chunks of lcm(k) columns and share "
                        f"each block's queries: every rank then holds all n_est records of a whole chunk")
        for n, link in columns:
            t, total, _, _ = runs[(n, link)]
            if t["every rank"] + t["read"] + t["pilot"] > total / 2:
                said.append(f"from {n} nodes ({link}) the part that does not shrink with ranks "
                            f"(load, D_perp, pilot: {fmt_s(t['every rank'] + t['read'] + t['pilot'])}) is more than half")
                break
        notes.append(f"- {w[0]}: " + ("; ".join(said) or "the model holds at all sizes shown"))
    print("\nWhere the model stops holding:\n" + "\n".join(notes))
    print("\nBreakdown at 64 nodes, 10 Gb/s (seconds):\n")
    keys = ["read", "every rank", "share", "pilot", "certified", "comm"]
    print("| workload | " + " | ".join(keys) + " |\n|" + "---|" * (len(keys) + 1))
    for w in WORKLOADS:
        t = project(w, 64, "10 Gb/s")[0]
        print(f"| {w[0]} | " + " | ".join(f"{t[k]:.3g}" for k in keys) + " |")


if __name__ == "__main__":
    main()
