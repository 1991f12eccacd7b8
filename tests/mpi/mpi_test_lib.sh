# Sourced by tests/mpi/*_test.sh: the environment Open MPI needs here, a scratch folder,
# fail (the one-line reason of a failed assertion) and the timing and JSON helpers.
# shellcheck shell=bash disable=SC2034  # mpi_test_dir, mpi_test_name and work are the scripts'

set -euo pipefail

# The tests run as root (CI containers); Open MPI refuses that unless told twice.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

mpi_test_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
mpi_test_name=$(basename "$0" .sh)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# fail REASON: the reason on one line, last, then exit 1. Context (a command's stderr) is
# printed before it by fail_showing.
fail() {
  echo "FAIL: $mpi_test_name: $*" >&2
  exit 1
}

# fail_showing FILE REASON: the last lines of FILE (a run's stderr), then fail REASON.
fail_showing() {
  local file=$1
  shift
  {
    echo "--- last lines of $(basename "$file"):"
    tail -n 25 "$file" | sed 's/^/  | /'
  } >&2
  fail "$@"
}

now() { date +%s.%N; }

# seconds_since START: the seconds from START (a `now`) until now, to 0.01 s.
seconds_since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.2f", b - a }'; }

# less_than X LIMIT: X < LIMIT for decimal numbers.
less_than() { awk -v x="$1" -v y="$2" 'BEGIN { exit !(x < y) }'; }

# process_identity PID: "PID START" with the process's start time (field 22 of its stat), so
# that a later check is not fooled by another process given the same id.
process_identity() { echo "$1 $(awk '{ print $22 }' "/proc/$1/stat" 2>/dev/null || echo gone)"; }

# still_runs IDENTITY: the process of a process_identity exists, is the same process and is
# not a zombie (state Z, waiting to be reaped).
still_runs() {
  local pid start stat
  read -r pid start <<<"$1"
  stat=$(cat "/proc/$pid/stat" 2>/dev/null) || return 1
  [[ $(awk '{ print $3 }' <<<"$stat") != Z && $(awk '{ print $22 }' <<<"$stat") == "$start" ]]
}

# json_same EXPECTED ACTUAL WHAT: ACTUAL holds one JSON document equal to EXPECTED, timings aside.
json_same() { /usr/bin/python3 "$mpi_test_dir/../support/json_same.py" same "$1" "$2" "$mpi_test_name: $3" || exit 1; }

# json_one FILE WHAT: FILE holds exactly one JSON document.
json_one() { /usr/bin/python3 "$mpi_test_dir/../support/json_same.py" one "$1" "$mpi_test_name: $2" || exit 1; }

# take_arguments SCRIPT "$@": sets reconbound, mpirun and images from a test's three arguments.
take_arguments() {
  local usage="usage: $1 RECONBOUND MPIRUN IDX_IMAGES"
  reconbound=${2:?$usage}
  mpirun=${3:?$usage}
  images=${4:?$usage}
  [[ -x $reconbound ]] || fail "no executable at $reconbound"
  [[ -f $images ]] || fail "no data set at $images"
}

# same_alone_and_on_ranks NAME ARGUMENTS...: `reconbound ARGUMENTS` alone, then under mpirun -np 1,
# 2 and 3; each run exits 0 and prints one JSON document, and every -np run's JSON (timings aside)
# and stderr are the run alone's. NAME labels the messages ("bound --by-label").
same_alone_and_on_ranks() {
  local name=$1 np tag status
  shift
  for np in 0 1 2 3; do
    tag=$([[ $np == 0 ]] && echo alone || echo "np$np")
    local command=("$reconbound" "$@")
    if ((np > 0)); then command=("$mpirun" --oversubscribe -np "$np" "${command[@]}"); fi
    status=0
    timeout 120 "${command[@]}" >"$work/$tag.json" 2>"$work/$tag.err" </dev/null || status=$?
    ((status == 0)) || fail_showing "$work/$tag.err" "$tag: exit $status (expected 0)"
    json_one "$work/$tag.json" "$name $tag"
    if [[ $tag != alone ]]; then
      json_same "$work/alone.json" "$work/$tag.json" "$name -np $np"
      cmp -s "$work/alone.err" "$work/$tag.err" || fail_showing "$work/$tag.err" "-np $np: stderr differs"
      echo "$name -np $np: JSON (timings aside) and stderr as without mpirun"
    fi
  done
}
