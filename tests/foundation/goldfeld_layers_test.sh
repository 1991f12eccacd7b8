#!/usr/bin/env bash
# The goldfeld plugin's folders keep to their layers (docs/fast_estimator.md, "Where the code is"):
# mathematics/ includes nothing from cpu/ or opencl/, cpu/ nothing from opencl/, so the
# mathematics is the same on every platform and the CPU kernels build without the OpenCL path.
# Fails naming each include that crosses a layer, with its file and line.
# Usage: goldfeld_layers_test.sh PLUGIN_DIR
set -euo pipefail
plugin_dir=$1
status=0
count=0
check() {  # FOLDER FORBIDDEN...
  local folder=$1
  shift
  local pattern names
  pattern=$(IFS='|'; echo "$*")
  names=$(printf '%s/ ' "$@")
  while IFS=: read -r file line text; do
    echo "FAIL: ${file#"$plugin_dir"/}:$line: $text ($folder/ may not include ${names% })" >&2
    status=1
  done < <(grep -rnE --include='*.cpp' --include='*.hpp' "#include \"($pattern)/" "$plugin_dir/$folder" || true)
  count=$((count + $(find "$plugin_dir/$folder" -name '*.cpp' -o -name '*.hpp' | wc -l)))
}
for folder in mathematics cpu opencl; do
  [[ -d $plugin_dir/$folder ]] || { echo "FAIL: $plugin_dir/$folder is missing" >&2; exit 1; }
done
check mathematics cpu opencl
check cpu opencl
((status == 0)) && echo "$count sources of mathematics/ and cpu/: no include crosses a layer"
exit "$status"
