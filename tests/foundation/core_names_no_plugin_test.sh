#!/usr/bin/env bash
# Core names no mechanism plugin: what a mechanism can do (an attack, its reach, its columns) is
# declared through the SDK, and the paper's rows and columns are a preset of the front ends
# (presets/). Greps every file under core/ (sdk, engine, jobs: sources, headers, comments),
# case-insensitively, for the name of every folder of mechanisms/ and for the further spellings
# given, and fails naming each file:line. One line is allowed: the jobs' default mechanism
# (MechanismRequest::name), a default as BoundConfig's estimator and converse are; for the same
# reason the estimator, converse and representation plugins' names are not searched for.
# Usage: core_names_no_plugin_test.sh SOURCE_DIR [SPELLING...]
set -euo pipefail
source_dir=$1
shift
names=("$@")
for folder in "$source_dir"/mechanisms/*/; do names+=("$(basename "$folder")"); done
((${#names[@]} > $#)) || { echo "FAIL: no mechanism folders under $source_dir/mechanisms" >&2; exit 1; }
allowed='core/jobs/include/reconbound/workflow/mechanism_request.hpp:  std::string name = "dpsgd";'
status=0
for name in "${names[@]}"; do
  while IFS=: read -r file line text; do
    file=${file#"$source_dir"/}
    [[ "$file:$text" == "$allowed" ]] && continue
    echo "FAIL: $file:$line names the plugin '$name'" >&2
    status=1
  done < <(grep -rniF -- "$name" "$source_dir/core")
done
((status == 0)) && echo "core/ names none of: ${names[*]} (but the jobs' default mechanism)"
exit "$status"
