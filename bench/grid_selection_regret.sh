#!/usr/bin/env bash
# Regret and speed of the grid selection (docs/mathematics.md §6.6, issue 11): for each case,
# `reconbound bound` runs once with `--grid-select pilot` and once with `--grid-select none`
# (the whole grid, the paper's procedure) on the same split and seed; the table shows ρ* of both
# at every γ, their difference (pilot − none; the selection must not lose more than 0.005), the
# wall and CPU times and their ratio (none / pilot), and how well the pilot predicted the
# certified h_mc of the pairs both runs estimated.
#
# Usage: bench/grid_selection_regret.sh BUILD_DIR [CASES_FILE]
#   CASES_FILE: one case per line, `name | bound options` (default: the Fashion-MNIST cases
#   below). Add an MNIST case with e.g.
#   `mnist-digits | --data idx:PATH/t10k-images-idx3-ubyte.gz --perp-range 0:2000 --est-range 2000:10000`.
set -euo pipefail
build=${1:?usage: grid_selection_regret.sh BUILD_DIR [CASES_FILE]}
cases_file=${2:-}
gammas=${RECONBOUND_REGRET_GAMMAS:-0.048,0.57,1.75,5.04,13.15}
default_cases='fmnist-5k | --data fashion-mnist --perp 10000 --est 5000
fmnist-20k | --data fashion-mnist --perp 10000 --est 20000
fmnist-5k-downsample4 | --data fashion-mnist --perp 10000 --est 5000 --representation downsample:4
fmnist-5k-dct8 | --data fashion-mnist --perp 10000 --est 5000 --representation dct:8'
cases=$(if [ -n "$cases_file" ]; then cat "$cases_file"; else echo "$default_cases"; fi)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

while IFS='|' read -r name options; do
  name=$(echo "$name" | xargs)
  [ -z "$name" ] && continue
  for method in pilot none; do
    echo "regret: $name --grid-select $method" >&2
    # shellcheck disable=SC2086
    /usr/bin/time -f '%e %U %S %M' -o "$work/$name.$method.time" \
      "$build/bin/reconbound" bound $options --seed 1 --gamma "$gammas" --grid-select "$method" \
      --quiet --json > "$work/$name.$method.json"
  done
done <<< "$cases"

python3 - "$work" <<'PY'
import json, os, sys
work = sys.argv[1]
names = sorted({f.split(".")[0] for f in os.listdir(work) if f.endswith(".json")})
worst = 0.0
for name in names:
    runs, times = {}, {}
    for method in ("pilot", "none"):
        runs[method] = json.load(open(f"{work}/{name}.{method}.json"))
        wall, user, sys_, rss = open(f"{work}/{name}.{method}.time").read().split()
        times[method] = (float(wall), float(user) + float(sys_), int(rss) / 1e6)
    p, n = runs["pilot"], runs["none"]
    sel = p["grid_selection"]
    print(f"\n{name}: |D_perp| = {p['n_perp']}, n_est = {p['n_est']}, {sel['certified']} of "
          f"{sel['candidates']} pairs certified, pilot sizes {sel['pilot_sizes']}")
    print(f"{'gamma':>8} {'rho* pilot':>10} {'rho* none':>10} {'diff':>8} {'k,nu2 pilot':>12} {'k,nu2 none':>12}")
    for a, b in zip(p["results"], n["results"]):
        diff = a["rho_star"] - b["rho_star"]
        worst = min(worst, diff)
        print(f"{a['gamma_bits']:>8.4g} {a['rho_star']:>10.5f} {b['rho_star']:>10.5f} {diff:>+8.4f} "
              f"{a['k_star']:>5},{a['nu2_star']:<6g} {b['k_star']:>5},{b['nu2_star']:<6g}")
    (pw, pc, pm), (nw, nc, nm) = times["pilot"], times["none"]
    print(f"time pilot {pw:.1f} s wall / {pc:.1f} s CPU / {pm:.2f} GB; none {nw:.1f} s wall / "
          f"{nc:.1f} s CPU / {nm:.2f} GB; ratio none/pilot {nw / pw:.2f} wall, {nc / pc:.2f} CPU")
    # Prediction error: predicted h_mc at n_est against the whole-grid run's certified h_mc.
    actual = {(g["k"], g["nu2"]): g["h_mc"] for g in n["grid"]}
    errors = [(pr["h_predicted"] - actual[(pr["k"], pr["nu2"])]) / pr["k"]
              for pr in sel["predictions"] if (pr["k"], pr["nu2"]) in actual]
    if errors:
        mean = sum(errors) / len(errors)
        print(f"pilot prediction error of h_mc per dimension (bits): mean {mean:+.4f}, "
              f"max |.| {max(abs(e) for e in errors):.4f} over {len(errors)} pairs")
print(f"\nworst rho* difference (pilot - none): {worst:+.4f}")
PY
