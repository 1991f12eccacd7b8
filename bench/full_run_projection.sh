#!/usr/bin/env bash
# The full Fashion-MNIST entropy stage of issue 4 (n_est = 50,000, m = 784, default grid of
# eight block sizes × six ν²), measured block by block: bench/estimator_benchmark runs the
# fast path on one block of every block size k at the full size (the first N Fashion-MNIST
# images, N = 50,000 by default), and the stage is projected as Σ_k N_k·t_k — every one of
# the N_k = 784/k blocks of a block size does the same work (n·n_mc queries against n
# centres at every level). t_k is one thread's CPU time; work items are independent, so C
# cores divide the total by C.
#
# Usage: bench/full_run_projection.sh BUILD_DIR [N]   (needs the package dataset-fashion-mnist)
set -euo pipefail
build=${1:?usage: full_run_projection.sh BUILD_DIR [N]}
export RECONBOUND_BENCH_DATA=fashion-mnist
export RECONBOUND_BENCH_N=${2:-50000}
json=$(mktemp)
trap 'rm -f "$json"' EXIT
"$build/bench/estimator_benchmark" --benchmark_filter='BM_Fast' --benchmark_format=json \
  --benchmark_out="$json" --benchmark_out_format=json > /dev/null
python3 - "$json" <<'PY'
import json, sys
runs = [r for r in json.load(open(sys.argv[1]))["benchmarks"] if r.get("run_type") == "iteration"]
print(f"n = {int(runs[0]['n'])} Fashion-MNIST images, fast path, one block per k, all six nu2")
print(f"{'k':>3} {'N_k':>4} {'block cpu s':>11} {'all blocks cpu h':>16} {'t_num bits':>10}")
total = 0.0
for r in sorted(runs, key=lambda r: int(r["name"].split("k:")[1].split("/")[0])):
    k = int(r["name"].split("k:")[1].split("/")[0])
    blocks = 784 // k
    seconds = r["cpu_time"] / 1e3
    total += blocks * seconds
    print(f"{k:>3} {blocks:>4} {seconds:>11.2f} {blocks * seconds / 3600:>16.3f} {r['t_num_bits']:>10.2e}")
print(f"projected entropy stage: {total / 3600:.2f} CPU-h = {total / 7200:.2f} h on 2 cores")
PY
