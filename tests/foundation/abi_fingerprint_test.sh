#!/usr/bin/env bash
# The plugin ABI fingerprint, recomputed without CMake: the listed headers must be exactly
# reconbound/plugin.hpp and the reconbound headers it includes, transitively, and
# kPluginAbiFingerprint in the generated header must be the SHA-256 of their contents
# concatenated in the listed order.
# Usage: abi_fingerprint_test.sh INCLUDE_DIR GENERATED_HEADER HEADER...
set -euo pipefail
include_dir=$1
generated=$2
shift 2
listed=("$@")

# The include closure of plugin.hpp (the generated header itself is not hashed).
declare -A seen=()
queue=(plugin.hpp)
while ((${#queue[@]} > 0)); do
  header=${queue[0]}
  queue=("${queue[@]:1}")
  [[ -n ${seen[$header]:-} ]] && continue
  seen[$header]=1
  while read -r included; do
    [[ $included == abi_fingerprint.hpp ]] && continue
    queue+=("$included")
  done < <(sed -n 's|^#include "reconbound/\([^"]*\)".*|\1|p' "$include_dir/$header")
done
closure=$(printf '%s\n' "${!seen[@]}" | sort)
list=$(printf '%s\n' "${listed[@]}" | sort)
if [[ $closure != "$list" ]]; then
  echo "RECONBOUND_PLUGIN_INTERFACE_HEADERS is not the include closure of plugin.hpp:" >&2
  diff <(echo "$list") <(echo "$closure") >&2 || true
  exit 1
fi

expected=$(cd "$include_dir" && cat "${listed[@]}" | sha256sum | cut -d' ' -f1)
actual=$(sed -n 's/.*kPluginAbiFingerprint\[\] = "\([0-9a-f]*\)".*/\1/p' "$generated")
if [[ $actual != "$expected" ]]; then
  echo "kPluginAbiFingerprint is '$actual', sha256sum of the headers gives '$expected'" >&2
  exit 1
fi
echo "kPluginAbiFingerprint $actual: the SHA-256 of ${#listed[@]} headers"
