#!/usr/bin/env bash
# The plugin ABI fingerprint, recomputed without CMake. The interface headers must be exactly
# reconbound/plugin.hpp and the reconbound headers it includes, transitively; the SDK's helpers
# may include only SDK headers; and kPluginAbiFingerprint in the generated header must be the
# SHA-256 of the interface headers then the helpers, concatenated in the listed order. The SDK's
# folder (core/sdk/include/reconbound) holds these headers and no other, so nothing a plugin can
# include escapes the fingerprint.
# Usage: abi_fingerprint_test.sh INCLUDE_DIR GENERATED_HEADER INTERFACE_HEADER... -- HELPER_HEADER...
set -euo pipefail
include_dir=$1
generated=$2
shift 2
interface=()
while (($# > 0)) && [[ $1 != -- ]]; do interface+=("$1"); shift; done
(($# > 0)) && shift
helpers=("$@")

# The reconbound headers a header includes (the generated abi_fingerprint.hpp is not hashed).
includes() { sed -n 's|^#include "reconbound/\([^"]*\)".*|\1|p' "$include_dir/$1" | grep -vx abi_fingerprint.hpp || true; }

# The include closure of the headers given.
closure_of() {
  local -A seen=()
  local queue=("$@") header included
  while ((${#queue[@]} > 0)); do
    header=${queue[0]}
    queue=("${queue[@]:1}")
    [[ -n ${seen[$header]:-} ]] && continue
    seen[$header]=1
    while read -r included; do [[ -n $included ]] && queue+=("$included"); done < <(includes "$header")
  done
  printf '%s\n' "${!seen[@]}" | sort
}

closure=$(closure_of plugin.hpp)
list=$(printf '%s\n' "${interface[@]}" | sort)
if [[ $closure != "$list" ]]; then
  echo "RECONBOUND_PLUGIN_INTERFACE_HEADERS is not the include closure of plugin.hpp:" >&2
  diff <(echo "$list") <(echo "$closure") >&2 || true
  exit 1
fi
sdk=$(printf '%s\n' "${interface[@]}" "${helpers[@]}" | sort -u)
outside=$(comm -23 <(closure_of "${helpers[@]}") <(echo "$sdk"))
if [[ -n $outside ]]; then
  echo "the SDK's helpers include headers outside the SDK: $(tr '\n' ' ' <<<"$outside")" >&2
  exit 1
fi

unlisted=$(comm -13 <(echo "$sdk") <(cd "$include_dir" && ls -- *.hpp | grep -vx abi_fingerprint.hpp | sort))
if [[ -n $unlisted ]]; then
  echo "the SDK folder holds headers outside the fingerprint lists: $(tr '\n' ' ' <<<"$unlisted")" >&2
  exit 1
fi

expected=$(cd "$include_dir" && cat "${interface[@]}" "${helpers[@]}" | sha256sum | cut -d' ' -f1)
actual=$(sed -n 's/.*kPluginAbiFingerprint\[\] = "\([0-9a-f]*\)".*/\1/p' "$generated")
if [[ $actual != "$expected" ]]; then
  echo "kPluginAbiFingerprint is '$actual', sha256sum of the headers gives '$expected'" >&2
  exit 1
fi
echo "kPluginAbiFingerprint $actual: the SHA-256 of ${#interface[@]} interface headers and ${#helpers[@]} helpers"
