#!/usr/bin/env bash
# Installs the dependencies, builds reconbound and computes the certified bound rho* on
# Fashion-MNIST at the paper's sizes for its default DP-SGD schedule. Extra arguments go to
# `reconbound bound` (e.g. --quick for a 2,000 + 2,000 record split, --grid-select none for
# the whole grid, --json). Only the result goes to stdout: installing and building report on
# stderr, so `bash scripts/run.sh --json > out.json` writes the JSON alone.
# RECONBOUND_BUILD_DIR names an already configured build tree to use instead of the release
# preset's build/release.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/setup.sh
if [ -n "${RECONBOUND_BUILD_DIR:-}" ]; then
  build=$RECONBOUND_BUILD_DIR
  cmake -S . -B "$build" > /dev/null
else
  build=build/release
  cmake --preset release > /dev/null
fi
# The CLI and the plugins it loads (its target depends on every plugin), not the tests,
# benchmarks and fuzzers that scripts/test.sh builds.
cmake --build "$build" --target reconbound -j "$(nproc)" >&2

# The paper's default schedule (docs/mathematics.md §8): expected batch 1024 of 60,000
# training records, 100 epochs, sigma for epsilon = 8 at delta = 60000^-1.1, as computed by
#   reconbound calibrate --target-epsilon 8 --q 0.0170666667 --steps 5860 --delta-exponent 1.1 --n-train 60000
# (sigma = 1.051189, epsilon <= 7.999 with its upper error bar; rounded up, which only lowers epsilon).
q=$(awk 'BEGIN { printf "%.10f", 1024 / 60000 }')
steps=5860   # ceil(100 * 60000 / 1024)
sigma=${RECONBOUND_SIGMA:-1.0512}
exec "$build/bin/reconbound" bound --data fashion-mnist --q "$q" --sigma "$sigma" --steps "$steps" "$@"
