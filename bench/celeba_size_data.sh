# Sourced by the CelebA-size benchmarks (bench/memory/celeba_peak.sh, bench/celeba_size_run.sh):
# with `root` (the repository) and `work` (a private directory) set, takes a private copy of the
# release build unless RECONBOUND names an executable (a rebuild during the measurement cannot
# swap the binary), finds a python3 with numpy unless PYTHON names one, and writes the data:
# 50,000 synthetic records of 3 × 64 × 64 bytes (uint8, as CelebA's pixels) to $work/celeba_size.npy,
# whose path it leaves in `data`.
if [[ -z ${RECONBOUND:-} ]]; then
  flock /tmp/reconbound-build.lock cp -r "$root/build/release/bin" "$root/build/release/lib" "$work/"
  export LD_LIBRARY_PATH=$work/lib
  RECONBOUND=$work/bin/reconbound
fi
if [[ -z ${PYTHON:-} ]]; then
  for candidate in python3 /usr/bin/python3; do
    if "$candidate" -c 'import numpy' 2>/dev/null; then PYTHON=$candidate && break; fi
  done
fi
[[ -n ${PYTHON:-} ]] || { echo "no python3 with numpy found; set PYTHON" >&2; exit 1; }

data=$work/celeba_size.npy
echo "writing 50,000 × 3 × 64 × 64 uint8 records to $data" >&2
"$PYTHON" - "$data" 50000 <<'PY'
import sys
import numpy as np
path, n = sys.argv[1], int(sys.argv[2])
out = np.lib.format.open_memmap(path, mode="w+", dtype=np.uint8, shape=(n, 3, 64, 64))
rng = np.random.default_rng(20261202)
for first in range(0, n, 5000):  # 61 MB at a time
    out[first:first + 5000] = rng.integers(0, 256, size=(min(5000, n - first), 3, 64, 64), dtype=np.uint8)
out.flush()
PY
