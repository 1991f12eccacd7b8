#!/usr/bin/env bash
# Runs an MPI program across two "hosts" on this one machine.
#
#     bash tests/mpi/two_namespace_run.sh RANKS_PER_HOST PROGRAM [ARGS...]
#
# The two hosts are two fresh Linux network namespaces joined by a veth pair with
# addresses .1 and .2 in a private /24. mpirun runs in the first namespace, with a
# hostfile naming both addresses (RANKS_PER_HOST slots each), and starts the daemon of
# the second host through netns_agent.sh instead of ssh. Open MPI is held to TCP on
# that /24 for both its out-of-band and its MPI traffic, so every byte between the
# hosts crosses the veth; the veth byte counters are printed afterwards and the run
# fails (exit 3) if the job succeeded but less than 1 KiB crossed in either direction.
#
# The program's stdout is passed through unchanged; everything this script says goes
# to stderr. The exit code is mpirun's, 2 for a usage or environment problem, 3 for
# too little traffic. The namespaces are removed on every exit, Ctrl-C included.
# Needs root and iproute2 with "ip netns".
set -euo pipefail

die() { echo "two_namespace_run.sh: $*" >&2; exit 2; }

[[ $# -ge 2 ]] || die "usage: two_namespace_run.sh RANKS_PER_HOST PROGRAM [ARGS...]"
[[ $1 =~ ^[1-9][0-9]*$ ]] || die "RANKS_PER_HOST must be a positive integer, got '$1'"
[[ $(id -u) -eq 0 ]] || die "must run as root (it creates network namespaces)"
ip netns list >/dev/null 2>&1 || die "'ip netns' is not available"
ranks_per_host=$1
shift

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
ns1=mpi_a_$$
ns2=mpi_b_$$
subnet=10.231.$(($$ % 250)).0/24
addr1=${subnet%.0/24}.1
addr2=${subnet%.0/24}.2
workdir=$(mktemp -d)
mpirun_pid=

# shellcheck disable=SC2317  # invoked by the trap
cleanup() {
  local ns pid
  set +e
  if [[ -n $mpirun_pid ]]; then kill -TERM "$mpirun_pid" && wait "$mpirun_pid"; fi 2>/dev/null
  for ns in "$ns1" "$ns2"; do
    for pid in $(ip netns pids "$ns" 2>/dev/null); do kill -KILL "$pid"; done 2>/dev/null
    ip netns delete "$ns" 2>/dev/null
  done
  rm -rf "$workdir"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

ip netns add "$ns1"
ip netns add "$ns2"
ip -n "$ns1" link add veth0 type veth peer name veth1 netns "$ns2"
ip -n "$ns1" addr add "$addr1/24" dev veth0
ip -n "$ns2" addr add "$addr2/24" dev veth1
for dev in "$ns1 veth0" "$ns1 lo" "$ns2 veth1" "$ns2 lo"; do
  read -r ns link <<<"$dev"
  ip -n "$ns" link set "$link" up
done

# Bytes received and sent by a namespace's veth end: "RX TX".
counters() {
  ip netns exec "$1" cat "/sys/class/net/$2/statistics/rx_bytes" "/sys/class/net/$2/statistics/tx_bytes" | paste -sd' '
}
read -r rx1_before tx1_before < <(counters "$ns1" veth0)
read -r rx2_before tx2_before < <(counters "$ns2" veth1)

printf '%s slots=%s\n' "$addr1" "$ranks_per_host" "$addr2" "$ranks_per_host" >"$workdir/hostfile"
export NETNS_AGENT_HOSTS="$addr1=$ns1 $addr2=$ns2"
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
cmd=(mpirun --hostfile "$workdir/hostfile" -np $((2 * ranks_per_host)) --oversubscribe
  --bind-to none --mca orte_tmpdir_base "$workdir" --mca plm_rsh_agent "bash $here/netns_agent.sh" --mca plm_rsh_no_tree_spawn 1
  --mca btl "tcp,self" --mca btl_tcp_if_include "$subnet" --mca oob_tcp_if_include "$subnet"
  "$@")
printf -v line '%q ' ip netns exec "$ns1" "${cmd[@]}"
echo "two_namespace_run.sh: ${line% }" >&2

# In the background so that a TERM/INT trap can run (and stop mpirun) while it waits.
ip netns exec "$ns1" "${cmd[@]}" &
mpirun_pid=$!
status=0
wait "$mpirun_pid" || status=$?
mpirun_pid=

read -r rx1_after tx1_after < <(counters "$ns1" veth0)
read -r rx2_after tx2_after < <(counters "$ns2" veth1)
sent=$((tx1_after - tx1_before))
received=$((rx1_after - rx1_before))
echo "two_namespace_run.sh: mpirun exit $status; veth bytes $addr1 -> $addr2: $sent (peer received $((rx2_after - rx2_before))), $addr2 -> $addr1: $((tx2_after - tx2_before)) (received $received)" >&2
if [[ $status -eq 0 ]] && ((sent < 1024 || received < 1024)); then
  echo "two_namespace_run.sh: the job succeeded but under 1 KiB crossed the veth in one direction ($sent sent, $received received)" >&2
  exit 3
fi
exit "$status"
