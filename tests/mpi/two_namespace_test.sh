#!/usr/bin/env bash
# Two "hosts", one rank each, over TCP: two_namespace_run.sh runs `mpirun -np 2` across two
# network namespaces joined by a veth pair (and fails itself if under 1 KiB crossed it either
# way). The bound's JSON must equal the one of the run without mpirun, timings aside.
#
# Usage: two_namespace_test.sh RECONBOUND IDX_IMAGES
# Needs root and `ip netns` (two_namespace_run.sh creates the namespaces); mpirun from PATH.
# shellcheck source=tests/mpi/mpi_test_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/mpi_test_lib.sh"
reconbound=${1:?usage: two_namespace_test.sh RECONBOUND IDX_IMAGES}
images=${2:?usage: two_namespace_test.sh RECONBOUND IDX_IMAGES}
[[ -x $reconbound ]] || fail "no executable at $reconbound"
[[ -f $images ]] || fail "no data set at $images"
[[ $(id -u) -eq 0 ]] || fail "must run as root: two_namespace_run.sh creates network namespaces"

bound=(bound --data "idx:$images" --perp 1000 --est 1500 --seed 5 --gamma 1 --threads 1 --quiet --json)

start=$(now)
status=0
timeout 120 "$reconbound" "${bound[@]}" >"$work/alone.json" 2>"$work/alone.err" </dev/null || status=$?
((status == 0)) || fail_showing "$work/alone.err" "bound without mpirun: exit $status (expected 0)"
echo "bound without mpirun: exit 0 in $(seconds_since "$start") s"

# two_namespace_run.sh stops mpirun and removes the namespaces on TERM (timeout's signal).
start=$(now)
status=0
timeout 120 bash "$mpi_test_dir/two_namespace_run.sh" 1 "$reconbound" "${bound[@]}" \
  >"$work/hosts.json" 2>"$work/hosts.err" </dev/null || status=$?
if ((status == 124)); then fail_showing "$work/hosts.err" "two hosts: did not end within 120 s"; fi
((status == 0)) || fail_showing "$work/hosts.err" "two hosts: two_namespace_run.sh exited $status (expected 0)"
echo "two hosts, one rank each: exit 0 in $(seconds_since "$start") s"
grep '^two_namespace_run.sh: mpirun exit' "$work/hosts.err" || true

json_same "$work/alone.json" "$work/hosts.json" "bound on two hosts (1 rank each)"
echo "PASS: $mpi_test_name: the JSON of two hosts equals the single process's (timings aside)"
