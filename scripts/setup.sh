#!/usr/bin/env bash
# Installs every build, test and data dependency of reconbound from Debian packages.
# Idempotent: packages already present are left alone. Needs root (or sudo).
# Everything it and apt-get print goes to stderr: a caller's stdout carries only its result
# (`scripts/run.sh --json > out.json`).
set -euo pipefail
exec >&2

packages=(
  build-essential cmake ninja-build pkg-config git
  libeigen3-dev libfftw3-dev libmpfr-dev libgmp-dev
  libboost-dev libboost-filesystem-dev libboost-program-options-dev
  librapidcheck-dev libgtest-dev libgmock-dev libbenchmark-dev
  libopencv-dnn-dev libopencv-imgproc-dev libopencv-imgcodecs-dev
  libcli11-dev nlohmann-json3-dev libfmt-dev zlib1g-dev libpng-dev
  dataset-fashion-mnist python3-numpy
  pybind11-dev python3-dev python3-pytest
  clang libclang-rt-14-dev
  libopenmpi-dev openmpi-bin iproute2
  slurmctld slurmd slurm-client munge
  python3-torch python3-torchvision python3-pil chromium fonts-dejavu-core
  dpkg-dev file
  opencl-headers ocl-icd-opencl-dev pocl-opencl-icd clinfo
  patchelf ocl-icd-libopencl1
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "setup: all ${#packages[@]} packages already installed"
  exit 0
fi

sudo_cmd=()
[ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
echo "setup: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
