#!/usr/bin/env bash
# `srun` launches the ranks of one MPI job: a private single-node Slurm cluster (Debian's
# slurmctld, slurmd and munge, started here with their own config, key, socket, ports, state and
# logs in a scratch folder) runs `srun -n 2 --mpi=pmix reconbound bound ...`, and its JSON must
# be one document equal to the one of the run without srun, timings aside. One document from two
# tasks means they formed one MPI job of 2 ranks: tasks that did not (`--mpi=none`, or `--mpi=pmi2`,
# which Debian's Open MPI cannot use) print one document each or fail in MPI_Init.
#
# Usage: slurm_test.sh RECONBOUND IDX_IMAGES
# Needs root (the daemons run as root: SlurmUser=root) and Debian's slurmctld, slurmd,
# slurm-client and munge (scripts/setup.sh). Every exit path stops the daemons it started and
# removes the scratch folder, also when this script is killed with SIGKILL (a detached watchdog
# does it then), so none outlives it.
# shellcheck source=tests/mpi/mpi_test_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/mpi_test_lib.sh"
reconbound=${1:?usage: slurm_test.sh RECONBOUND IDX_IMAGES}
images=${2:?usage: slurm_test.sh RECONBOUND IDX_IMAGES}
[[ -x $reconbound ]] || fail "no executable at $reconbound"
[[ -f $images ]] || fail "no data set at $images"
[[ $(id -u) -eq 0 ]] || fail "must run as root: the private Slurm cluster runs its daemons as root"
for tool in slurmctld slurmd srun sinfo squeue scancel munged mungekey; do
  command -v "$tool" >/dev/null ||
    fail "no $tool on PATH: install slurmctld slurmd slurm-client munge (scripts/setup.sh installs them)"
done

# A Slurm job or allocation around this test must not leak into the private cluster's commands.
while IFS= read -r name; do unset "$name"; done < <(env | sed -n 's/^\(SLURM_[A-Za-z0-9_]*\)=.*/\1/p')

start_all=$(now)
node=$(hostname -s)
cpus=$(nproc)
memory_mib=$(awk '/^MemTotal:/ { print int($2 / 1024 * 0.95) }' /proc/meminfo)
# Two free TCP ports on the loopback, for slurmctld and slurmd.
read -r ctld_port slurmd_port < <(/usr/bin/python3 -c '
import socket
s = [socket.socket() for _ in range(2)]
for x in s: x.bind(("127.0.0.1", 0))
print(*(x.getsockname()[1] for x in s))')

# munged wants its folders executable by all (clients reach the socket) and writable by root only.
chmod 711 "$work"
mkdir -p "$work/munge" "$work/state" "$work/spool" "$work/log" "$work/tmp"
chmod 711 "$work/munge"
export SLURM_CONF=$work/slurm.conf
cat >"$SLURM_CONF" <<EOF
# A private single-node cluster for tests/mpi/slurm_test.sh; everything lives in $work.
ClusterName=reconbound-test
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$work/munge/munge.socket
StateSaveLocation=$work/state
SlurmdSpoolDir=$work/spool
SlurmctldPidFile=$work/slurmctld.pid
SlurmdPidFile=$work/slurmd.pid
SlurmctldLogFile=$work/log/slurmctld.log
SlurmdLogFile=$work/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MailProg=/bin/true
MpiDefault=pmix
ReturnToService=2
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$memory_mib State=UNKNOWN
PartitionName=test Nodes=$node Default=YES MaxTime=INFINITE State=UP
EOF
# Slurm's PMIx plugin puts each step's client folder here rather than in /tmp.
echo "PMIxCliTmpDirBase=$work/tmp" >"$work/mpi.conf"

# The daemons run in daemon mode: detached, with pid files in $work, so that none is in this
# script's process tree. stop_cluster stops them (and any step still running) in order; it runs
# on every exit path: from the EXIT trap, or, when this script is killed with SIGKILL (ctest's
# timeout), from a detached watchdog that polls for this script's end.
# mine PID: PID is running and its command line names this script's scratch folder.
mine() { tr '\0' ' ' <"/proc/$1/cmdline" 2>/dev/null | grep -qF "$work/"; }
stop_cluster() {
  local pid_file pid
  # Steps still running (a run cut short by its timeout) end before slurmd does.
  if [[ -s $work/slurmctld.pid ]]; then
    timeout -k 1 5 scancel --full --user=root >/dev/null 2>&1 || true
    for _ in $(seq 50); do
      [[ -z $(timeout -k 1 2 squeue --noheader 2>/dev/null) ]] && break
      sleep 0.1
    done
  fi
  # slurmd, slurmctld, munged: the reverse of the order they started in. A pid is signalled only
  # while its command line names this script's scratch folder (never a process of someone else).
  for pid_file in "$work/slurmd.pid" "$work/slurmctld.pid" "$work/munge/munged.pid"; do
    [[ -s $pid_file ]] || continue
    pid=$(<"$pid_file")
    mine "$pid" || continue
    kill -TERM "$pid" 2>/dev/null || continue
    for _ in $(seq 50); do mine "$pid" || break; sleep 0.1; done
    if mine "$pid"; then kill -KILL "$pid" 2>/dev/null || true; fi
  done
  rm -rf "$work"
}

# The watchdog runs in a session of its own (setsid --fork), its output nowhere: neither Ctrl-C,
# nor a kill of this script's process tree or process group, nor ctest's wait for the test's
# output reaches it. It ignores INT, TERM and HUP while this script runs.
export work
export -f mine stop_cluster
# shellcheck disable=SC2016  # expanded by the watchdog's bash
setsid --fork bash -c 'echo "$$" >"$work/watchdog.pid"
  trap "" INT TERM HUP
  while kill -0 "$1" 2>/dev/null; do sleep 0.5; done
  trap - INT TERM HUP
  stop_cluster' watchdog "$$" </dev/null >/dev/null 2>&1
for _ in $(seq 50); do [[ -s $work/watchdog.pid ]] && break; sleep 0.1; done

teardown() {
  local status=$? watchdog
  trap - EXIT INT TERM
  watchdog=$(cat "$work/watchdog.pid" 2>/dev/null || true)
  # The watchdog goes last: if this script is killed while it stops the cluster, the watchdog
  # does it again (stopping twice is harmless).
  stop_cluster
  [[ -z $watchdog ]] || kill -KILL "$watchdog" 2>/dev/null || true
  exit "$status"
}
trap teardown EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# wait_for_file FILE SECONDS WHAT: fails with the daemon logs unless FILE appears in time.
wait_for_file() {
  for _ in $(seq $(($2 * 10))); do [[ -s $1 ]] && return 0; sleep 0.1; done
  tail -n 10 "$work"/log/*.log >&2 2>/dev/null || true
  fail "$3 did not write $(basename "$1") within $2 s"
}

mungekey --create --keyfile="$work/munge/munge.key" >"$work/log/mungekey.out" 2>&1 ||
  fail_showing "$work/log/mungekey.out" "mungekey could not create a key"
munged --force --socket="$work/munge/munge.socket" --key-file="$work/munge/munge.key" \
  --pid-file="$work/munge/munged.pid" --seed-file="$work/munge/munged.seed" \
  --log-file="$work/log/munged.log" >"$work/log/munged.out" 2>&1 </dev/null ||
  fail_showing "$work/log/munged.out" "munged did not start"
wait_for_file "$work/munge/munged.pid" 10 munged
slurmctld -i -f "$SLURM_CONF" >"$work/log/slurmctld.out" 2>&1 </dev/null ||
  fail_showing "$work/log/slurmctld.out" "slurmctld did not start"
wait_for_file "$work/slurmctld.pid" 10 slurmctld
slurmd -f "$SLURM_CONF" -N "$node" >"$work/log/slurmd.out" 2>&1 </dev/null ||
  fail_showing "$work/log/slurmd.out" "slurmd did not start"
wait_for_file "$work/slurmd.pid" 10 slurmd

# The node is up when slurmctld reports it idle (slurmd registered).
state=
for _ in $(seq 40); do
  state=$(sinfo --noheader --nodes="$node" --format=%T 2>/dev/null || true)
  [[ $state == idle ]] && break
  sleep 0.5
done
if [[ $state != idle ]]; then
  tail -n 10 "$work/log/slurmctld.log" >&2 2>/dev/null || true
  fail_showing "$work/log/slurmd.log" "node $node not idle within 20 s (sinfo says '${state:-nothing}')"
fi
echo "Slurm: node $node ($cpus CPUs, $memory_mib MiB) idle $(seconds_since "$start_all") s after start"

mpi_types=$(srun --mpi=list 2>&1 || true)
grep -qw pmix <<<"$mpi_types" || fail "srun --mpi=list offers no pmix: $(tr '\n' ' ' <<<"$mpi_types")"

bound=(bound --data "idx:$images" --perp 1000 --est 1500 --seed 3 --gamma "1,8" --json --threads 1 --quiet)

start=$(now)
status=0
timeout 30 "$reconbound" "${bound[@]}" >"$work/alone.json" 2>"$work/alone.err" </dev/null || status=$?
((status == 0)) || fail_showing "$work/alone.err" "bound without srun: exit $status (expected 0)"
echo "bound without srun: exit 0 in $(seconds_since "$start") s"

# srun -n 2 asks for a CPU per task; with fewer, --overcommit lets both run on the one there is.
overcommit=()
((cpus >= 2)) || overcommit=(--overcommit)
start=$(now)
status=0
timeout -k 5 45 srun --nodes=1 --ntasks=2 "${overcommit[@]}" --mpi=pmix --time=1 \
  "$reconbound" "${bound[@]}" >"$work/srun.json" 2>"$work/srun.err" </dev/null || status=$?
if ((status == 124 || status == 137)); then fail_showing "$work/srun.err" "srun -n 2 --mpi=pmix: did not end within 45 s"; fi
if ((status != 0)); then
  tail -n 15 "$work/log/slurmd.log" >&2 2>/dev/null || true
  fail_showing "$work/srun.err" "srun -n 2 --mpi=pmix: exit $status (expected 0)"
fi
echo "srun -n 2 --mpi=pmix: exit 0 in $(seconds_since "$start") s"

json_one "$work/srun.json" "srun -n 2 --mpi=pmix (one JSON document: the two tasks are one MPI job)"
json_same "$work/alone.json" "$work/srun.json" "srun -n 2 --mpi=pmix"
echo "PASS: $mpi_test_name: the JSON of srun -n 2 equals the single process's (timings aside), $(seconds_since "$start_all") s in all"
