#!/usr/bin/env bash
# Every plugin built in the tree has tests labelled with its name: its conformance entry and at
# least one test of its own (docs/testing.md, "Finding a plugin's tests").
#
# Usage: plugin_labels_test.sh CTEST BUILD_DIR PLUGIN...
set -euo pipefail
ctest=${1:?usage: plugin_labels_test.sh CTEST BUILD_DIR PLUGIN...}
build=${2:?usage: plugin_labels_test.sh CTEST BUILD_DIR PLUGIN...}
shift 2
(($# > 0)) || { echo "FAIL: plugin_labels: no plugins given" >&2; exit 1; }
status=0
for plugin in "$@"; do
  tests=$("$ctest" --test-dir "$build" -N -L "^${plugin}\$" | awk '/^ *Test +#/ { print $3 }')
  count=$(grep -c . <<<"$tests" || true)
  own=$(grep -vc "^conformance_${plugin}\$" <<<"$tests" || true)
  echo "${plugin}: ${count} tests: $(tr '\n' ' ' <<<"$tests")"
  if ! grep -qx "conformance_${plugin}" <<<"$tests" || ((own < 1)); then
    echo "FAIL: plugin_labels: plugin ${plugin} has no conformance entry or no test of its own labelled ${plugin}" >&2
    status=1
  fi
done
exit "$status"
