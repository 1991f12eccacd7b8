#!/usr/bin/env bash
# Installs the dependencies, builds reconbound (release, warnings as errors) and runs the
# whole test suite; then builds with AddressSanitizer + UndefinedBehaviorSanitizer and runs
# the suite again without the `slow` label. Set RECONBOUND_SKIP_SANITIZE=1 to skip that part.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
jobs=$(nproc)

cmake --preset release
cmake --build --preset release -j "$jobs"
ctest --preset release -j "$jobs"

if [ "${RECONBOUND_SKIP_SANITIZE:-0}" != 1 ]; then
  cmake --preset debug-sanitize
  cmake --build --preset debug-sanitize -j "$jobs"
  ctest --preset debug-sanitize -j "$jobs"
fi
