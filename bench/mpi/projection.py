#!/usr/bin/env python3
"""Projected wall time and memory of `reconbound bound` on a cluster, in today's MPI design.

The model (bench/mpi/README.md):
  * every rank loads, represents and rotates ALL records (the frame): this serial part does not
    shrink with more ranks; threads of a rank share the represent, trace and rotation stages,
    the load and an eigendecomposition run on one thread;
  * the estimator's blocks split over ranks (block b on rank b mod P), the threads of a rank split
    a block's tiles of 32 rows (whole blocks at k <= 2): a rank's time is its blocks' work over its
    threads, but never less than its largest work item. The pilot runs at most 8 blocks per block
    size and call, so at most 8 ranks work on it; the certified estimate has m_pad/k blocks per
    certified block size k, so ranks beyond that wait;
  * communication: per estimator call one all-gather of the per-block results (16 + 136 bytes a
    pair and rank + 24 bytes a block), a barrier and an all-gather of the sizes; nothing else.
    Separately, each node reads the whole data set over its link (a network file system that
    serves every node at link speed: optimistic for many nodes);
  * memory per rank: the loaded data set, the split, the features, rotated D_est and the pilot's
    rotated D_perp, all doubles, plus 16 MB per thread and about 80 MB of program.
Layout: one rank per node with 32 threads (the layout today's design favours: one frame per node).

Usage: bench/mpi/projection.py            (Markdown on stdout)
"""
import math

# --- Measured inputs ------------------------------------------------------------------------
# bench/mpi/measure_costs.sh /tmp/mpibench/costs, 2025-12-01, on the shared 2-core machine
# (AMD EPYC, 2 vCPUs, 24 GB; another agent's builds and tests ran at times), one rank, --threads 1,
# build/release/bin/reconbound of commit e7e07bf. [run name] as in that script.
LOAD_S_PER_BYTE = 0.0                  # [select_paper] (wall - sum of timings_s) / (70,000 x 784 B of gzipped IDX)
REPRESENT_S_PER_VALUE = 0.0            # [select_paper] pixel: represent / ((10,000 + 50,000) x 784)
TRACE_S_PER_VALUE = 0.0                # [select_paper] trace_sigma / ((10,000 + 50,000) x 784)
EIGEN_ROTATION_S_784 = 0.0             # [select_paper] rotation at m = 784: eigenbasis from 10,000, applied to 50,000
HADAMARD_S_PER_VALUE = 0.0             # [pair16_m784] signs rotation / (n_est x m_pad x log2 m_pad)
# Seconds per block per n^2 (n rows) per Monte Carlo draw, all six nu2 levels of a block size
# (the pilot and --grid-select none): [grid_2k_k*] entropy / (m_pad/k x n_mc x 2000^2).
GRID_BLOCK_S = {1: 0.0, 2: 0.0, 4: 0.0, 7: 0.0, 8: 0.0, 14: 0.0, 16: 0.0, 28: 0.0}
# The same for the one or two nu2 levels a selection certifies at one block size:
SELECTED_BLOCK_S = {16: 0.0,           # [pair16_m784] one level
                    28: 0.0}           # [speedup np1, n_est 20,000] two levels
# NOT measured here: the lpips plugin's goal of 200 images/s on 2 cores (bench/lpips_benchmark.cpp)
LPIPS_S_PER_IMAGE = 2 / 200

# --- Cluster ----------------------------------------------------------------------------------
NODES = (16, 64, 256)
THREADS = 32                                   # cores per node, one rank per node
LINKS = {"10 Gb/s": (10e9 / 8, 25e-6), "100 Gb/s": (100e9 / 8, 2e-6)}  # bytes/s, latency per message step
NODE_MEMORY = 128e9
N_PERP = 10_000                                # the default split: 10,000 records in D_perp, the rest D_est
NU2_LEVELS, PILOT_BLOCKS, TILE_ROWS = 6, 8, 32

# name, records in the file, records used, input values per record, m (= m_pad: 784 = 28^2,
# 12,288 = 12 x 2^10 and 32,768 = 2^15 are Hadamard orders), representation,
# certified groups (k, nu2 levels, n_mc) or "grid" (all block sizes, six levels each)
WORKLOADS = [
    ("Fashion-MNIST pixel, paper size, selected pairs", 70_000, 60_000, 784, 784, "pixel", [(28, 2, 1)]),
    ("CelebA-size pixels 3x64x64", 40_000, 40_000, 12_288, 12_288, "pixel", [(16, 1, 1)]),
    ("CelebA full", 200_000, 200_000, 12_288, 12_288, "pixel", [(16, 1, 1)]),
    ("LPIPS features at paper size", 70_000, 60_000, 784, 32_768, "lpips", [(16, 1, 1)]),
    ("ImageNet 64x64", 1_280_000, 1_280_000, 12_288, 12_288, "pixel", [(16, 1, 1)]),
    ("whole grid (--grid-select none)", 70_000, 60_000, 784, 784, "pixel", "grid"),
]
GRID_N_MC = {1: 1, 2: 1, 4: 1, 7: 1, 8: 1, 14: 2, 16: 3, 28: 8}  # [grid_2k]: |G| = 48 pairs


def block_sizes(m):  # the default grid: divisors of m up to 32
    return [k for k in range(1, 33) if m % k == 0]


def block_cost(table, k):  # per block per n^2; linear in k between (and beyond) measured sizes
    if k in table:
        return table[k]
    ks = sorted(table)
    lo = max([x for x in ks if x < k], default=ks[0])
    hi = min([x for x in ks if x > k], default=ks[-1])
    if lo == hi:
        lo, hi = ks[-2], ks[-1]
    return table[lo] + (table[hi] - table[lo]) * (k - lo) / (hi - lo)


def rank_time(items, ranks, threads):
    """items: (k, blocks, seconds a block) of one estimator call; the busiest rank's time."""
    work = largest = 0.0
    for k, blocks, seconds, rows in items:
        work += math.ceil(blocks / ranks) * seconds
        largest = max(largest, seconds if k <= 2 else seconds * TILE_ROWS / rows)
    return max(work / threads, largest)


def gather_time(pairs, blocks, ranks, bandwidth, latency):
    steps = 3 * math.ceil(math.log2(ranks)) if ranks > 1 else 0  # barrier, sizes, results
    data = ranks * (16 + 136 * pairs) + 24 * blocks
    return steps * latency + data * (ranks - 1) / ranks / bandwidth


def project(w, ranks, link):
    name, n_file, n_used, d_in, m, rep, groups = w
    n_est, n_pilot = n_used - N_PERP, min(N_PERP, (n_used - N_PERP) // 2)
    bandwidth, latency = LINKS[link]
    eigen = N_PERP >= m and m <= 16_384
    # The frame, on every rank.
    load = LOAD_S_PER_BYTE * n_file * d_in
    read = n_file * d_in / bandwidth                       # uint8 values over the node's link
    represent = (LPIPS_S_PER_IMAGE * n_used if rep == "lpips" else REPRESENT_S_PER_VALUE * n_used * m)
    rotate = (HADAMARD_S_PER_VALUE * (n_est + n_pilot) * m * math.log2(m))
    single = load + (EIGEN_ROTATION_S_784 * (m / 784) ** 3 if eigen else 0.0)
    frame = single + (represent + TRACE_S_PER_VALUE * n_used * m + (0.0 if eigen else rotate)) / THREADS
    # The pilot: three sizes, per block size <= 8 evenly spread blocks, all six levels, one draw.
    pilot = comm = 0.0
    for n in (n_pilot // 4, n_pilot // 2, n_pilot):
        for k in block_sizes(m):
            blocks = math.ceil(m // k / math.ceil(m // k / PILOT_BLOCKS))
            pilot += rank_time([(k, blocks, block_cost(GRID_BLOCK_S, k) * n * n, n)], ranks, THREADS)
            comm += gather_time(NU2_LEVELS, blocks * NU2_LEVELS, ranks, bandwidth, latency)
    # The certified estimate: one call over all certified block sizes.
    if groups == "grid":
        groups = [(k, NU2_LEVELS, GRID_N_MC[k]) for k in block_sizes(m)]
    table = lambda levels: GRID_BLOCK_S if levels == NU2_LEVELS else SELECTED_BLOCK_S
    items = [(k, m // k, block_cost(table(levels), k) * n_mc * n_est ** 2, n_est) for k, levels, n_mc in groups]
    certified = rank_time(items, ranks, THREADS)
    comm += gather_time(sum(l for _, l, _ in groups), sum(l * m // k for k, l, _ in groups), ranks, bandwidth, latency)
    memory = 8 * (n_file * d_in + n_used * d_in + n_used * m + (n_est + n_pilot) * m) + THREADS * 16e6 + 80e6
    return {"frame": frame + read, "pilot": pilot, "certified": certified, "comm": comm,
            "total": frame + read + pilot + certified + comm, "memory": memory,
            "blocks": sum(m // k for k, _, _ in groups), "n_est": n_est, "read": read}


def fmt(seconds):
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.0f} min" if seconds < 7200 else f"{seconds / 3600:.1f} h"


def main():
    columns = [(n, link) for n in NODES for link in LINKS]
    print("| workload | n_est | m | certified blocks | 1 node | "
          + " | ".join(f"{n} nodes, {link}" for n, link in columns)
          + " | frame (serial) | memory per rank | where the model stops holding |")
    print("|" + "---|" * (len(columns) + 8))
    for w in WORKLOADS:
        one = project(w, 1, "10 Gb/s")
        runs = {c: project(w, c[0], c[1]) for c in columns}
        notes = []
        if one["memory"] > NODE_MEMORY:
            notes.append(f"does not fit a {NODE_MEMORY / 1e9:.0f} GB node")
        idle = [n for n in NODES if n > one["blocks"]]
        if idle:
            notes.append(f"ranks > {one['blocks']} certified blocks from {idle[0]} nodes")
        serial = [n for n, link in columns if link == "10 Gb/s" and runs[(n, link)]["frame"] > runs[(n, link)]["total"] / 2]
        if serial:
            notes.append(f"frame > half the time from {serial[0]} nodes")
        print(f"| {w[0]} | {one['n_est']:,} | {w[4]:,} | {one['blocks']:,} | {fmt(one['total'])} | "
              + " | ".join(fmt(runs[c]["total"]) for c in columns)
              + f" | {fmt(one['frame'])} | {one['memory'] / 1e9:.1f} GB | {'; '.join(notes) or '-'} |")


if __name__ == "__main__":
    main()
