#!/usr/bin/env bash
# The SDK for plugins written out of tree (docs/writing-a-plugin.md, "Building out of tree"):
#  1. `cmake --install BUILD --component sdk` into a temporary prefix installs the SDK and nothing
#     else: the SDK's headers, libreconbound_sdk.so and the CMake package (config, version, the
#     SDK's targets, ReconboundPlugin.cmake); no CLI, no other library, no Python module.
#  2. examples/plugins/centre_crop, copied out of the tree, builds with find_package(reconbound)
#     against that prefix and against the build tree itself (-Dreconbound_DIR=BUILD), warnings as
#     errors, each linking libreconbound_sdk.so alone; the build tree's CLI lists both plugins
#     through RECONBOUND_PLUGIN_PATH, with no load failure.
#  3. find_package(reconbound REQUIRED COMPONENTS jobs) against the SDK-only prefix fails, saying
#     that the component is not there.
#  4. With PYTHON_ON = 1: a tree configured like scripts/run.sh's (the Python module on) whose
#     extension was never built installs its `python` component, and runs the python folder's
#     install script as a full install does, without error, installing nothing and saying why —
#     the rule that lets a full install succeed after scripts/run.sh's build (the tree is
#     configured, never built: seconds).
#
# usage: sdk_install_test.sh BUILD_DIR SOURCE_DIR CMAKE GENERATOR CXX SANITIZE(0|1) PYTHON_ON(0|1) [PYTHON]
set -euo pipefail
build=$(cd "$1" && pwd) source=$(cd "$2" && pwd)
cmake=$3 generator=$4 cxx=$5 sanitize=$6 python_on=$7 python=${8:-}
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/reconbound-sdk-install.XXXXXX")
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
failures=0

# shellcheck source=../support/script_steps.sh
. "$here/../support/script_steps.sh"

step "cmake --install --component sdk into a temporary prefix"
logged install-sdk "$cmake" --install "$build" --component sdk --prefix "$prefix"
# What the SDK is: every header of core/sdk/include, the generated fingerprint, the library, the package.
expected=$work/expected.txt
{
  (cd "$source/core/sdk/include" && find . -type f | sed 's|^\./|include/|')
  echo include/reconbound/abi_fingerprint.hpp
  echo lib/libreconbound_sdk.so
  for file in reconboundConfig.cmake reconboundConfigVersion.cmake reconboundSdkTargets.cmake \
              reconboundSdkTargets-CONFIG.cmake ReconboundPlugin.cmake; do
    echo "lib/cmake/reconbound/$file"
  done
} | sort > "$expected"
# The targets' per-configuration file is named after the build type (-release.cmake, -debug.cmake).
(cd "$prefix" && find . -type f -o -type l) | sed -e 's|^\./||' -e 's|SdkTargets-[a-z]*\.cmake$|SdkTargets-CONFIG.cmake|' \
  | sort > "$work/installed.txt"
if diff "$expected" "$work/installed.txt" > "$work/difference.txt"; then
  pass "the sdk component is the SDK: $(wc -l < "$expected") files (headers, libreconbound_sdk.so, the package)"
else
  fail "the sdk component's files differ from the SDK's ('<' missing, '>' not of the SDK):"
  cat "$work/difference.txt" >&2
fi

# The example, copied where no CMakeLists.txt of the tree is above it.
cp -r "$source/examples/plugins/centre_crop" "$work/centre_crop"
flags="-Wall -Wextra -Wpedantic -Werror"
[ "$sanitize" = 1 ] && flags="$flags -fsanitize=address,undefined"
build_plugin() {  # build_plugin NAME PACKAGE_FOLDER CMAKE_ARGUMENT...
  local name=$1 package=$2
  shift 2
  logged "configure-$name" "$cmake" -S "$work/centre_crop" -B "$work/$name" -G "$generator" \
    -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_CXX_FLAGS="$flags" \
    -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF "$@"
  grep -qxE "reconbound_DIR:(PATH|UNINITIALIZED)=$package" "$work/$name/CMakeCache.txt" \
    && pass "$name: find_package(reconbound) used $package" \
    || fail "$name: find_package(reconbound) did not use $package: $(grep '^reconbound_DIR' "$work/$name/CMakeCache.txt")"
  logged "build-$name" "$cmake" --build "$work/$name"
  local needed
  needed=$(readelf -d "$work/$name/reconbound-centre_crop.so" | sed -n 's/.*NEEDED.*\[\(libreconbound[^]]*\)\].*/\1/p' \
           | tr '\n' ' ')
  [ "$needed" = "libreconbound_sdk.so " ] && pass "$name: the plugin links libreconbound_sdk.so alone" \
    || fail "$name: the plugin's reconbound libraries are '$needed' (expected libreconbound_sdk.so alone)"
}
step "an out-of-tree plugin against the installed SDK"
build_plugin against-prefix "$prefix/lib/cmake/reconbound" -DCMAKE_PREFIX_PATH="$prefix"
step "the same plugin against the build tree"
build_plugin against-build "$build" -Dreconbound_DIR="$build"

step "the build tree's CLI loads both through RECONBOUND_PLUGIN_PATH"
for name in against-prefix against-build; do
  if RECONBOUND_PLUGIN_PATH=$work/$name "$build/bin/reconbound" plugins --json > "$work/$name.json"; then
    python3 - "$work/$name.json" "$work/$name" "$name" <<'PY' || failures=$((failures + 1))
import json, os, sys
listing, folder, name = json.load(open(sys.argv[1])), os.path.realpath(sys.argv[2]), sys.argv[3]
found = [p for p in listing["plugins"] if (p["kind"], p["name"]) == ("representation", "centre_crop")]
ok = len(found) == 1 and os.path.realpath(os.path.dirname(found[0]["path"])) == folder
print(("PASS" if ok else "FAIL"), f"{name}: centre_crop listed from {[p['path'] for p in found]} (expected {folder})",
      file=sys.stderr)
for failure in listing["failures"]:
    ok = False
    print(f"FAIL {name}: load failure {failure['path']}: {failure['reason']}", file=sys.stderr)
sys.exit(0 if ok else 1)
PY
  else
    fail "$name: reconbound plugins --json"
  fi
done

step "an SDK-only install has no component jobs"
mkdir "$work/wants_jobs"
cat > "$work/wants_jobs/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(wants_jobs LANGUAGES CXX)
find_package(reconbound REQUIRED COMPONENTS jobs)
CMAKE
status=0
"$cmake" -S "$work/wants_jobs" -B "$work/wants_jobs/build" -G "$generator" -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_FIND_USE_PACKAGE_REGISTRY=OFF > "$work/wants_jobs.log" 2>&1 || status=$?
# (CMake wraps the message over lines.)
if [ "$status" != 0 ] && tr -s ' \n' ' ' < "$work/wants_jobs.log" | grep -q "has no component 'jobs'"; then
  pass "find_package(reconbound REQUIRED COMPONENTS jobs) fails naming the component"
else
  fail "find_package(reconbound REQUIRED COMPONENTS jobs) against the SDK alone: exit $status, output:"
  cat "$work/wants_jobs.log" >&2
fi

if [ "$python_on" = 1 ]; then
  step "a tree whose Python extension was never built installs its python folder"
  logged configure-unbuilt "$cmake" -S "$source" -B "$work/unbuilt" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_CXX_COMPILER="$cxx" -DRECONBOUND_BUILD_PYTHON=ON -DPython3_EXECUTABLE="$python" \
    -DRECONBOUND_BUILD_TESTS=OFF -DRECONBOUND_BUILD_BENCHMARKS=OFF -DRECONBOUND_BUILD_FUZZERS=OFF
  # The component alone, and the python folder's install script as a full install runs it (every
  # component: before the fix, its file(INSTALL) of the missing extension failed the install).
  for how in component folder; do
    status=0
    if [ "$how" = component ]; then
      "$cmake" --install "$work/unbuilt" --component python --prefix "$work/python-$how" > "$work/python-$how.log" 2>&1 \
        || status=$?
    else
      "$cmake" -DCMAKE_INSTALL_PREFIX="$work/python-$how" -P "$work/unbuilt/python/cmake_install.cmake" \
        > "$work/python-$how.log" 2>&1 || status=$?
    fi
    if [ "$status" = 0 ] && [ ! -e "$work/python-$how" ] \
       && grep -q "Not installing the Python module: its extension was not built" "$work/python-$how.log"; then
      pass "the python $how of an unbuilt extension: exit 0, nothing installed, and says so"
    else
      fail "the python $how of an unbuilt extension: exit $status; output:"
      cat "$work/python-$how.log" >&2
      [ -e "$work/python-$how" ] && find "$work/python-$how" >&2
    fi
  done
fi

[ "$failures" = 0 ] || { echo "$failures check(s) failed" >&2; exit 1; }
