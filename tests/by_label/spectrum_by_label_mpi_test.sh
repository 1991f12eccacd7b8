#!/usr/bin/env bash
# `mpirun -np N reconbound spectrum --by-label ...` prints what the single process prints: the
# JSON of -np 1, 2 and 3 (the pooled spectrum, every label's curves and the worst label) equals
# the JSON of the run without mpirun (timings aside), stdout holds one JSON document and stderr
# what the single process writes. Each label's curves share the ranks as a spectrum's do
# (mathematics §6.10).
#
# Usage: spectrum_by_label_mpi_test.sh RECONBOUND MPIRUN IDX_IMAGES
# On 2 cores: --oversubscribe, --threads 1, 1,000 + 1,500 of the test images and two target ε.
# shellcheck source=tests/mpi/mpi_test_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../mpi/mpi_test_lib.sh"
take_arguments spectrum_by_label_mpi_test.sh "$@"

labels=$(dirname "$images")/t10k-labels-idx1-ubyte.gz
[[ -f $labels ]] || fail "no label file at $labels"
by_label=(spectrum --by-label --data "idx:$images" --labels "idx:$labels" --perp 1000 --est 1500 --seed 3
  --q 0.02 --steps 300 --delta 1e-5 --epsilons 2,8 --representation downsample:2 --grid-k 8,20
  --grid-nu2 0.4,1.6 --threads 1 --quiet --json --svg "$work/spectrum.svg")

same_alone_and_on_ranks "spectrum --by-label" "${by_label[@]}"
