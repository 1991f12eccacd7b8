#!/usr/bin/env bash
# Ctrl-C to mpirun while two ranks of a bound work: a terminal's SIGINT reaches mpirun alone
# (Open MPI starts each rank in its own process group), and Open MPI 4's mpirun then sends
# SIGTERM to every rank, 1 s later (its odls_base_sigkill_timeout). Rank 0 prints the line of
# the interrupt once and ends within a second; mpirun then ends the others. No MPI_ABORT
# banner, nothing on stdout, every rank and mpirun ended within $limit s of the SIGINT.
#
# Usage: mpi_interrupt_test.sh RECONBOUND MPIRUN IDX_IMAGES
# shellcheck source=tests/mpi/mpi_test_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../mpi/mpi_test_lib.sh"
take_arguments mpi_interrupt_test.sh "$@"

limit=3  # mpirun's 1 s, rank 0's second, and an allowance for a loaded machine

"$mpirun" --oversubscribe -np 2 "$reconbound" bound --data "idx:$images" --perp 2000 --est 8000 --gamma 1 \
  --grid-select none --threads 1 --json >"$work/out" 2>"$work/err" </dev/null &
mpirun_pid=$!
trap 'kill -KILL "$mpirun_pid" 2>/dev/null || true; rm -rf "$work"' EXIT  # no job left behind by a failure

# Whether process $1 catches SIGTERM (bit 15 of SigCgt): its main has begun.
catches_sigterm() {
  local mask
  mask=$(awk '/^SigCgt:/ { print $2 }' "/proc/$1/status" 2>/dev/null) || return 1
  [[ -n $mask ]] && (((16#$mask >> 14) & 1))
}

ranks=()
for _ in $(seq 300); do  # up to 30 s for both ranks to start
  mapfile -t ranks < <(pgrep -P "$mpirun_pid" || true)
  caught=0
  for pid in "${ranks[@]}"; do
    if catches_sigterm "$pid"; then caught=$((caught + 1)); fi
  done
  ((caught == 2)) && break
  sleep 0.1
done
((caught == 2)) || fail_showing "$work/err" "the two ranks did not start within 30 s"
sleep 2  # into the work: representing, tr Σ, the rotation, the estimate
kill -0 "$mpirun_pid" 2>/dev/null || fail_showing "$work/err" "the job ended before the signal"

rank_identities=()
for pid in "${ranks[@]}"; do rank_identities+=("$(process_identity "$pid")"); done
any_rank_runs() {
  local identity
  for identity in "${rank_identities[@]}"; do if still_runs "$identity"; then return 0; fi; done
  return 1
}

start=$(now)
kill -INT "$mpirun_pid"
ranks_seconds='' seconds=''
for _ in $(seq 500); do  # up to 10 s for mpirun and every rank to end
  [[ -n $ranks_seconds ]] || any_rank_runs || ranks_seconds=$(seconds_since "$start")
  [[ -n $seconds ]] || kill -0 "$mpirun_pid" 2>/dev/null || seconds=$(seconds_since "$start")
  [[ -n $ranks_seconds && -n $seconds ]] && break
  sleep 0.02
done
if [[ -z $seconds ]]; then
  kill -KILL "$mpirun_pid" "${ranks[@]}" 2>/dev/null || true
  fail_showing "$work/err" "mpirun still runs 10 s after SIGINT"
fi
status=0
wait "$mpirun_pid" || status=$?
echo "mpirun exit $status $seconds s after SIGINT; every rank ended after ${ranks_seconds:-more than 10} s"
[[ -n $ranks_seconds ]] || fail "a rank still runs 10 s after SIGINT, after mpirun ended"
((status != 0)) || fail_showing "$work/err" "mpirun exited 0 after SIGINT"
less_than "$ranks_seconds" "$limit" ||
  fail_showing "$work/err" "the ranks took $ranks_seconds s to end (limit $limit s)"
less_than "$seconds" "$limit" || fail_showing "$work/err" "mpirun took $seconds s to end (limit $limit s)"
[[ ! -s $work/out ]] || fail_showing "$work/out" "an interrupted job printed on stdout"
lines=$(grep -c "interrupted by" "$work/err" || true)
((lines == 1)) || fail_showing "$work/err" "the line of the interrupt came $lines times, not once"
grep -qE "^reconbound: interrupted by SIG(INT|TERM); nothing was saved" "$work/err" ||
  fail_showing "$work/err" "stderr lacks the line of the interrupt"
if grep -q "MPI_ABORT" "$work/err"; then fail_showing "$work/err" "an interrupt printed MPI_ABORT's banner"; fi

echo "PASS: $mpi_test_name"
