#!/usr/bin/env bash
# Peak resident memory of `reconbound bound` on CelebA-size records (issue 22, item 2): 50,000
# synthetic records of 3 × 64 × 64 bytes (uint8, as CelebA's pixels) in one .npy file, |D⊥|
# 10,000 and n_est 40,000, pixel representation (m = m_pad = 12,288), against the rotated D_est
# the bound must hold (n_est × m_pad doubles, 3.93 GB). The whole estimate takes hours; the
# peak is reached once the frame is built and the estimate has begun, so each run is stopped
# with SIGINT (SIGKILL 10 s later if it is still there) STOP_AFTER_S seconds (default 30) after
# the frame's last stage ("representing and rotating D_est") ended. Runs:
#   none    --grid-select none, one pair (k = 32, nu2 = 1.6): the frame, then the estimate
#   pilot   the default grid selection: the frame, then the pilot on D⊥ (its rotated prefix)
# Peak RSS is /usr/bin/time -v's "Maximum resident set size". Markdown on stdout.
#
# Usage: bench/memory/celeba_peak.sh [RUN...]      (default: none pilot)
#   TMPDIR      where the 614 MB data file and the logs go (default /tmp); removed at the end
#   RECONBOUND  the executable (default: a private copy of build/release, taken under the build lock)
#   PYTHON      a python3 with numpy (default: the first of python3, /usr/bin/python3 that has it)
set -euo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
runs=("$@")
((${#runs[@]})) || runs=(none pilot)
work=$(mktemp -d "${TMPDIR:-/tmp}/reconbound-celeba-peak.XXXXXX")
trap 'rm -rf "$work"' EXIT

# shellcheck source=bench/celeba_size_data.sh
source "$root/bench/celeba_size_data.sh"  # RECONBOUND, PYTHON, data
n_perp=10000 n_est=40000 m=$((3 * 64 * 64))

common=(bound --data "npy:$data" --perp "$n_perp" --est "$n_est" --gamma 1 --threads 2 --seed 0)
# The plan, as the bound prints it when it refuses (a limit of 1 KiB refuses any job at once).
plan=$("$RECONBOUND" "${common[@]}" --grid-select none --grid-k 32 --grid-nu2 1.6 --memory-limit 1K 2>&1 || true)
plan_pilot=$("$RECONBOUND" "${common[@]}" --memory-limit 1K 2>&1 || true)
rotated=$((n_est * m * 8))  # m_pad = m: 12,288 = 12 · 2^10 is a Hadamard order

# measure RUN ARGS...: runs the bound under /usr/bin/time -v, stops it once the frame is built
# and STOP_AFTER_S seconds have passed, and prints the peak RSS in kB.
measure() {
  local run=$1 pid child deadline
  shift
  /usr/bin/time -v -o "$work/$run.time" "$RECONBOUND" "${common[@]}" "$@" >"$work/$run.out" 2>"$work/$run.err" &
  pid=$!
  deadline=$((SECONDS + 3600))
  until grep -q "^representing and rotating D_est: done" "$work/$run.err"; do
    if ! kill -0 "$pid" 2>/dev/null || ((SECONDS > deadline)); then
      echo "$run: the frame did not finish:" >&2 && cat "$work/$run.err" >&2 && exit 1
    fi
    sleep 1
  done
  echo "$run: frame built after $SECONDS s of this script; stopping in ${STOP_AFTER_S:-30} s" >&2
  sleep "${STOP_AFTER_S:-30}"
  child=$(pgrep -P "$pid" || true)
  if [[ -n $child ]]; then
    kill -INT "$child" 2>/dev/null || true
    for _ in $(seq 10); do kill -0 "$child" 2>/dev/null || break; sleep 1; done
    kill -KILL "$child" 2>/dev/null || true
  fi
  wait "$pid" || true
  sed -n 's/^\s*Maximum resident set size (kbytes): //p' "$work/$run.time"
}

echo "| run | options beyond \`${common[*]/$data/FILE}\` | stages finished before the stop | peak RSS | rotated D_est | peak / rotated D_est | plan |"
echo "|---|---|---|---|---|---|---|"
for run in "${runs[@]}"; do
  case $run in
    none) extra=(--grid-select none --grid-k 32 --grid-nu2 1.6) && run_plan=$plan ;;
    pilot) extra=() && run_plan=$plan_pilot ;;
    *) echo "unknown run '$run' (none, pilot)" >&2 && exit 1 ;;
  esac
  echo "$run: reconbound ${common[*]} ${extra[*]}  (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  kib=$(measure "$run" "${extra[@]}")
  stages=$(grep -o '^[^:]*: done in [0-9.]* s' "$work/$run.err" | paste -sd ';' | sed 's/;/; /g')
  total=$(grep -o 'needs about [0-9.]* [GM]B' <<<"$run_plan" | sed 's/needs about //')
  python3 - "$run" "${extra[*]}" "$stages" "$kib" "$rotated" "$total" <<'PY'
import sys
run, extra, stages, kib, rotated, plan = sys.argv[1:]
peak = int(kib) * 1024
print(f"| {run} | `{extra}` | {stages} | {peak / 1e9:.2f} GB | {int(rotated) / 1e9:.2f} GB | "
      f"{peak / int(rotated):.2f}× | {plan} |")
PY
  echo "$run: stopped; $(grep -E 'Command (terminated|exited)|Exit status' "$work/$run.time" | paste -sd ' ')" >&2
done
echo
echo "Plan (pilot run): ${plan_pilot#reconbound: error: }"
