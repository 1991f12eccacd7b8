#!/usr/bin/env bash
# Remote-shell agent for Open MPI's rsh launcher (--mca plm_rsh_agent), used by
# two_namespace_run.sh instead of ssh. Called like ssh:
#
#     netns_agent.sh [OPTIONS] HOST COMMAND...
#
# HOST is looked up in NETNS_AGENT_HOSTS ("ADDRESS=NAMESPACE ADDRESS=NAMESPACE ...")
# and COMMAND runs in that network namespace. Like ssh, the command words are joined
# with spaces and handed to a shell, so the quoting Open MPI puts into the daemon's
# command line is interpreted as it would be on a real remote host.
set -euo pipefail

while [[ $# -gt 0 && $1 == -* ]]; do shift; done   # ignore ssh-style options
if [[ $# -lt 2 ]]; then
  echo "netns_agent.sh: usage: netns_agent.sh [OPTIONS] HOST COMMAND..." >&2
  exit 255
fi
host=$1
shift

namespace=
for entry in ${NETNS_AGENT_HOSTS:-}; do
  if [[ ${entry%%=*} == "$host" ]]; then namespace=${entry#*=}; fi
done
if [[ -z $namespace ]]; then
  echo "netns_agent.sh: no namespace for host '$host' in NETNS_AGENT_HOSTS" >&2
  exit 255
fi

exec ip netns exec "$namespace" sh -c "$*"
