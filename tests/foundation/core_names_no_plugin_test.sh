#!/usr/bin/env bash
# Core names no plugin: what a plugin can do is declared through the SDK, the paper's chain rows
# and columns are a preset of the front ends, and so is the paper's pipeline (pixel, goldfeld,
# slb: presets/paper_pipeline.hpp); BoundConfig and the jobs' requests start with no plugin named.
# The figures and the report name no representation, estimator or converse either: what they
# say of Ψ (its unit) comes from what Ψ declares (RepresentationInfo::unit). They do name the
# paper's chain columns (the codebook and dpsgd mechanisms), which are presets' (presets/).
# Greps every file under ROOM (core/: sdk, engine, jobs; figures/: sources, headers, comments),
# case-insensitively, for the name of every plugin folder of the KINDS given (folders of the
# source tree, e.g. "mechanisms representations plugins/estimators plugins/converses") and for the
# further spellings given, and fails naming each file:line. A plugin named by an ordinary word
# (ORDINARY_WORDS, e.g. "pixel", which core's data readers use for a pixel of an image) is searched
# for only as a spec in a string literal: "word" or "word:…".
# Usage: core_names_no_plugin_test.sh SOURCE_DIR ROOM KINDS [SPELLING...]
set -euo pipefail
source_dir=$1 room=$2
read -r -a kinds <<< "$3"
shift 3
ordinary_words=(pixel select)
names=("$@")
for kind in "${kinds[@]}"; do
  for folder in "$source_dir/$kind"/*/; do names+=("$(basename "$folder")"); done
done
((${#names[@]} >= $# + ${#kinds[@]})) \
  || { echo "FAIL: fewer plugin folders than kinds (${kinds[*]}) under $source_dir" >&2; exit 1; }
status=0
for name in "${names[@]}"; do
  pattern=$name
  for word in "${ordinary_words[@]}"; do [[ $name == "$word" ]] && pattern="\"$name[\":]"; done
  while IFS=: read -r file line _; do
    file=${file#"$source_dir"/}
    echo "FAIL: $file:$line names the plugin '$name'" >&2
    status=1
  done < <(grep -rniE -- "$pattern" "$source_dir/$room")
done
((status == 0)) && echo "$room/ names none of: ${names[*]}"
exit "$status"
