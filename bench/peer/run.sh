#!/usr/bin/env bash
# The PyTorch peer (issue 25, item 4; docs/fast_estimator.md, "The PyTorch peer"). Builds
# nothing: takes a private copy of build/release (bin/, lib/ and bench/peer_export, under the
# build lock) and runs bench/peer/peer.py with it — both estimators on the same pair, REPS
# times, each measurement after waiting for a quiet machine — writing bench/peer/results/.
#
#   bash bench/peer/run.sh [ARGS for peer.py ...]     e.g. --n-est 10000 --k 28 --nu2 1.6 --reps 2
# Environment: PEER_OPENBLAS_DIR — a folder holding an OpenBLAS libblas.so.3 (e.g. Debian's
# libopenblas0-pthread unpacked with `apt-get download` and `dpkg-deb -x`, nothing installed):
# then the comparison runs a second time with torch on OpenBLAS (LD_LIBRARY_PATH), besides
# Debian's default, the reference BLAS.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
source "$here/../mpi/common.sh"  # root, snapshot, wait_quiet
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
[[ -x $root/build/release/bench/peer_export ]] || { echo "build the target peer_export (release preset) first" >&2; exit 1; }
snapshot "$work"
flock /tmp/reconbound-build.lock cp "$root/build/release/bench/peer_export" "$work/snapshot/bin/"
args=(--reconbound "$work/snapshot/bin/reconbound" --export "$work/snapshot/bin/peer_export" "$@")
/usr/bin/python3 "$here/peer.py" "${args[@]}"
if [[ -n ${PEER_OPENBLAS_DIR:-} ]]; then
  PEER_CHILD_LD_LIBRARY_PATH=$LD_LIBRARY_PATH LD_LIBRARY_PATH=$PEER_OPENBLAS_DIR:$LD_LIBRARY_PATH \
    /usr/bin/python3 "$here/peer.py" "${args[@]}"
fi
