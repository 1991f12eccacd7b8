# Sourced by speedup.sh and measure_costs.sh.
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1

# A private copy of the binary and its plugins in $1/snapshot, taken under the build lock, so that
# a rebuild during the measurement cannot swap them (plugins are found next to libreconbound_engine.so).
snapshot() {
  rm -rf "$1/snapshot" && mkdir -p "$1/snapshot"
  flock /tmp/reconbound-build.lock cp -r "$root/build/release/bin" "$root/build/release/lib" "$1/snapshot/"
  export LD_LIBRARY_PATH=$1/snapshot/lib
  reconbound=$1/snapshot/bin/reconbound
}

# Waits (at most QUIET_WAIT_S seconds, default 900) for 10 s in which the machine is >= 90 % idle:
# the timings are worth little while other jobs share the cores. Goes on regardless after that.
wait_quiet() {
  local deadline=$((SECONDS + ${QUIET_WAIT_S:-900}))
  until python3 -c 'import time
cpu = lambda: [int(v) for v in open("/proc/stat").readline().split()[1:]]
a = cpu(); time.sleep(10); d = [y - x for x, y in zip(a, cpu())]
raise SystemExit((d[3] + d[4]) / sum(d) < 0.9)'; do
    if ((SECONDS >= deadline)); then echo "the machine is still busy; measuring anyway" >&2; return; fi
  done
}
