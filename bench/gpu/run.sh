#!/usr/bin/env bash
# The GPU benchmark (bench/gpu/gpu_bench.py; docs/fast_estimator.md, "The GPU benchmark") in one
# script: on a machine with the release build, `bash bench/gpu/run.sh`; on a GPU machine with
# nothing installed, from an unpacked bundle made with `scripts/bundle.sh --with-bench`:
# `bash bench/gpu/run.sh --root BUNDLE_DIR`. Other options go to gpu_bench.py (--size
# paper|celeba|small, --out DIR, --peer-device cuda|cpu|none, --skip-cpu). Results go to --out
# (default bench/gpu/results).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$here/../../build/release
out=$here/results
args=()
while (($#)); do
  case $1 in
    --root) root=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) args+=("$1"); shift ;;
  esac
done
[[ -x $root/bin/reconbound ]] || { echo "run.sh: no bin/reconbound under $root (build it, or pass --root)" >&2; exit 2; }
# A GPU machine with only the NVIDIA driver: its OpenCL library named in an .icd file of our own.
if [[ -z ${OCL_ICD_VENDORS:-} && ! -d /etc/OpenCL/vendors ]]; then
  for lib in /usr/local/nvidia/lib64/libnvidia-opencl.so.1 /usr/lib/x86_64-linux-gnu/libnvidia-opencl.so.1; do
    if [[ -e $lib ]]; then
      mkdir -p "$out/vendors"
      echo "$lib" >"$out/vendors/nvidia.icd"
      export OCL_ICD_VENDORS=$out/vendors
      echo "run.sh: OpenCL from $lib (OCL_ICD_VENDORS=$OCL_ICD_VENDORS)" >&2
      break
    fi
  done
fi
# A python3 with numpy (and, for the peer, PyTorch): PYTHON, else the first of python3 and
# /usr/bin/python3 that imports numpy.
if [[ -z ${PYTHON:-} ]]; then
  for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c 'import numpy' 2>/dev/null; then PYTHON=$candidate && break; fi
  done
fi
[[ -n ${PYTHON:-} ]] || { echo "run.sh: no python3 with numpy found; set PYTHON" >&2; exit 2; }
exec "$PYTHON" "$here/gpu_bench.py" --root "$root" --out "$out" "${args[@]}"
