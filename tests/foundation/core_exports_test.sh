#!/usr/bin/env bash
# A core library (sdk, engine or jobs) exports exactly its API: every dynamic symbol of it in
# namespace reconbound belongs to a function marked RECONBOUND_API in its own headers (public and
# internal) or to a class so marked in them or in the headers of the libraries to its left (whose
# inline members and vtables a library may emit), and every function marked in its own headers is
# exported by it — so each function is defined in the library whose headers declare it.
# Usage: core_exports_test.sh LIBRARY OWN_DIR... [-- LEFT_DIR...]  (absent folders are skipped)
set -euo pipefail
library=$1
include_dirs=()
left_dirs=()
shift
while (($# > 0)) && [[ $1 != -- ]]; do [[ -d $1 ]] && include_dirs+=("$1"); shift; done
(($# > 0)) && shift
for dir in "$@"; do [[ -d $dir ]] && left_dirs+=("$dir"); done

# The headers: reconbound/*.hpp and their sub-folders (reconbound/workflow/).
headers=$(find "${include_dirs[@]}" -name '*.hpp')
left_headers=$( ((${#left_dirs[@]} == 0)) || find "${left_dirs[@]}" -name '*.hpp')
api_classes=$(grep -hoE '(class|struct) RECONBOUND_API [A-Za-z_0-9]+' $headers $left_headers |
  awk '{print $3}' | sort -u || true)
api_functions=$(grep -hE '^RECONBOUND_API ' $headers | sed -E 's/\(.*//' |
  awk '{print $NF}' | sed -E 's/^[*&]+//' | sort -u || true)

# Demangled names of the exported reconbound symbols, with "vtable for" etc. dropped.
exported=$(nm -D --defined-only "$library" | c++filt | sed -E 's/^[0-9a-f]+ [A-Za-z] //' |
  sed -E 's/^(typeinfo name for|typeinfo for|vtable for|VTT for|guard variable for) //' |
  grep '^reconbound::' || true)

status=0
while IFS= read -r symbol; do
  [[ -z $symbol ]] && continue
  path=${symbol%%(*}
  path=${path//\[abi:cxx11\]/}
  path=${path#reconbound::}
  first=${path%%::*}
  first=${first%%<*}  # a class template's instantiation: FftwBuffer<double>
  last=${path##*::}
  if grep -qxF "$first" <<<"$api_classes" || grep -qxF "$last" <<<"$api_functions"; then
    continue
  fi
  echo "exported but not public API: $symbol" >&2
  status=1
done <<<"$exported"

exported_names=$(sed -E 's/\(.*//; s/\[abi:cxx11\]//g; s/.*:://' <<<"$exported" | sort -u)
while IFS= read -r function; do
  if ! grep -qxF "$function" <<<"$exported_names"; then
    echo "marked RECONBOUND_API but not exported: $function" >&2
    status=1
  fi
done <<<"$api_functions"

if ((status == 0)); then
  echo "$(wc -l <<<"$exported") reconbound symbols exported, all public API"
fi
exit $status
