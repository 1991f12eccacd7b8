#!/usr/bin/env bash
# Core names no plugin: what a plugin can do is declared through the SDK, the paper's chain rows
# and columns are a preset of the front ends, and so is the paper's pipeline (pixel, goldfeld,
# slb: presets/paper_pipeline.hpp); BoundConfig and the jobs' requests start with no plugin named.
# Greps every file under core/ (sdk, engine, jobs: sources, headers, comments),
# case-insensitively, for the name of every plugin folder (mechanisms/, representations/,
# plugins/estimators/, plugins/converses/) and for the further spellings given, and fails naming
# each file:line. A plugin named by an ordinary word (ORDINARY_WORDS, e.g. "pixel", which core's
# data readers use for a pixel of an image) is searched for only as a spec in a string literal:
# "word" or "word:…".
# Usage: core_names_no_plugin_test.sh SOURCE_DIR [SPELLING...]
set -euo pipefail
source_dir=$1
shift
ordinary_words=(pixel select)
names=("$@")
for folder in "$source_dir"/{mechanisms,representations,plugins/estimators,plugins/converses}/*/; do
  names+=("$(basename "$folder")")
done
((${#names[@]} >= $# + 4)) || { echo "FAIL: fewer than four plugin folders under $source_dir" >&2; exit 1; }
status=0
for name in "${names[@]}"; do
  pattern=$name
  for word in "${ordinary_words[@]}"; do [[ $name == "$word" ]] && pattern="\"$name[\":]"; done
  while IFS=: read -r file line _; do
    file=${file#"$source_dir"/}
    echo "FAIL: $file:$line names the plugin '$name'" >&2
    status=1
  done < <(grep -rniE -- "$pattern" "$source_dir/core")
done
((status == 0)) && echo "core/ names none of: ${names[*]}"
exit "$status"
