# Steps, checks and logged commands of the shell tests (tests/package, tests/sdk), sourced by
# them after they set $work (their scratch folder) and failures=0. A check that fails counts in
# $failures, so that a script reports every failure before it exits non-zero.
step() { echo "== $*" >&2; }
pass() { echo "PASS $*" >&2; }
fail() { echo "FAIL $*" >&2; failures=$((failures + 1)); }
# Runs a command with its output in $work/$1.log, shown only when it fails.
logged() {
  local log=$work/$1.log
  shift
  "$@" > "$log" 2>&1 || { cat "$log" >&2; echo "FAIL $*" >&2; exit 1; }
}
