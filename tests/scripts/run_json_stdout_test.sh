#!/usr/bin/env bash
# scripts/run.sh --json on an already-built tree: setup.sh, the configure step and the build
# (ninja's "no work to do" included) must write to stderr only, so stdout parses as one JSON
# document. The bound itself is the smallest run.sh accepts: 100 + 100 records, one grid pair.
# Usage: run_json_stdout_test.sh SOURCE_DIR BUILD_DIR
set -euo pipefail
source_dir=${1:?usage: run_json_stdout_test.sh SOURCE_DIR BUILD_DIR}
build_dir=${2:?usage: run_json_stdout_test.sh SOURCE_DIR BUILD_DIR}
out=$(mktemp)
err=$(mktemp)
trap 'rm -f "$out" "$err"' EXIT

if ! RECONBOUND_BUILD_DIR=$build_dir bash "$source_dir/scripts/run.sh" --perp-range 0:100 \
    --est-range 100:200 --grid-k 28 --grid-nu2 1.6 --grid-select none --threads 1 --quiet --json \
    > "$out" 2> "$err"; then
  echo "scripts/run.sh failed; its stderr:" >&2
  cat "$err" >&2
  exit 1
fi
if ! /usr/bin/python3 -c 'import json, sys; json.load(sys.stdin)' < "$out"; then
  echo "stdout of scripts/run.sh --json is not one JSON document; it begins:" >&2
  head -c 2000 "$out" >&2
  exit 1
fi
# The setup and build steps did run, and their reports are on stderr: setup's summary, and
# ninja's "no work to do" or its progress lines.
for expected in '^setup: ' '^ninja: no work to do|^\[[0-9]+/[0-9]+\] '; do
  if ! grep -Eq "$expected" "$err"; then
    echo "stderr of scripts/run.sh lacks '$expected' (did the setup and build steps run?):" >&2
    cat "$err" >&2
    exit 1
  fi
done
echo "scripts/run.sh --json: stdout is JSON ($(wc -c < "$out") bytes); setup and build on stderr"
