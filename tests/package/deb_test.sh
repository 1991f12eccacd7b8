#!/usr/bin/env bash
# The Debian package as CI shows it: `cpack -G DEB` of this build into a temporary folder;
# its control fields (Package, Version, Architecture, Depends) and its file list (the CLI,
# the core library, every plugin, the SDK's headers and CMake files, the Python module, and
# nothing else); then the package unpacked with `dpkg-deb -x` into a temporary root, never
# installed, and from there the CLI lists the plugins of that root, computes a leakage, and
# Python imports the module of that root, whose version is the project's and whose
# leakage() finds the root's core library and plugins.
#
# usage: deb_test.sh BUILD_DIR CPACK VERSION PYTHON PYTHON_INSTALL_DIR
#   PYTHON: the interpreter the module is built for, empty when the module is not built.
set -euo pipefail
build=$1 cpack=$2 version=$3 python=$4 python_dir=$5
work=$(mktemp -d "${TMPDIR:-/tmp}/reconbound-deb.XXXXXX")
trap 'rm -rf "$work"' EXIT
root=$work/root
failures=0

# shellcheck source=../support/script_steps.sh
. "$(dirname "$0")/../support/script_steps.sh"

# Nothing of the caller's environment may point the unpacked programs elsewhere.
while read -r name; do unset "$name"; done < <(compgen -e | grep -E '^(RECONBOUND_|PYTHON)' || true)
unset LD_LIBRARY_PATH

for tool in dpkg dpkg-deb dpkg-shlibdeps file; do
  command -v "$tool" > /dev/null || { echo "FAIL $tool not found: the .deb needs dpkg-dev and file (scripts/setup.sh)" >&2; exit 1; }
done
arch=$(dpkg --print-architecture)
# The module's folder in the package: RECONBOUND_PYTHON_INSTALL_DIR, under /usr unless absolute.
case $python_dir in /*) module_dir=$python_dir/reconbound ;; *) module_dir=/usr/$python_dir/reconbound ;; esac

step "cpack -G DEB"
logged cpack "$cpack" -G DEB --config "$build/CPackConfig.cmake" -B "$work/out"
debs=("$work"/out/*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || { echo "FAIL cpack wrote no single .deb: ${debs[*]}" >&2; exit 1; }
deb=${debs[0]}
[ "$(basename "$deb")" = "reconbound_${version}_${arch}.deb" ] && pass "file name $(basename "$deb")" \
  || fail "file name $(basename "$deb"), not reconbound_${version}_${arch}.deb"

step "control fields"
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = reconbound ] && pass "Package: reconbound" || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] && pass "Version: $version" || fail "Version: $(field Version), not $version"
[ "$(field Architecture)" = "$arch" ] && pass "Architecture: $arch" || fail "Architecture: $(field Architecture), not $arch"
[ -n "$(field Maintainer)" ] && pass "Maintainer: $(field Maintainer)" || fail "no Maintainer"
depends=$(field Depends)
echo "Depends: $depends" >&2
required=(libc6 libstdc++6 libfftw3-double3 zlib1g)
[ -n "$python" ] && required+=(python3 python3-numpy)
for package in "${required[@]}"; do
  [[ ", $depends," == *", $package "* || ", $depends," == *", $package,"* ]] \
    && pass "Depends names $package" || fail "Depends does not name $package"
done

step "file list"
dpkg-deb -c "$deb" | awk '{print $NF}' | sed 's|^\./|/|' > "$work/files"
expected=(/usr/bin/reconbound /usr/lib/libreconbound_sdk.so /usr/lib/libreconbound_engine.so
          /usr/lib/libreconbound_jobs.so
          /usr/lib/libreconbound_reference.a /usr/lib/libreconbound_conformance.a
          /usr/include/reconbound/plugin.hpp /usr/include/reconbound/registry.hpp
          /usr/include/reconbound/abi_fingerprint.hpp /usr/include/reconbound/workflow/
          /usr/include/reconbound/verify/ /usr/include/reconbound/conformance/
          /usr/lib/cmake/reconbound/reconboundConfig.cmake /usr/lib/cmake/reconbound/reconboundConfigVersion.cmake
          /usr/lib/cmake/reconbound/reconboundTargets.cmake /usr/lib/cmake/reconbound/reconboundSdkTargets.cmake
          /usr/lib/cmake/reconbound/ReconboundPlugin.cmake)
for plugin in "$build"/lib/reconbound/plugins/*.so; do
  expected+=("/usr/lib/reconbound/plugins/$(basename "$plugin")")
done
if [ -n "$python" ]; then
  for file in __init__.py _version.py py.typed _reconbound.pyi; do expected+=("$module_dir/$file"); done
fi
for file in "${expected[@]}"; do
  grep -qxF "$file" "$work/files" && pass "packaged $file" || fail "not packaged: $file"
done
if [ -n "$python" ]; then
  grep -qE "^$module_dir/_reconbound\..*\.so$" "$work/files" \
    && pass "packaged the extension" || fail "the extension is not packaged"
fi
# Nothing but the CLI in bin/, nothing outside /usr/{bin,include,lib}, no test plugins.
stray=$(grep -vE '^/(usr/?)?$|^/usr/(bin/(reconbound)?|include/.*|lib/.*)$' "$work/files" || true)
[ -z "$stray" ] && pass "nothing else" || fail "packaged beyond the CLI, library, plugins, SDK and module: $stray"
plugins_built=$(ls "$build"/lib/reconbound/plugins/*.so | wc -l)
plugins_packaged=$(grep -cE '^/usr/lib/reconbound/plugins/[^/]+\.so$' "$work/files" || true)
[ "$plugins_packaged" -eq "$plugins_built" ] && pass "$plugins_packaged plugins" \
  || fail "$plugins_packaged plugins packaged, $plugins_built built"
echo "package: $(du -k "$deb" | cut -f1) KiB, $(grep -cv '/$' "$work/files") files" >&2

step "unpack into a temporary root"
logged unpack dpkg-deb -x "$deb" "$root"
leftover=$(grep -rlIF "$build" "$root" || true)
[ -z "$leftover" ] && pass "no text file names the build tree" || fail "files naming the build tree: $leftover"

# Runs from $work, so that nothing is found through the working folder.
cd "$work"
cli=$root/usr/bin/reconbound

step "the unpacked CLI lists the unpacked plugins"
"$cli" plugins --json > "$work/plugins.json"
listed=$(grep -o '"path": *"[^"]*"' "$work/plugins.json" | sed 's/^"path": *"//; s/"$//')
[ "$(echo "$listed" | grep -c .)" -eq "$plugins_built" ] && pass "lists $plugins_built plugins" \
  || fail "lists $(echo "$listed" | grep -c .) plugins, not $plugins_built: $listed"
# The paths are as the core library found them (.../usr/bin/../lib/...): compared resolved.
elsewhere=$(echo "$listed" | while read -r p; do realpath "$p"; done \
  | grep -vF "$(realpath "$root/usr/lib/reconbound/plugins")/reconbound-" || true)
[ -z "$elsewhere" ] && pass "every plugin from $root/usr/lib/reconbound/plugins" || fail "plugins from elsewhere: $elsewhere"
tr -d ' \n' < "$work/plugins.json" | grep -q '"failures":\[\]' && pass "no plugin failed to load" \
  || fail "plugin failures: $(cat "$work/plugins.json")"

step "the unpacked CLI states the package's version"
[ "$("$cli" --version)" = "reconbound $version" ] && pass "reconbound --version: $version" \
  || fail "reconbound --version says '$("$cli" --version 2>&1)', not 'reconbound $version'"

step "the unpacked CLI computes the leakage of the paper's schedule"
"$cli" leakage --q 0.0204 --sigma 1.11 --steps 4900 --json > "$work/leakage.json"
gamma=$(tr -d ' \n' < "$work/leakage.json" | grep -oE '^\{"abs_error_bits":[^,]*,"gamma_bits":[^,]*' | sed 's/.*://')
awk -v g="$gamma" 'BEGIN { d = g - 1.78192; exit !(g != "" && d < 5e-6 && d > -5e-6) }' \
  && pass "gamma = $gamma bits" || fail "gamma = '$gamma' bits, not 1.78192: $(cat "$work/leakage.json")"

if [ -n "$python" ]; then
  step "Python imports the unpacked module: $python"
  site=$(dirname "$root$module_dir")
  code='import json, reconbound
print(json.dumps([reconbound.__version__, reconbound.__file__, reconbound.leakage(q=0.0204, sigma=1.11, steps=4900),
                  [p.path for p in reconbound.plugins().plugins]]))'
  PYTHONPATH=$site PYTHONDONTWRITEBYTECODE=1 "$python" -c "$code" > "$work/python.json" \
    || { echo "FAIL PYTHONPATH=$site $python -c 'import reconbound ...'" >&2; exit 1; }
  "$python" - "$work/python.json" "$version" "$site" "$root/usr/lib/reconbound/plugins" "$gamma" "$plugins_built" <<'EOF' \
    && pass "reconbound.__version__ == $version, from $site, leakage() and plugins() from the root" \
    || fail "the unpacked Python module: $(cat "$work/python.json")"
import json, os, sys
path, version, site, plugins, gamma, count = sys.argv[1:]
got_version, module, got_gamma, paths = json.load(open(path))
problems = []
if got_version != version: problems.append(f"__version__ {got_version!r}, not {version!r}")
if not os.path.realpath(module).startswith(os.path.realpath(site) + os.sep): problems.append(f"imported {module}, not from {site}")
if abs(got_gamma - float(gamma)) > 1e-12: problems.append(f"leakage {got_gamma}, the CLI {gamma}")
if len(paths) != int(count) or any(os.path.dirname(os.path.realpath(p)) != os.path.realpath(plugins) for p in paths):
    problems.append(f"plugins {paths}")
if problems:
    sys.exit("\n".join(problems))
EOF
fi

[ "$failures" -eq 0 ] || { echo "$failures checks failed" >&2; exit 1; }
echo "all checks passed" >&2
