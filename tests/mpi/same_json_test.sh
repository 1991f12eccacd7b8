#!/usr/bin/env bash
# `mpirun -np N reconbound CMD ...` prints what `reconbound CMD ...` prints: for bound, spectrum
# and chain on small workloads, the JSON of -np 1, 2 and 3 equals the JSON of the run without
# mpirun (timings aside), stdout holds exactly one JSON document (rank 0 alone prints), stderr
# holds what the single process writes there (once, not once per rank) and the figures rank 0
# writes are byte for byte those of the single process. A grid of one chunk of columns (ranks
# share each block's queries) gives the single process's bound too. Also: --threads 2 per rank gives the
# same bound, and the progress lines of -np 2 (no --quiet) are the single process's, once each.
#
# Usage: same_json_test.sh RECONBOUND MPIRUN IDX_IMAGES
# Every run is on 2 cores (CI), hence --oversubscribe, --threads 1 and 1,000 + 1,500 records.
# shellcheck source=tests/mpi/mpi_test_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/mpi_test_lib.sh"
take_arguments same_json_test.sh "$@"

small=(--data "idx:$images" --perp 1000 --est 1500 --seed 3)
bound=(bound "${small[@]}" --gamma 1 --json)
spectrum=(spectrum "${small[@]}" --epsilons "2,8" --q 1 --steps 1 --delta 1e-5 --json --svg "$work/spectrum.svg")
chain=(chain "${small[@]}" --targets 20 --bits "1,2" --gammas 1 --dpsgd 1:1 --bootstrap 100 --json
  --figures "$work/chain")

# run NAME NP ARGS...: reconbound ARGS without mpirun (NP 0) or under mpirun -np NP; stdout to
# $work/NAME.json, stderr to $work/NAME.err. Fails unless it exits 0 within 120 s.
run() {
  local name=$1 np=$2 start status=0
  shift 2
  local command=("$reconbound" "$@")
  if ((np > 0)); then command=("$mpirun" --oversubscribe -np "$np" "${command[@]}"); fi
  start=$(now)
  timeout 120 "${command[@]}" >"$work/$name.json" 2>"$work/$name.err" </dev/null || status=$?
  if ((status == 124)); then fail_showing "$work/$name.err" "$name: did not end within 120 s"; fi
  if ((status != 0)); then fail_showing "$work/$name.err" "$name: exit $status (expected 0)"; fi
  echo "$name: exit 0 in $(seconds_since "$start") s"
}

# same_stderr EXPECTED ACTUAL WHAT: the two runs wrote the same stderr.
same_stderr() {
  if ! cmp -s "$work/$1.err" "$work/$2.err"; then
    diff "$work/$1.err" "$work/$2.err" | head -n 20 | sed 's/^/  | /' >&2
    fail "$3: stderr differs from the run without mpirun's ($(wc -l <"$work/$2.err") lines against $(wc -l <"$work/$1.err"))"
  fi
}

# same_file EXPECTED ACTUAL WHAT: ACTUAL exists and equals EXPECTED byte for byte.
same_file() {
  [[ -f $2 ]] || fail "$3: $(basename "$2") was not written"
  cmp -s "$1" "$2" || fail "$3: $(basename "$2") differs from the one the run without mpirun wrote"
}

# The three commands, quiet: JSON, stderr and figures as without mpirun.
for np in 0 1 2 3; do
  tag=$([[ $np == 0 ]] && echo alone || echo "np$np")

  # Every run writes its figures to the same paths (they are in the JSON and chain's stderr);
  # each is moved aside before the next run.
  run "bound-$tag" "$np" "${bound[@]}" --threads 1 --quiet
  json_one "$work/bound-$tag.json" "bound $tag"

  run "spectrum-$tag" "$np" "${spectrum[@]}" --threads 1 --quiet
  mv "$work/spectrum.svg" "$work/spectrum-$tag.svg" 2>/dev/null || fail "spectrum $tag: no figure at $work/spectrum.svg"

  run "chain-$tag" "$np" "${chain[@]}" --threads 1 --quiet
  for figure in rho.svg spread.svg reconstructions.png; do
    mv "$work/chain_$figure" "$work/chain-${tag}_$figure" 2>/dev/null || fail "chain $tag: no figure chain_$figure"
  done

  if [[ $tag != alone ]]; then
    for command in bound spectrum chain; do
      json_same "$work/$command-alone.json" "$work/$command-$tag.json" "$command -np $np"
      same_stderr "$command-alone" "$command-$tag" "$command -np $np"
    done
    same_file "$work/spectrum-alone.svg" "$work/spectrum-$tag.svg" "spectrum -np $np"
    for figure in rho.svg spread.svg reconstructions.png; do
      same_file "$work/chain-alone_$figure" "$work/chain-${tag}_$figure" "chain -np $np"
    done
    echo "bound, spectrum, chain -np $np: JSON (timings aside), stderr and figures as without mpirun"
  fi
done

# One chunk: lcm(k) = m = 784 columns, so the ranks share every block's queries (query parts,
# docs/distributed.md) instead of idling; the JSON is still one process's.
one_chunk=(bound "${small[@]}" --gamma 1 --grid-k 16,49 --grid-nu2 0.8 --grid-select none --json --threads 1 --quiet)
run one-chunk-alone 0 "${one_chunk[@]}"
for np in 2 3; do
  run "one-chunk-np$np" "$np" "${one_chunk[@]}"
  json_same "$work/one-chunk-alone.json" "$work/one-chunk-np$np.json" "bound on one chunk -np $np"
done
echo "bound on one chunk of columns -np 2, 3: JSON as without mpirun"

# Two threads per rank: the same bound.
run bound-np2-threads2 2 "${bound[@]}" --threads 2 --quiet
json_same "$work/bound-alone.json" "$work/bound-np2-threads2.json" "bound -np 2 --threads 2"
echo "bound -np 2 --threads 2: JSON as with one thread without mpirun"

# Progress (not --quiet; stderr is a file, so the bar writes one line per finished stage): rank 0
# shows every stage once, as the single process does, not once per rank.
run bound-progress-alone 0 "${bound[@]}" --threads 1
run bound-progress-np2 2 "${bound[@]}" --threads 1
json_same "$work/bound-alone.json" "$work/bound-progress-np2.json" "bound -np 2 with progress"
selections=$(grep -c 'grid selection:' "$work/bound-progress-np2.err" || true)
((selections == 1)) || fail_showing "$work/bound-progress-np2.err" \
  "bound -np 2: $selections progress lines 'grid selection:' on stderr, expected 1"
# The stages without their times, in sorted order: under MPI a gather may end several at once.
stages() { sed -E 's/: done in [0-9.]+ s$//' "$1" | sort; }
if ! diff <(stages "$work/bound-progress-alone.err") <(stages "$work/bound-progress-np2.err") >"$work/stages.diff"; then
  fail_showing "$work/stages.diff" "bound -np 2: the progress lines are not the single process's, once each"
fi
echo "bound -np 2: $(wc -l <"$work/bound-progress-np2.err") progress lines, each stage once, as without mpirun"
echo "PASS: $mpi_test_name"
