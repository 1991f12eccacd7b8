#!/usr/bin/env bash
# The measured inputs of bench/mpi/projection.py: single-rank, one-thread `reconbound bound` runs at
# a few sizes, with the stage timings of their JSON and the derived per-item costs.
#   load      = wall - (sum of timings_s): start, reading and decompressing the data, the split
#   pilot     = timings_s.grid_selection, per (pilot rows)^2 (pilot rows = min(n_perp, n_est/2))
#   certified = timings_s.entropy, per n_est^2 * m_pad * n_mc per certified block size k
# Usage: bench/mpi/measure_costs.sh [OUT_DIR]   (about 10 minutes on one core; run it alone)
#   ONLY=REGEX measures only the runs whose names match (the table shows the runs measured).
set -euo pipefail
source "$(dirname "$0")/common.sh"
out=$(mkdir -p "${1:-$(mktemp -d)}" && cd "${1:-.}" && pwd)
snapshot "$out"

# CelebA-shaped records (3 x 64 x 64, m = 12,288) for a measurement at a large m: the first
# 6,000 Fashion-MNIST images, scaled up (nearest) with a different colour map per channel.
[[ -s $out/rgb64.npy ]] || python3 - "$out/rgb64.npy" <<'PY'
import gzip, operator, struct, sys
raw = gzip.open("/usr/share/datasets/fashion-mnist/train-images-idx3-ubyte.gz").read()[16:]
n, up = 6000, operator.itemgetter(*(c * 28 // 64 for c in range(64)))
header = "{'descr': '|u1', 'fortran_order': False, 'shape': (%d, 3, 64, 64), }" % n
header += " " * (63 - (10 + len(header)) % 64) + "\n"
with open(sys.argv[1], "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    for i in range(n):
        rows = [bytes(up(raw[(i * 28 + r) * 28:(i * 28 + r + 1) * 28])) for r in range(28)]
        grey = b"".join(rows[r * 28 // 64] for r in range(64))
        f.write(grey + grey.translate(bytes(255 - v for v in range(256))) + grey.translate(bytes(v // 2 + 64 for v in range(256))))
PY
fm="--data fashion-mnist"
rgb="--data npy:$out/rgb64.npy --perp 2000 --est 4000 --gamma 1,8"
runs=(
  # Opening the data: a bound on 100 + 100 records, its load is the start (plugins) and opening.
  "open_npy|--data npy:$out/rgb64.npy --perp 100 --est 100 --gamma 1 --grid-select none --grid-k 16 --grid-nu2 1.6"
  "open_fashion|$fm --perp 100 --est 100 --gamma 1 --grid-select none --grid-k 16 --grid-nu2 1.6"
  "select_paper|$fm --gamma 1,8 --select-only"                 # paper split: 10000 + 60000
  "default_5k|$fm --perp 10000 --est 5000 --gamma 1,8"
  "default_10k|$fm --perp 10000 --est 10000 --gamma 1,8"
  "pair16_m784|$fm --perp 10000 --est 10000 --gamma 1,8 --grid-select none --grid-k 16 --grid-nu2 1.6 --rotation signs"
  "pair16_m256|$fm --perp 10000 --est 10000 --gamma 1,8 --grid-select none --grid-k 16 --grid-nu2 1.6 --rotation signs --representation select:rect:6,6,16,16"
  "rgb64_pair16|$rgb --grid-select none --grid-k 16 --grid-nu2 1.6"
  "rgb64_default|$rgb"
  "grid_2k|$fm --perp 2000 --est 2000 --gamma 1,8 --grid-select none"
  "grid_4k|$fm --perp 2000 --est 4000 --gamma 1,8 --grid-select none"
)
# The whole grid's block sizes one by one, at the draws n_mc the whole grid gives them (grid_2k).
for kn in 1:1 2:1 4:1 7:1 8:1 14:2 16:3 28:8; do
  runs+=("grid_2k_k${kn%:*}|$fm --perp 2000 --est 2000 --gamma 1,8 --grid-select none --grid-k ${kn%:*} --estimator-param n_mc=${kn#*:}")
done
for run in "${runs[@]}"; do
  name=${run%%|*}; read -ra args <<< "${run#*|}"
  [[ -s $out/$name.json ]] && continue  # resumable
  [[ $name =~ ${ONLY:-.} ]] || continue
  wait_quiet
  echo "$name: reconbound bound ${args[*]}  (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  head -1 /proc/stat > "$out/$name.stat"
  /usr/bin/time -f "%e %U %S %M" -o "$out/$name.time" \
    "$reconbound" bound "${args[@]}" --threads 1 --quiet --json > "$out/$name.json.tmp"
  head -1 /proc/stat >> "$out/$name.stat"
  mv "$out/$name.json.tmp" "$out/$name.json"
done

python3 - "$out" "${runs[@]%%|*}" <<'PY'
import json, sys
out, names = sys.argv[1], sys.argv[2:]
print("| run | n_perp | n_est | m_pad | certified (k, n_mc) x pairs | wall s | load s | represent s | trace s "
      "| rotation s | selection s | entropy s | pilot us/row^2 | entropy ns/(n^2 m n_mc) per k-group | peak RSS MiB "
      "| others' CPU, cores |")
print("|" + "---|" * 16)
for name in names:
    try:
        d = json.load(open(f"{out}/{name}.json"))
    except FileNotFoundError:  # not measured (ONLY)
        continue
    wall, user, system, rss_kb = map(float, open(f"{out}/{name}.time").read().split())
    a, b = ([int(v) for v in line.split()[1:]] for line in open(f"{out}/{name}.stat"))
    busy = lambda v: sum(v) - v[3] - v[4] - v[7]
    others = ((busy(b) - busy(a)) / 100 - user - system) / wall  # CPU other processes used meanwhile
    t = d["timings_s"]
    load = wall - sum(t.values())
    grid = d.get("grid") or []
    groups = {}
    for g in grid: groups[(g["k"], g["n_mc"])] = groups.get((g["k"], g["n_mc"]), 0) + 1
    pilot_rows = min(d["n_perp"], d["n_est"] // 2)
    pilot = t["grid_selection"] / pilot_rows ** 2 * 1e6 if t["grid_selection"] > 1e-3 else float("nan")
    work = sum(d["n_est"] ** 2 * d["m_padded"] * n_mc for k, n_mc in groups)  # per k-group
    entropy = t["entropy"] / work * 1e9 if work else float("nan")
    print(f"| {name} | {d['n_perp']} | {d['n_est']} | {d['m_padded']} | "
          f"{' '.join(f'({k},{n})x{c}' for (k, n), c in sorted(groups.items())) or '-'} | {wall:.2f} | {load:.2f} | "
          f"{t['represent']:.2f} | {t['trace_sigma']:.2f} | {t['rotation']:.2f} | {t['grid_selection']:.1f} | "
          f"{t['entropy']:.1f} | {pilot:.3f} | {entropy:.4f} | {rss_kb / 1024:.0f} | {others:.2f} |")
PY
