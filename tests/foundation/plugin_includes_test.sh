#!/usr/bin/env bash
# The in-tree plugins build against the SDK alone: every reconbound/ header their sources include
# is an SDK header (the interface and the helpers, cmake/ReconboundAbiFingerprint.cmake) or a
# header of a library the plugin links explicitly besides core (reconbound_png's png_codec.hpp,
# reconbound_opencl's opencl/). Fails naming each other include with its file and line.
# Usage: plugin_includes_test.sh SOURCE_DIR SDK_HEADER...
set -euo pipefail
source_dir=$1
shift
declare -A sdk=()
for header in "$@"; do sdk[$header]=1; done
status=0
count=0
while IFS=: read -r file line text; do
  header=$(sed -n 's|.*#include "reconbound/\([^"]*\)".*|\1|p' <<<"$text")
  [[ -z $header ]] && continue
  count=$((count + 1))
  [[ -n ${sdk[$header]:-} || $header == png_codec.hpp || $header == opencl/* ]] && continue
  echo "FAIL: ${file#"$source_dir"/}:$line includes reconbound/$header, which is not part of the SDK" >&2
  status=1
done < <(grep -rn --include='*.cpp' --include='*.hpp' '#include "reconbound/' \
           "$source_dir/mechanisms" "$source_dir/plugins" "$source_dir/representations")
((count > 0)) || { echo "FAIL: no includes found under $source_dir" >&2; exit 1; }
((status == 0)) && echo "$count includes of reconbound/ headers in the in-tree plugins: all from the SDK"
exit "$status"
