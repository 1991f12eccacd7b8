#!/usr/bin/env bash
# The goldfeld kernels against the floor of this CPU (issue 25, item 2; docs/fast_estimator.md,
# "The floor"). Builds nothing: runs build/release/bench/floor_benchmark (a private copy, taken
# under the build lock) REPS times, each after waiting for a quiet machine (the 1-minute load
# average below MAX_LOAD, then bench/mpi/common.sh's wait_quiet), keeps each run's JSON and
# writes the markdown table bench/floor/results/floor_<date>.md (bench/floor/table.py).
#
#   bash bench/floor/run.sh [REPS]            (default 3)
# Environment: RECONBOUND_BENCH_N (centres, default 4000), RECONBOUND_BENCH_NU2 (1.6),
# RECONBOUND_BENCH_DATA (fashion-mnist), MAX_LOAD (0.5), QUIET_WAIT_S (300, per wait).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../mpi/common.sh"  # root, snapshot, wait_quiet
reps=${1:-3}
max_load=${MAX_LOAD:-0.5}
results=$here/results
stamp=$(date +%Y%m%d-%H%M%S)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

binary=$root/build/release/bench/floor_benchmark
[[ -x $binary ]] || { echo "no $binary: build the target floor_benchmark (release preset) first" >&2; exit 1; }
snapshot "$work"  # the libraries, under the lock
flock /tmp/reconbound-build.lock cp "$binary" "$work/snapshot/floor_benchmark"

# The 1-minute load average below MAX_LOAD, then wait_quiet (10 s at >= 90 % idle): at most
# QUIET_WAIT_S seconds (default 300) in all, then it measures anyway; each run's JSON records
# the load average at its start.
wait_load() {
  local deadline=$((SECONDS + ${QUIET_WAIT_S:-300}))
  while awk -v limit="$max_load" '{ exit !($1 >= limit) }' /proc/loadavg; do
    if ((SECONDS >= deadline)); then echo "load average still $(cut -d' ' -f1 /proc/loadavg); measuring anyway" >&2; break; fi
    sleep 5
  done
  QUIET_WAIT_S=$((deadline - SECONDS > 10 ? deadline - SECONDS : 10)) wait_quiet
}

mkdir -p "$results"
runs=()
for ((r = 1; r <= reps; r++)); do
  wait_load
  load=$(cut -d' ' -f1 /proc/loadavg)
  out=$results/floor_${stamp}_run$r.json
  echo "run $r of $reps (load average $load)" >&2
  "$work/snapshot/floor_benchmark" --benchmark_out="$out" --benchmark_out_format=json >&2
  sed -i "s#$work/##" "$out"  # the JSON names the program relative to the private copy
  runs+=("$out")
done
/usr/bin/python3 "$here/table.py" "${runs[@]}" > "$results/floor_$stamp.md"
cat "$results/floor_$stamp.md"
echo "wrote $results/floor_$stamp.md" >&2
