#!/usr/bin/env bash
# device=opencl from the command line, on the device it picks (POCL without a GPU):
#  1. `reconbound plugins --json` lists that device as usable for certified work;
#  2. bound on a fixed grid with device=opencl and device=cpu: every pair's h_mc agrees within
#     t_num(cpu) + t_num(device), the device's JSON names it (grid computed_on, certificate);
#  3. with MPIRUN: one process and -np 2 give the same JSON (timings aside), also when the ranks
#     share a block's queries (one chunk of columns);
#  4. device=opencl:99 and device=opencl with no driver registered are one line on stderr and
#     exit 2; device=auto without a GPU computes on the CPU and says so.
# Usage: opencl_cli_test.sh RECONBOUND IDX_IMAGES [MPIRUN]
set -euo pipefail
reconbound=${1:?usage: opencl_cli_test.sh RECONBOUND IDX_IMAGES [MPIRUN]}
images=${2:?usage: opencl_cli_test.sh RECONBOUND IDX_IMAGES [MPIRUN]}
mpirun=${3:-}
support=$(cd "$(dirname "${BASH_SOURCE[0]}")/../support" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

fail() {
  echo "FAIL: opencl_cli: $*" >&2
  exit 1
}

# run NAME EXPECTED_STATUS COMMAND...: stdout to NAME.json, stderr to NAME.err.
run() {
  local name=$1 expected=$2 status=0
  shift 2
  timeout 200 "$@" >"$work/$name.json" 2>"$work/$name.err" </dev/null || status=$?
  if ((status != expected)); then
    tail -n 20 "$work/$name.err" >&2
    fail "$name: exit $status (expected $expected)"
  fi
}

# 1. The listing.
run plugins 0 "$reconbound" plugins --json
/usr/bin/python3 - "$work/plugins.json" <<'PY' || fail "plugins --json lists no usable OpenCL device"
import json, sys
opencl = json.load(open(sys.argv[1]))["opencl"]
assert opencl["built"] and any(d["usable_for_certified_work"] for d in opencl["devices"]), opencl
PY

# 2. The device against the CPU on a fixed grid.
small=(--data "idx:$images" --perp 800 --est 1200 --seed 5 --gamma 1 --json --quiet --threads 1)
grid=(--grid-k 8,16 --grid-nu2 0.4,1.6 --grid-select none)
run cpu 0 "$reconbound" bound "${small[@]}" "${grid[@]}"
run device 0 "$reconbound" bound "${small[@]}" "${grid[@]}" --estimator-param device=opencl
/usr/bin/python3 - "$work/cpu.json" "$work/device.json" <<'PY' || fail "device=opencl disagrees with the CPU"
import json, sys
cpu, device = (json.load(open(p)) for p in sys.argv[1:3])
assert len(cpu["grid"]) == len(device["grid"]) == 4
for c, d in zip(cpu["grid"], device["grid"]):
    assert c["computed_on"] == "cpu" and d["computed_on"].startswith("opencl:"), (c["computed_on"], d["computed_on"])
    gap = abs(c["h_mc"] - d["h_mc"])
    assert gap <= c["t_num"] + d["t_num"], f"k={c['k']} nu2={c['nu2']}: |h_mc gap| {gap} > {c['t_num'] + d['t_num']}"
    assert gap > 0, "the device computed nothing"
numerical = [i for i in device["certificate"]["ingredients"] if i["name"] == "numerical"][0]
assert "computed on opencl:" in numerical["detail"], numerical
PY
echo "device=opencl: h_mc within t_num(cpu) + t_num(device) of the CPU's on 4 pairs; the JSON names the device"

# 3. Ranks.
if [[ -n $mpirun ]]; then
  run np2 0 "$mpirun" --oversubscribe -np 2 "$reconbound" bound "${small[@]}" "${grid[@]}" --estimator-param device=opencl
  /usr/bin/python3 "$support/json_same.py" same "$work/device.json" "$work/np2.json" "opencl_cli: -np 2" || exit 1
  one_chunk=(--grid-k 16,49 --grid-nu2 0.8 --grid-select none --estimator-param device=opencl)
  run chunk-alone 0 "$reconbound" bound "${small[@]}" "${one_chunk[@]}"
  run chunk-np2 0 "$mpirun" --oversubscribe -np 2 "$reconbound" bound "${small[@]}" "${one_chunk[@]}"
  /usr/bin/python3 "$support/json_same.py" same "$work/chunk-alone.json" "$work/chunk-np2.json" \
    "opencl_cli: one chunk -np 2" || exit 1
  echo "device=opencl under mpirun -np 2 (blocks and query parts shared): the JSON of one process"
fi

# 4. No device, a refused one, auto.
one_line() {  # NAME TEXT: NAME.err is one line containing TEXT
  (($(wc -l <"$work/$1.err") == 1)) || { cat "$work/$1.err" >&2; fail "$1: stderr is not one line"; }
  grep -q -- "$2" "$work/$1.err" || { cat "$work/$1.err" >&2; fail "$1: stderr does not say '$2'"; }
}
run missing 2 "$reconbound" bound "${small[@]}" --estimator-param device=opencl:99
one_line missing "device=opencl:99: there are"
mkdir "$work/no-vendors"
OCL_ICD_VENDORS="$work/no-vendors" run none 2 "$reconbound" bound "${small[@]}" --estimator-param device=opencl
one_line none "no OpenCL device found"
OCL_ICD_VENDORS="$work/no-vendors" run auto 0 "$reconbound" bound "${small[@]}" "${grid[@]}" --estimator-param device=auto
grep -q "device=auto computes on the CPU" "$work/auto.err" || fail "auto: stderr does not say it computes on the CPU"
/usr/bin/python3 "$support/json_same.py" same "$work/cpu.json" "$work/auto.json" "opencl_cli: auto without a device" || exit 1
echo "device=opencl:99 and device=opencl without a driver: one line, exit 2; auto: the CPU's JSON, said on stderr"
echo "PASS: opencl_cli"
