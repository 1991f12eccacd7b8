#!/usr/bin/env bash
# `mpirun -np N reconbound report --by-label ...` writes what the single process writes: the JSON
# of -np 1 and 2 (the headline, the spectrum and every label's row) equals the JSON of the run
# without mpirun (timings aside), and the page is the same but for its date line. With
# --checkpoint FILE under -np 2 the run keeps every estimate's items (the spectrum's and each
# label's) in each rank's file, and a second run of the same command restores them — the files
# stay as they were — to the same JSON and page.
#
# Usage: report_by_label_mpi_test.sh RECONBOUND MPIRUN IDX_IMAGES
# On 2 cores: --oversubscribe, --threads 1 and 1,000 + 1,000 of the test images.
# shellcheck source=tests/mpi/mpi_test_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../mpi/mpi_test_lib.sh"
take_arguments report_by_label_mpi_test.sh "$@"

labels=$(dirname "$images")/t10k-labels-idx1-ubyte.gz
[[ -f $labels ]] || fail "no label file at $labels"
pooled=(report --q 0.02 --sigma 1 --steps 1000 --delta 1e-5 --epsilons 8 --sigma-tolerance 5e-2 --epsilon-error 0.05
  --data "idx:$images" --perp 1000 --est 1000 --seed 3 --representation downsample:2 --grid-k 4,20 --threads 1
  --quiet --output "$work/page.html" --json)
report=("${pooled[@]}" --by-label --labels "idx:$labels")

# run TAG [MPIRUN ARGUMENTS...]: the report's JSON to $work/TAG.json, its page without the date
# line (and, with --checkpoint, with the command naming it) to $work/TAG.html; must exit 0 within
# 120 s.
run() {
  local tag=$1 status=0
  shift
  timeout 120 "$@" "$reconbound" "${report[@]}" >"$work/$tag.json" 2>"$work/$tag.err" </dev/null || status=$?
  ((status == 0)) || fail_showing "$work/$tag.err" "$tag: exit $status (expected 0)"
  json_one "$work/$tag.json" "report --by-label $tag"
  grep -v '<th>created</th>' "$work/page.html" >"$work/$tag.html"
}

same_as_alone() {
  grep -q 'id="figure-by-label"' "$work/$1.html" || fail "$1: the page has no per-label figure"
  json_same "$work/alone.json" "$work/$1.json" "report --by-label $1"
  cmp -s "$work/alone.html" "$work/$1.html" || fail "$1: the page differs from the single process's"
  echo "report --by-label $1: JSON (timings aside) and page as without mpirun"
}

run alone
for np in 1 2; do
  run "np$np" "$mpirun" --oversubscribe -np "$np"
  same_as_alone "np$np"
done
report+=(--checkpoint "$work/run.ckpt")
run kept "$mpirun" --oversubscribe -np 2
json_same "$work/alone.json" "$work/kept.json" "report --by-label -np 2 --checkpoint"
for rank in 0 1; do
  [[ -s $work/run.ckpt.rank$rank-of-2 ]] || fail "rank $rank kept no items"
  cp "$work/run.ckpt.rank$rank-of-2" "$work/kept$rank"
done
report=("${pooled[@]}" --checkpoint "$work/pooled.ckpt")
run pooled "$mpirun" --oversubscribe -np 2
report=("${pooled[@]}" --by-label --labels "idx:$labels" --checkpoint "$work/run.ckpt")
run restored "$mpirun" --oversubscribe -np 2
json_same "$work/alone.json" "$work/restored.json" "report --by-label -np 2 restored"
cmp -s "$work/kept.html" "$work/restored.html" || fail "restored: the page differs from the first run's"
for rank in 0 1; do
  cmp -s "$work/kept$rank" "$work/run.ckpt.rank$rank-of-2" || fail "rank $rank computed items again instead of restoring"
done

# restored_items CHECKPOINT [OPTIONS...]: how many items rank 0 restores from CHECKPOINT in a rerun
# of the report with OPTIONS (the line on stderr that --quiet silences).
restored_items() {
  local file=$1 word command=()
  shift
  for word in "${pooled[@]}" "$@"; do [[ $word == --quiet ]] || command+=("$word"); done
  timeout 120 "$mpirun" --oversubscribe -np 2 "$reconbound" "${command[@]}" --checkpoint "$file" >/dev/null \
    2>"$work/items.err" </dev/null || fail_showing "$work/items.err" "a rerun on $(basename "$file") failed"
  sed -n 's/.* \([0-9][0-9]*\) finished items from an earlier run.*/\1/p' "$work/items.err"
}
# The labels' estimates are in the files too: more items than the same report without --by-label.
pooled_items=$(restored_items "$work/pooled.ckpt")
label_items=$(restored_items "$work/run.ckpt" --by-label --labels "idx:$labels")
[[ -n $pooled_items && -n $label_items ]] || fail "no line on the restored items"
((label_items > pooled_items)) || fail "--by-label restored $label_items items, the pooled report $pooled_items"
echo "report --by-label -np 2 --checkpoint: kept every item ($label_items on rank 0, the pooled report's" \
  "$pooled_items); the rerun restored them to the same JSON and page"
