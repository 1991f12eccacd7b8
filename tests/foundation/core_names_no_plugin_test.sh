#!/usr/bin/env bash
# Core names no mechanism plugin: what a mechanism can do (an attack, its reach, its columns) is
# declared through the SDK, and the paper's rows and columns are a preset of the front ends
# (presets/). Greps every file under core/ (sdk, engine, jobs: sources, headers, comments),
# case-insensitively, for the name of every folder of mechanisms/ and for the further spellings
# given, and fails naming each file:line. The front ends name the default mechanism (the CLI's
# --mechanism, Python's mechanism=). The estimator, converse and representation plugins' names
# are not searched for: BoundConfig's defaults name the paper's pipeline (pixel, goldfeld, slb).
# Usage: core_names_no_plugin_test.sh SOURCE_DIR [SPELLING...]
set -euo pipefail
source_dir=$1
shift
names=("$@")
for folder in "$source_dir"/mechanisms/*/; do names+=("$(basename "$folder")"); done
((${#names[@]} > $#)) || { echo "FAIL: no mechanism folders under $source_dir/mechanisms" >&2; exit 1; }
status=0
for name in "${names[@]}"; do
  while IFS=: read -r file line _; do
    file=${file#"$source_dir"/}
    echo "FAIL: $file:$line names the plugin '$name'" >&2
    status=1
  done < <(grep -rniF -- "$name" "$source_dir/core")
done
((status == 0)) && echo "core/ names none of: ${names[*]}"
exit "$status"
