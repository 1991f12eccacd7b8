#!/usr/bin/env bash
# Every plugin built in the tree links the SDK library and no other library of core: its
# dynamic section needs libreconbound_sdk.so and neither libreconbound_engine.so nor
# libreconbound_jobs.so (docs/library-api.md, "Three libraries"). Fails naming the plugin.
# Usage: plugin_links_test.sh PLUGIN_DIR
set -euo pipefail
plugin_dir=$1
shopt -s nullglob
plugins=("$plugin_dir"/reconbound-*.so)
((${#plugins[@]} > 0)) || { echo "FAIL: no plugins in $plugin_dir" >&2; exit 1; }
status=0
for plugin in "${plugins[@]}"; do
  needed=$(readelf -d "$plugin" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
  name=$(basename "$plugin")
  if ! grep -qx libreconbound_sdk.so <<<"$needed"; then
    echo "FAIL: $name does not link libreconbound_sdk.so" >&2
    status=1
  fi
  for library in libreconbound_engine.so libreconbound_jobs.so; do
    if grep -qx "$library" <<<"$needed"; then
      echo "FAIL: $name links $library: a plugin links the SDK alone" >&2
      status=1
    fi
  done
done
((status == 0)) && echo "${#plugins[@]} plugins link the SDK and no other library of core"
exit "$status"
