#!/usr/bin/env bash
# The CelebA-size bound end to end (issue 25's second target): 50,000 synthetic records of
# 3 × 64 × 64 bytes (uint8, as CelebA's pixels; the data of bench/memory/celeba_peak.sh) in one
# .npy file, |D⊥| 10,000, n_est 40,000, pixel representation (m = m_pad = 12,288), γ = 1 bit,
# the default grid selection, 2 threads. Each run goes to completion under /usr/bin/time -v;
# one row per run on stdout: wall, CPU, peak RSS, the stages' seconds (the JSON's timings_s),
# the certified pair and ρ*.
#
# Usage: bench/celeba_size_run.sh [PRECISION...]   (default: single; also: double)
#   TMPDIR      where the 614 MB data file and the logs go (default /tmp); removed at the end
#   RECONBOUND  the executable (default: a private copy of build/release, taken under the build lock)
#   PYTHON      a python3 with numpy (default: the first of python3, /usr/bin/python3 that has it)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
precisions=("$@")
((${#precisions[@]})) || precisions=(single)
work=$(mktemp -d "${TMPDIR:-/tmp}/reconbound-celeba-run.XXXXXX")
trap 'rm -rf "$work"' EXIT

# shellcheck source=bench/celeba_size_data.sh
source "$root/bench/celeba_size_data.sh"  # RECONBOUND, PYTHON, data

echo "| precision | wall | CPU | peak RSS | pilot s | entropy s | rotation s | certified | rho* |"
echo "|---|---|---|---|---|---|---|---|---|"
for precision in "${precisions[@]}"; do
  echo "celeba-size run, precision=$precision (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  /usr/bin/time -v -o "$work/$precision.time" "$RECONBOUND" bound --data "npy:$data" --perp 10000 --est 40000 \
    --gamma 1 --threads 2 --seed 0 --estimator-param "precision=$precision" --json >"$work/$precision.json" \
    2>"$work/$precision.err" || { cat "$work/$precision.err" >&2; exit 1; }
  "$PYTHON" - "$precision" "$work/$precision.json" "$work/$precision.time" <<'PY'
import json, re, sys
precision, json_path, time_path = sys.argv[1:]
report = json.load(open(json_path))
timing = open(time_path).read()
def field(name):
    return re.search(rf"{re.escape(name)}: (.*)", timing).group(1).strip()
wall = field("Elapsed (wall clock) time (h:mm:ss or m:ss)")
cpu = float(field("User time (seconds)")) + float(field("System time (seconds)"))
peak = int(field("Maximum resident set size (kbytes)")) * 1024
t = report["timings_s"]
pairs = ", ".join(f"({p['k']}, {p['nu2']:g})" for p in report["grid"])
print(f"| {precision} | {wall} | {cpu:.0f} s | {peak / 1e9:.2f} GB | {t['grid_selection']:.1f} | "
      f"{t['entropy']:.1f} | {t['rotation']:.1f} | {pairs} | {report['rho_star']:.5f} |")
PY
done
