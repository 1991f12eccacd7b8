#!/usr/bin/env bash
# Runs bench/estimator_benchmark (exact and fast goldfeld paths, one process, same data: the
# Fashion-MNIST test images, or RECONBOUND_BENCH_DATA) and prints, per block size k: both CPU times (threads = 1; the smallest of REPS repetitions,
# which is robust to other load on a shared machine), the speed ratio exact/fast, kernel
# evaluations per second of each path (all six ν² levels; per level the rate is the same
# since the levels share one pass), the achieved t_num and the largest |ĥ_fast − ĥ_exact|
# over ν², and the projected CPU time of the full Fashion-MNIST entropy stage (issue 4:
# m = 784, N_k = 784/k blocks per k, n_est = 50,000; each k's one-block time is scaled by
# N_k·(50,000/N)², as the cost grows as n² — except the fast path at k = 1, whose Taylor
# boxes cost O(1) per query, scaled by N_k·(50,000/N)) for both paths.
# bench/full_run_projection.sh measures the fast path's blocks at the full size instead.
#
# Usage: bench/estimator_benchmark.sh BUILD_DIR [N] [REPS]   (N rows, default 2000; REPS 3)
set -euo pipefail
build=${1:?usage: estimator_benchmark.sh BUILD_DIR [N]}
export RECONBOUND_BENCH_N=${2:-2000}
json=$(mktemp)
trap 'rm -f "$json"' EXIT
reps=${3:-3}
"$build/bench/estimator_benchmark" --benchmark_format=json --benchmark_out="$json" \
  --benchmark_out_format=json --benchmark_repetitions="$reps" > /dev/null
python3 - "$json" <<'PY'
import json, sys
runs = [r for r in json.load(open(sys.argv[1]))["benchmarks"] if r.get("run_type") == "iteration"]
by = {}
for r in runs:
    path, k = r["name"].split("/")[0], int(r["name"].split("k:")[1].split("/")[0])
    best = by.setdefault(k, {}).get(path)
    if best is None or r["cpu_time"] < best["cpu_time"]:
        by[k][path] = r
print(f"n = {int(runs[0]['n'])}, one block per k, nu2 in {{0.2,0.4,0.8,1.6,3.2,6.4}}, "
      f"best of {max(r.get('repetitions', 1) for r in runs)} repetitions")
print(f"{'k':>3} {'exact cpu s':>11} {'fast cpu s':>10} {'ratio':>6} {'exact evals/s':>14} {'fast evals/s':>13} "
      f"{'t_num bits':>10} {'max|diff| bits':>14}")
total_e = total_f = 0.0
for k in sorted(by):
    e, f = by[k]["BM_Exact"], by[k]["BM_Fast"]
    te, tf = e["cpu_time"] / 1e3, f["cpu_time"] / 1e3
    total_e += te; total_f += tf
    diff = max(abs(e[h] - f[h]) for h in e if h.startswith("h_nu2_"))
    # Evaluations per CPU second (Google Benchmark divides rate counters by CPU time).
    print(f"{k:>3} {te:>11.3f} {tf:>10.3f} {te/tf:>6.2f} {e['kernel_evals/s']:>14.3e} "
          f"{f['kernel_evals/s']:>13.3e} {f['t_num_bits']:>10.2e} {diff:>14.2e}")
print(f"all {total_e:>11.3f} {total_f:>10.3f} {total_e/total_f:>6.2f}")
n = int(runs[0]["n"])
def growth(k, path):  # how one block's time grows from n to 50,000 rows
    return 50000 / n if (k == 1 and path == "BM_Fast") else (50000 / n) ** 2
full_e = sum(784 // k * by[k]["BM_Exact"]["cpu_time"] / 1e3 * growth(k, "BM_Exact") for k in by)
full_f = sum(784 // k * by[k]["BM_Fast"]["cpu_time"] / 1e3 * growth(k, "BM_Fast") for k in by)
print(f"projected full Fashion-MNIST entropy stage (n_est = 50,000, all blocks of these k): "
      f"exact {full_e / 3600:.1f} CPU-h, fast {full_f / 3600:.1f} CPU-h "
      f"({full_f / 7200:.1f} h on 2 cores)")
PY
