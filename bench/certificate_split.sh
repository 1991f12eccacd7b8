#!/usr/bin/env bash
# The cost of an honest certificate at paper size (docs/mathematics.md §6.8, issue 20): runs
# `reconbound bound` on Fashion-MNIST with the paper's default schedule (ε = 8, the split of
# scripts/run.sh) once with the point normaliser (`--normaliser sample`, the paper's ρ*, only the
# absolute bound certified) and once per share f of α given to the tr Σ upper confidence bound
# (`--normaliser ucb --normaliser-alpha-share f`), same seed; prints ρ*, the UCB over tr Σ̂, the
# margins and the wall time, CPU time and peak memory of each run (/usr/bin/time).
#
# Usage: bench/certificate_split.sh BUILD_DIR [SHARES]   (SHARES default 0.1,0.2,0.3,0.5)
set -euo pipefail
build=${1:?usage: certificate_split.sh BUILD_DIR [SHARES]}
shares=${2:-0.1,0.2,0.3,0.5}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
q=$(awk 'BEGIN { printf "%.10f", 1024 / 60000 }')
common=(bound --data fashion-mnist --q "$q" --sigma 1.0512 --steps 5860 --seed 0 --quiet --json)

run() {  # name, extra options...
  local name=$1
  shift
  echo "certificate_split: $name" >&2
  /usr/bin/time -f '%e %U %S %M' -o "$work/$name.time" "$build/bin/reconbound" "${common[@]}" "$@" > "$work/$name.json"
}

run sample --normaliser sample
IFS=',' read -r -a fractions <<< "$shares"
for f in "${fractions[@]}"; do run "ucb-$f" --normaliser ucb --normaliser-alpha-share "$f"; done

python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
names = ["sample"] + sorted(f[:-5] for f in os.listdir(work) if f.startswith("ucb-") and f.endswith(".json"))
base = json.load(open(f"{work}/sample.json"))["rho_star"]
print(f"{'run':>10} {'alpha_T':>8} {'level':>6} {'certifies':>10} {'rho*':>8} {'- sample':>9} {'UCB/trS':>8} "
      f"{'(k, nu2)':>10} {'t_mc':>7} {'t_md':>7} {'wall s':>7} {'CPU s':>7} {'peak GB':>8}")
for name in names:
    r = json.load(open(f"{work}/{name}.json"))
    wall, user, system, rss = open(f"{work}/{name}.time").read().split()
    cert = r["certificate"]
    alpha_t = next(i["alpha"] for i in cert["ingredients"] if i["name"] == "normaliser")
    pair = next(g for g in r["grid"] if g["k"] == r["k_star"] and g["nu2"] == r["nu2_star"])
    print(f"{name:>10} {alpha_t:>8.4g} {cert['level']:>6.3g} {cert['certifies']:>10} {r['rho_star']:>8.5f} "
          f"{r['rho_star'] - base:>+9.5f} {r['trace_sigma_ucb'] / r['trace_sigma']:>8.5f} "
          f"{'(%d, %g)' % (r['k_star'], r['nu2_star']):>10} {pair['t_mc']:>7.4f} {pair['t_md']:>7.4f} "
          f"{float(wall):>7.1f} {float(user) + float(system):>7.1f} {int(rss) / 1e6:>8.2f}")
PY
