#!/usr/bin/env bash
# The relocatable bundle as a user gets it: scripts/bundle.sh of this build into a temporary
# folder; the tarball at most 40 MB; unpacked into a fresh folder and run from another one with
# an environment holding nothing but PATH and HOME (no LD_LIBRARY_PATH, no RECONBOUND_*): every
# library any of its ELF files needs resolves inside the bundle or to glibc, every file's run
# path is relative ($ORIGIN), `plugins` loads the bundle's plugins and no others, and a small
# `bound` (100 + 100 Fashion-MNIST records, one gamma) gives a rho*, also on the OpenCL device the
# machine's driver offers (POCL in CI; the driver is the machine's, not the bundle's), and the GPU
# benchmark's FMA program (--with-bench) runs. Then the optional OpenCV part unpacked over it: its
# plugins load too.
#
# usage: bundle_test.sh SOURCE_DIR BUILD_DIR FASHION_MNIST_T10K_IMAGES
set -euo pipefail
source_dir=$1 build=$2 images=$3
work=$(mktemp -d "${TMPDIR:-/tmp}/reconbound-bundle.XXXXXX")
trap 'rm -rf "$work"' EXIT
failures=0
max_bytes=40000000  # 40 MB, compressed

# shellcheck source=../support/script_steps.sh
. "$(dirname "$0")/../support/script_steps.sh"

# glibc's libraries, which the bundle leaves to the target machine (as scripts/bundle.sh does).
glibc_pattern='^(linux-vdso\.so\.1|ld-linux[-a-z0-9_]*\.so\.[0-9]+|(libc|libm|libdl|libpthread|librt|libresolv|libutil|libanl|libmvec|libBrokenLocale|libthread_db|libnss_[a-z]+)\.so\.[0-9.]+)$'
# Runs a command with the stripped environment, from $work/elsewhere.
mkdir -p "$work/elsewhere"
clean() { (cd "$work/elsewhere" && env -i PATH=/usr/bin:/bin HOME="$work" "$@"); }

step "scripts/bundle.sh --with-bench $build"
logged bundle bash "$source_dir/scripts/bundle.sh" --with-bench "$build" "$work/out"
mapfile -t archives < <(grep -E '^/.*\.tar\.gz$' "$work/bundle.log")
[ ${#archives[@]} -eq 2 ] || { echo "FAIL bundle.sh printed no two tarballs: $(cat "$work/bundle.log")" >&2; exit 1; }
base_archive=${archives[0]} opencv_archive=${archives[1]}
grep '^bundle:' "$work/bundle.log" >&2
bytes=$(stat -c %s "$base_archive")
[ "$bytes" -le "$max_bytes" ] && pass "$(basename "$base_archive"): $bytes bytes <= $max_bytes" \
  || fail "$(basename "$base_archive"): $bytes bytes, over the budget of $max_bytes"

step "unpack into a fresh folder"
mkdir "$work/unpacked"
tar -xzf "$base_archive" -C "$work/unpacked"
roots=("$work"/unpacked/*)
[ ${#roots[@]} -eq 1 ] && [ -d "${roots[0]}" ] || { echo "FAIL the tarball holds no single folder" >&2; exit 1; }
root=${roots[0]}
cli=$root/bin/reconbound

# Every ELF file of a tree, one per line.
elf_files() { find "$1" -type f | while read -r f; do [ "$(head -c 4 "$f")" = $'\x7fELF' ] && echo "$f"; done; }

step "every needed library resolves inside the bundle or to glibc"
lib_dir=$(realpath "$root/lib")
elf_files "$root" > "$work/elves"
while read -r file; do
  while read -r lib arrow path _; do
    [ "$arrow" = "=>" ] || continue
    [[ $lib =~ $glibc_pattern ]] && continue
    if [ "$path" = not ]; then
      fail "${file#"$root"/} needs $lib: not found"
    elif [ "$(dirname "$(realpath "$path")")" != "$lib_dir" ]; then
      fail "${file#"$root"/} needs $lib: resolved outside the bundle, to $path"
    fi
  done < <(clean ldd "$file")
  rpath=$(readelf -d "$file" | awk '/\((RPATH|RUNPATH)\)/ { print $NF }' | tr -d '[]')
  [[ -z $rpath || $rpath == '$ORIGIN'* ]] || fail "${file#"$root"/} has the run path $rpath"
done < "$work/elves"
[ "$failures" -eq 0 ] && pass "$(wc -l < "$work/elves") ELF files, each library in $root/lib or glibc's"

step "the bundle's CLI lists the bundle's plugins"
clean "$cli" plugins --json > "$work/plugins.json"
bundled=$(find "$root/lib/reconbound/plugins" -name '*.so' | wc -l)
listed=$(grep -o '"path": *"[^"]*"' "$work/plugins.json" | sed 's/^"path": *"//; s/"$//')
[ "$(echo "$listed" | grep -c .)" -eq "$bundled" ] && pass "lists $bundled plugins" \
  || fail "lists $(echo "$listed" | grep -c .) plugins, not $bundled: $listed"
elsewhere=$(echo "$listed" | while read -r p; do realpath "$p"; done | grep -vF "$lib_dir/reconbound/plugins/" || true)
[ -z "$elsewhere" ] && pass "every plugin from the bundle" || fail "plugins from elsewhere: $elsewhere"
tr -d ' \n' < "$work/plugins.json" | grep -q '"failures":\[\]' && pass "no plugin failed to load" \
  || fail "plugin failures: $(cat "$work/plugins.json")"

step "the bundle's CLI computes a small bound"
clean "$cli" bound --data "idx:$images" --perp-range 0:100 --est-range 100:200 --gamma 1 --threads 2 --json \
  > "$work/bound.json" 2> "$work/bound.err" || { cat "$work/bound.err" >&2; fail "bound exited non-zero"; }
rho=$(tr -d ' \n' < "$work/bound.json" | grep -oE '"rho_star":[-0-9.e+]+' | head -1 | cut -d: -f2)
awk -v r="$rho" 'BEGIN { exit !(r != "" && r > 0 && r <= 1) }' && pass "rho* = $rho" \
  || fail "no rho* in (0, 1]: $(head -c 400 "$work/bound.json")"

step "the bundle's CLI on the machine's OpenCL device, and the benchmark's FMA program"
clean "$cli" bound --data "idx:$images" --perp-range 0:100 --est-range 100:200 --gamma 1 --threads 2 --json \
  --estimator-param device=opencl > "$work/device.json" 2> "$work/device.err" \
  || { cat "$work/device.err" >&2; fail "bound with device=opencl exited non-zero"; }
tr -d ' \n' < "$work/device.json" | grep -q '"computed_on":"opencl:' && pass "computed on an OpenCL device" \
  || fail "no OpenCL device in the JSON: $(head -c 400 "$work/device.json")"
clean "$root/bench/fma_peak" 0 > "$work/fma.json" 2> "$work/fma.err" || { cat "$work/fma.err" >&2; fail "fma_peak exited non-zero"; }
grep -q '"fma_per_s"' "$work/fma.json" && pass "fma_peak: $(cat "$work/fma.json")" || fail "fma_peak printed $(cat "$work/fma.json")"

step "the optional OpenCV part unpacked over it"
tar -xzf "$opencv_archive" -C "$work/unpacked"
clean "$cli" plugins --json > "$work/plugins_all.json"
all=$(find "$root/lib/reconbound/plugins" -name '*.so' | wc -l)
[ "$all" -gt "$bundled" ] && pass "adds $((all - bundled)) plugins" || fail "adds no plugins"
[ "$(grep -c '"path"' "$work/plugins_all.json")" -eq "$all" ] \
  && tr -d ' \n' < "$work/plugins_all.json" | grep -q '"failures":\[\]' \
  && pass "all $all plugins load" || fail "with the OpenCV part: $(cat "$work/plugins_all.json")"
while read -r file; do
  if clean ldd "$file" | grep 'not found' > /dev/null; then fail "${file#"$root"/} needs a library that is not in the bundle"; fi
done < <(elf_files "$root")

[ "$failures" -eq 0 ] || { echo "$failures checks failed" >&2; exit 1; }
echo "all checks passed" >&2
