#!/usr/bin/env bash
# The SDK as CI shows it: install this build into a temporary prefix, build
# examples/plugins and consumer programs against it with the same compiler, load both
# example plugins through RECONBOUND_PLUGIN_PATH with the INSTALLED CLI, and check their
# numbers (gaussian_reference.py computes them independently) and the gaussian plugin's
# attack in `reconbound chain`.
#
# usage: sdk_examples_test.sh BUILD_DIR SOURCE_DIR CMAKE GENERATOR CXX SANITIZE(0|1)
set -euo pipefail
build=$1 source=$2 cmake=$3 generator=$4 cxx=$5 sanitize=$6
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/reconbound-sdk.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
plugins=$work/examples/plugins
failures=0

# shellcheck source=../support/script_steps.sh
. "$here/../support/script_steps.sh"

step "install into a temporary prefix"
logged install "$cmake" --install "$build" --prefix "$prefix"
for file in bin/reconbound lib/libreconbound_sdk.so lib/libreconbound_engine.so lib/libreconbound_jobs.so \
            lib/libreconbound_reference.a lib/libreconbound_conformance.a \
            include/reconbound/plugin.hpp include/reconbound/verify/reference_dpsgd.hpp \
            include/reconbound/conformance/suites.hpp \
            lib/reconbound/plugins/reconbound-dpsgd.so \
            lib/cmake/reconbound/reconboundConfig.cmake lib/cmake/reconbound/reconboundConfigVersion.cmake \
            lib/cmake/reconbound/reconboundTargets.cmake lib/cmake/reconbound/ReconboundPlugin.cmake; do
  [ -e "$prefix/$file" ] && pass "installed $file" || fail "not installed: $file"
done

# Plugins and consumer are built like any user would, warnings as errors; a sanitized
# reconbound needs its sanitizers in what links against it.
flags="-Wall -Wextra -Wpedantic -Werror"
[ "$sanitize" = 1 ] && flags="$flags -fsanitize=address,undefined"
configure() {  # configure NAME SOURCE
  logged "configure-$1" "$cmake" -S "$2" -B "$work/$1" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$flags" -DCMAKE_PREFIX_PATH="$prefix" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF
  grep -q "^reconbound_DIR:PATH=$prefix/lib/cmake/reconbound$" "$work/$1/CMakeCache.txt" \
    && pass "$1 found the installed package" || fail "$1 did not use $prefix/lib/cmake/reconbound"
  logged "build-$1" "$cmake" --build "$work/$1"
}
step "build examples/plugins against the installed SDK"
configure examples "$source/examples/plugins"
step "build consumer programs of the installed targets against it"
configure consumer "$here/consumer"

export RECONBOUND_PLUGIN_PATH=$plugins
cli=$prefix/bin/reconbound

step "the installed CLI lists the installed and the example plugins"
"$cli" plugins --json > "$work/plugins.json"
python3 - "$work/plugins.json" "$prefix" "$plugins" <<'PY' || failures=$((failures + 1))
import json, os, sys
listing, prefix, plugins = json.load(open(sys.argv[1])), sys.argv[2], sys.argv[3]
where = {(p["kind"], p["name"]): os.path.realpath(os.path.dirname(p["path"])) for p in listing["plugins"]}
checks = [
    (("mechanism", "dpsgd"), os.path.realpath(os.path.join(prefix, "lib/reconbound/plugins"))),
    (("mechanism", "gaussian"), os.path.realpath(plugins)),
    (("representation", "centre_crop"), os.path.realpath(plugins)),
]
ok = True
for key, folder in checks:
    good = where.get(key) == folder
    ok &= good
    print(("PASS" if good else "FAIL"), f"{key[0]} {key[1]} loaded from {where.get(key)} (expected {folder})", file=sys.stderr)
for failure in listing["failures"]:
    ok = False
    print(f"FAIL load failure {failure['path']}: {failure['reason']}", file=sys.stderr)
sys.exit(0 if ok else 1)
PY

step "numbers of the example plugins through the SDK"
if "$work/consumer/example_plugin_numbers" > "$work/accountant.txt"; then
  python3 "$here/gaussian_reference.py" epsilon-lines "$work/accountant.txt" || failures=$((failures + 1))
else
  fail "example_plugin_numbers"
fi

step "the installed MPFR references and conformance kit"
"$work/consumer/verification_kits" || fail "verification_kits"

step "reconbound leakage --mechanism gaussian"
if "$cli" leakage --mechanism gaussian --mechanism-param k=10,sigma=4 --json > "$work/leakage.json"; then
  python3 "$here/gaussian_reference.py" gamma 10 4 "$work/leakage.json" || failures=$((failures + 1))
else
  fail "reconbound leakage --mechanism gaussian --mechanism-param k=10,sigma=4"
fi

step "reconbound conformance on the example plugins"
for plugin in gaussian centre_crop pixel_noise; do
  if "$cli" conformance "$plugins/reconbound-$plugin.so" > "$work/conformance-$plugin.txt" 2>&1; then
    pass "reconbound conformance reconbound-$plugin.so"
  else
    cat "$work/conformance-$plugin.txt" >&2
    fail "reconbound conformance reconbound-$plugin.so"
  fi
done

step "reconbound epsilon --mechanism gaussian"
if "$cli" epsilon --mechanism gaussian --mechanism-param k=10,sigma=4 --delta 1e-5 --json > "$work/epsilon.json"; then
  python3 "$here/gaussian_reference.py" epsilon-json 10 4 1e-5 "$work/epsilon.json" || failures=$((failures + 1))
else
  fail "reconbound epsilon --mechanism gaussian --mechanism-param k=10,sigma=4 --delta 1e-5"
fi
status=0
"$cli" epsilon --mechanism gaussian --mechanism-param k=10,sigma=4,accounting=off --delta 1e-5 \
  > "$work/off.out" 2> "$work/off.err" || status=$?
# The line names the mechanism and its missing accounting (not merely echoing the parameters).
reason=$(sed 's/k=10,sigma=4,accounting=off//' "$work/off.err")
if [ "$status" = 2 ] && [ ! -s "$work/off.out" ] && [ "$(wc -l < "$work/off.err")" = 1 ] \
   && grep -q gaussian <<< "$reason" && grep -qiE "accountant|accounting" <<< "$reason"; then
  pass "epsilon with accounting=off: exit 2, one line: $(cat "$work/off.err")"
else
  fail "epsilon with accounting=off: exit $status (expected 2 and one line naming the mechanism); stderr:"
  cat "$work/off.err" >&2
fi

step "reconbound chain --mechanism gaussian: its attack through the capability"
# A small chain on Fashion-MNIST pixels; the attack's σ must be the one that leaks γ (G2 of
# examples/plugins/gaussian/gaussian_attack.hpp), its ρ at least the certified ρ*, and more
# noise (a smaller γ) must give a larger ρ.
if "$cli" chain --mechanism gaussian:k=10,sigma=4 --gammas 0.5,8,72 --perp 300 --est 600 --targets 30 \
     --grid-k 4 --bootstrap 100 --threads 2 --quiet --no-figures --json > "$work/chain.json"; then
  python3 - "$work/chain.json" <<'PY' || failures=$((failures + 1))
import json, math, sys
chain = json.load(open(sys.argv[1]))
ok = chain["attack_rows"][0]["mechanism"] == "gaussian" and len(chain["rows"]) == 3
rho = []
for row in chain["rows"]:
    attack = row["attacks"][0]
    gamma = row["gamma_bits"]
    sigma = math.sqrt(10 / (2 * gamma * math.log(2)))
    good = (attack["rho"] is not None and attack["rho"] >= row["rho_star"]
            and abs(attack["details"]["sigma"] - sigma) <= 1e-12 * sigma)
    ok &= good
    rho.append(attack["rho"] or 0.0)
    print(("PASS" if good else "FAIL"), f"gamma = {gamma}: rho = {attack['rho']} >= rho* = {row['rho_star']}, "
          f"sigma = {attack['details']['sigma']} (expected {sigma})", file=sys.stderr)
larger = rho[0] > rho[1] > rho[2]
ok &= larger
print(("PASS" if larger else "FAIL"), f"rho falls as gamma grows (less noise): {rho}", file=sys.stderr)
sys.exit(0 if ok else 1)
PY
else
  fail "reconbound chain --mechanism gaussian:k=10,sigma=4"
fi

step "reconbound bound --mechanism pixel_noise: charged for the records it is given"
# γ = (d/2)·log2(1 + 255²/(4σ²)) bits for records of d values (examples/plugins/pixel_noise):
# d = 784 for Fashion-MNIST, 3,072 for CIFAR-shaped records; `leakage` has no records and refuses.
python3 - "$work/cifar.npy" <<'PY'
import random, sys
# 400 CIFAR-shaped uint8 records as an .npy file (format 1.0), without NumPy.
header = "{'descr': '|u1', 'fortran_order': False, 'shape': (400, 3, 32, 32), }"
header += " " * (63 - (10 + len(header)) % 64) + "\n"
rng = random.Random(1)
with open(sys.argv[1], "wb") as out:
    out.write(b"\x93NUMPY\x01\x00" + len(header).to_bytes(2, "little") + header.encode())
    out.write(bytes(rng.randrange(256) for _ in range(400 * 3 * 32 * 32)))
PY
for case in "fashion-mnist 784" "npy:$work/cifar.npy 3072"; do
  set -- $case
  if "$cli" bound --mechanism pixel_noise --mechanism-param sigma=2000 --data "$1" --perp 200 --est 200 \
       --grid-k 4 --grid-nu2 0.4 --threads 2 --quiet --json > "$work/pixel_noise.json"; then
    python3 - "$work/pixel_noise.json" "$2" <<'PY' || failures=$((failures + 1))
import json, math, sys
gamma = json.load(open(sys.argv[1]))["results"][0]["gamma_bits"]
d = int(sys.argv[2])
expected = d / 2 * math.log2(1 + 255**2 / (4 * 2000**2))
good = abs(gamma - expected) <= 1e-12 * expected
print(("PASS" if good else "FAIL"), f"pixel_noise on records of {d} values: gamma = {gamma} (expected {expected})",
      file=sys.stderr)
sys.exit(0 if good else 1)
PY
  else
    fail "reconbound bound --mechanism pixel_noise on $1"
  fi
done
status=0
reason=$("$cli" leakage --mechanism pixel_noise --mechanism-param sigma=2000 2>&1 >/dev/null) || status=$?
if [ "$status" = 2 ] && [ "$(wc -l <<< "$reason")" = 1 ] && grep -q "needs the records' shape" <<< "$reason"; then
  pass "leakage --mechanism pixel_noise: one line naming the records' shape, exit 2"
else
  fail "leakage --mechanism pixel_noise: exit $status (expected 2 and one line); stderr: $reason"
fi

[ "$failures" = 0 ] || { echo "$failures check(s) failed" >&2; exit 1; }
