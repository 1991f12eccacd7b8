#!/usr/bin/env bash
# Checkpoints compose with the ranks (docs/checkpoints.md): `mpirun -np 2 reconbound bound
# --checkpoint FILE` keeps each rank's items (its pilot share, its column window's items) in
# FILE.rank<r>-of-2 and prints the JSON of one process; with both files cut short (a job killed
# mid-write) the same command resumes to that JSON and completes both files.
#
# Usage: checkpoint_test.sh RECONBOUND MPIRUN IDX_IMAGES
# shellcheck source=tests/mpi/mpi_test_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/mpi_test_lib.sh"
take_arguments checkpoint_test.sh "$@"

bound=("$reconbound" bound --data "idx:$images" --perp 1000 --est 1500 --seed 3 --gamma 1 --json --threads 1 --quiet)
np2=("$mpirun" --oversubscribe -np 2)

# run NAME COMMAND...: stdout to $work/NAME.json, stderr to $work/NAME.err; must exit 0 within 120 s.
run() {
  local name=$1 status=0
  shift
  timeout 120 "$@" >"$work/$name.json" 2>"$work/$name.err" </dev/null || status=$?
  ((status == 0)) || fail_showing "$work/$name.err" "$name: exit $status (expected 0)"
}

run alone "${bound[@]}"
run first "${np2[@]}" "${bound[@]}" --checkpoint "$work/run.ckpt"
json_same "$work/alone.json" "$work/first.json" "-np 2 with a checkpoint"
for rank in 0 1; do
  file="$work/run.ckpt.rank$rank-of-2"
  [[ -s $file ]] || fail "rank $rank kept no items in $(basename "$file")"
  cp "$file" "$work/full$rank"
done

# Rank 0's file cut to half its size, rank 1's to two thirds: both end inside a record.
truncate -s $(($(stat -c %s "$work/full0") / 2)) "$work/run.ckpt.rank0-of-2"
truncate -s $(($(stat -c %s "$work/full1") * 2 / 3)) "$work/run.ckpt.rank1-of-2"
run resumed "${np2[@]}" "${bound[@]}" --checkpoint "$work/run.ckpt"
json_same "$work/alone.json" "$work/resumed.json" "-np 2 resumed from cut files"
for rank in 0 1; do
  cmp -s "$work/full$rank" "$work/run.ckpt.rank$rank-of-2" ||
    fail "rank $rank's resumed checkpoint differs from the uninterrupted run's"
done
echo "checkpoint_test: -np 2 resumed from cut checkpoints to the JSON of one process"
