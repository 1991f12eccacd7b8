#!/usr/bin/env bash
# The front ends (the CLI, the Python module, the figures, the presets) talk to the jobs: of core they include
# the jobs' headers, the SDK's, and of the engine only the headers of the types the jobs' API is
# written in — the registry every job takes, BoundConfig and its report, the run's handles beside
# it (RunHandles: the progress, the ranks and the checkpoint), and the grid and its selection a
# report holds (docs/library-api.md, "Three libraries"). Fails naming every other include of an engine header with its file and line.
# Usage: front_end_includes_test.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
engine_dir="$source_dir/core/engine/include/reconbound"
declare -A allowed=([registry.hpp]=1 [bound.hpp]=1 [run_handles.hpp]=1 [checkpoint.hpp]=1 [ranks.hpp]=1
                    [grid.hpp]=1 [grid_selection.hpp]=1)
status=0
count=0
while IFS=: read -r file line text; do
  header=$(sed -n 's|.*#include "reconbound/\([^"]*\)".*|\1|p' <<<"$text")
  [[ -z $header || ! -f $engine_dir/$header ]] && continue
  count=$((count + 1))
  [[ -n ${allowed[$header]:-} ]] && continue
  echo "FAIL: ${file#"$source_dir"/}:$line includes the engine's reconbound/$header: a front end calls the jobs" >&2
  status=1
done < <(grep -rn --include='*.cpp' --include='*.hpp' '#include "reconbound/' \
           "$source_dir/apps" "$source_dir/python/src" "$source_dir/figures" "$source_dir/presets")
((status == 0)) && echo "$count includes of engine headers in the front ends: all of types the jobs' API takes or gives"
exit "$status"
