#!/usr/bin/env bash
# Makes a relocatable bundle of the CLI (docs/installing.md, "A bundle for another Linux"): a
# tarball that runs from any folder on an x86-64 Linux with glibc >= the build machine's (2.36
# on Debian 12) and nothing else installed:
#
#   reconbound-<version>-linux-<arch>/
#     bin/reconbound                  run path $ORIGIN/../lib
#     lib/libreconbound_*.so          and every other shared library the CLI and the plugins
#                                     need, glibc's excepted (libstdc++ and libgcc_s included),
#                                     plus the OpenCL ICD loader libOpenCL.so.1; run path $ORIGIN
#     lib/reconbound/plugins/*.so     the plugins; run path $ORIGIN/../.. (the core library finds
#                                     them beside itself, no RECONBOUND_PLUGIN_PATH needed)
#     README                          what the bundle holds and how to point OpenCL at a driver
#
# Plugins that need OpenCV (lpips, codebook) and the OpenCV libraries go into a second tarball,
# reconbound-<version>-linux-<arch>-opencv.tar.gz, which unpacks into the same folder: the
# first alone runs every other plugin at a fraction of the size.
#
# usage: scripts/bundle.sh [--with-bench] [BUILD_DIR [OUT_DIR]]
#   --with-bench  also bench/: the GPU benchmark (bench/gpu/run.sh --root <the unpacked folder>)
#              with its programs fma_peak and peer_export and the PyTorch peer's script
#   BUILD_DIR  a built release tree (default: build/release, configured and built here with
#              the release preset)
#   OUT_DIR    where the tarballs go (default: build/bundle)
# The run paths are written with patchelf (scripts/setup.sh installs it). Prints the two
# tarballs' paths on stdout and their sizes (compressed, unpacked) on stderr.
set -euo pipefail
with_bench=0
if [ "${1:-}" = --with-bench ]; then
  with_bench=1
  shift
fi
# The arguments as absolute paths, before moving to the repository's root.
build=${1:+$(realpath "$1")}
out=$(realpath -m "${2:-$(dirname "$0")/../build/bundle}")
cd "$(dirname "$0")/.."

if [ -z "$build" ]; then
  build=$PWD/build/release
  cmake --preset release >&2
  targets=(reconbound)
  [ "$with_bench" = 1 ] && targets+=(fma_peak peer_export)
  cmake --build --preset release --target "${targets[@]}" -j "$(nproc)" >&2
fi
for tool in patchelf ldd strip tar; do
  command -v "$tool" > /dev/null || { echo "bundle: $tool not found; run scripts/setup.sh" >&2; exit 1; }
done
[ -x "$build/bin/reconbound" ] || { echo "bundle: $build/bin/reconbound not found; build the release tree first" >&2; exit 1; }

version=$("$build/bin/reconbound" --version | awk '{print $2}')
name=reconbound-$version-linux-$(uname -m)
mkdir -p "$out"
stage=$(mktemp -d "$out/stage.XXXXXX")
trap 'rm -rf "$stage"' EXIT
base=$stage/base/$name
optional=$stage/opencv/$name
mkdir -p "$base/bin" "$base/lib/reconbound/plugins" "$optional/lib/reconbound/plugins"

# glibc's own libraries (and the kernel's vDSO): the target machine's are used, never bundled.
glibc_pattern='^(linux-vdso\.so\.1|ld-linux[-a-z0-9_]*\.so\.[0-9]+|(libc|libm|libdl|libpthread|librt|libresolv|libutil|libanl|libmvec|libBrokenLocale|libthread_db|libnss_[a-z]+)\.so\.[0-9.]+)$'

# The shared libraries an ELF file needs, directly or not, as "NAME PATH" lines, glibc's
# excepted; the reconbound libraries, which come from the build tree, too. ldd resolves them as
# the loader would on this machine; a library it cannot find stops the bundle.
closure() {
  ldd "$1" | awk '$2 == "=>" { print $1, $3 }' | while read -r lib path; do
    [[ $lib =~ $glibc_pattern || $lib == libreconbound* ]] && continue
    [ "$path" != "not" ] || { echo "bundle: $1 needs $lib, which is not installed here" >&2; exit 1; }
    echo "$lib $path"
  done
}

# Copies a library (the file, not its symbolic link) into a lib/ folder under the name the
# ELF files ask for, unless already there.
add_library() {
  local folder=$1 lib=$2 path=$3
  [ -e "$base/lib/$lib" ] || [ -e "$folder/$lib" ] || cp -L "$path" "$folder/$lib"
}

# Adds an ELF file's closure to a lib/ folder.
add_closure() {
  local folder=$1 libs
  libs=$(closure "$2")
  [ -z "$libs" ] && return
  while read -r lib path; do add_library "$folder" "$lib" "$path"; done <<< "$libs"
}

cp "$build/bin/reconbound" "$base/bin/"
cp -L "$build"/lib/libreconbound*.so "$base/lib/"
add_closure "$base/lib" "$build/bin/reconbound"
# The OpenCL ICD loader: opens the vendor's driver named by the .icd files (OCL_ICD_VENDORS).
# (awk reads to the end: an early exit would end ldconfig by SIGPIPE, which pipefail turns into
# a silent failure of the whole script whenever ldconfig's listing outgrows the pipe's buffer.)
opencl=$(ldconfig -p | awk '$1 == "libOpenCL.so.1" && /x86-64/ && !found { print $NF; found = 1 }')
[ -n "$opencl" ] || { echo "bundle: libOpenCL.so.1 not found; install ocl-icd-libopencl1 (scripts/setup.sh)" >&2; exit 1; }
add_library "$base/lib" libOpenCL.so.1 "$opencl"

# The GPU benchmark (bench/gpu/run.sh): its two programs beside the scripts it runs.
if [ "$with_bench" = 1 ]; then
  mkdir -p "$base/bench/gpu" "$base/bench/peer"
  for program in fma_peak peer_export; do
    [ -x "$build/bench/$program" ] || { echo "bundle: $build/bench/$program not found; build it first" >&2; exit 1; }
    cp "$build/bench/$program" "$base/bench/"
    add_closure "$base/lib" "$build/bench/$program"
  done
  cp bench/gpu/run.sh bench/gpu/gpu_bench.py "$base/bench/gpu/"
  cp bench/peer/peer.py "$base/bench/peer/"
fi

# The plugins: those whose closure holds OpenCV into the optional part, after the others, so
# that a library both need lies in the base.
opencv_plugins=()
for plugin in "$build"/lib/reconbound/plugins/*.so; do
  libs=$(closure "$plugin")
  if grep -q '^libopencv' <<< "$libs"; then
    opencv_plugins+=("$plugin")
  else
    cp "$plugin" "$base/lib/reconbound/plugins/"
    add_closure "$base/lib" "$plugin"
  fi
done
for plugin in "${opencv_plugins[@]}"; do
  cp "$plugin" "$optional/lib/reconbound/plugins/"
  add_closure "$optional/lib" "$plugin"
done

# Symbols off (debugging information and symbol tables are most of our own files' size), then
# the run paths. DT_RPATH, not DT_RUNPATH: it is searched before LD_LIBRARY_PATH, so a target
# machine's environment cannot swap a bundled library for another version.
find "$stage" -type f -name '*.so*' -exec strip --strip-unneeded {} +
for program in "$base/bin/reconbound" "$base"/bench/fma_peak "$base"/bench/peer_export; do
  [ -e "$program" ] || continue
  strip --strip-unneeded "$program"
  patchelf --force-rpath --set-rpath '$ORIGIN/../lib' "$program"
done
for folder in "$base/lib" "$optional/lib"; do
  for lib in "$folder"/*.so*; do
    [ -e "$lib" ] && patchelf --force-rpath --set-rpath '$ORIGIN' "$lib"
  done
  for plugin in "$folder"/reconbound/plugins/*.so; do
    [ -e "$plugin" ] && patchelf --force-rpath --set-rpath '$ORIGIN/../..' "$plugin"
  done
done

cat > "$base/README" <<EOF
reconbound $version for Linux ($(uname -m), glibc >= $(ldd --version | awk 'NR == 1 { print $NF }')), relocatable: run bin/reconbound from
where it lies; it finds its libraries (lib/) and plugins (lib/reconbound/plugins/) beside it.
  bin/reconbound plugins         lists the plugins and any that failed to load
The lpips and codebook plugins need OpenCV: unpack $name-opencv.tar.gz into the same folder.
OpenCL: lib/libOpenCL.so.1 is the ICD loader; with only the NVIDIA driver installed,
  mkdir -p ~/icd && echo libnvidia-opencl.so.1 > ~/icd/nvidia.icd && export OCL_ICD_VENDORS=~/icd
Multi-process runs (mpirun -np N) need Open MPI installed; one process needs nothing more.
$([ "$with_bench" = 1 ] && echo "The GPU benchmark: bash bench/gpu/run.sh --root . (python3 with numpy; PyTorch with CUDA for the peer)")
EOF

# Reproducible archives: sorted names, no owner, the files' own times.
pack() {
  tar --sort=name --owner=0 --group=0 --numeric-owner -C "$1" -cf - "$name" | gzip -9n > "$2"
}
pack "$stage/base" "$out/$name.tar.gz"
pack "$stage/opencv" "$out/$name-opencv.tar.gz"
for part in base opencv; do
  archive=$out/$name.tar.gz
  [ "$part" = opencv ] && archive=$out/$name-opencv.tar.gz
  echo "bundle: $(basename "$archive"): $(du -m --apparent-size "$archive" | cut -f1) MB compressed" \
    "($(stat -c %s "$archive") bytes), $(du -sm --apparent-size "$stage/$part" | cut -f1) MB unpacked," \
    "$(find "$stage/$part" -type f | wc -l) files" >&2
done
echo "$out/$name.tar.gz"
echo "$out/$name-opencv.tar.gz"
