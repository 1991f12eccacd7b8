#!/usr/bin/env bash
# `mpirun -np N reconbound calibrate --target-rho R --by-label ...` prints what the single process
# prints: the JSON of -np 1, 2 and 3 (the pooled calibration, the common sigma and every label's
# row) equals the JSON of the run without mpirun (timings aside), stdout holds one JSON document
# and stderr what the single process writes. Each label's estimate shares the ranks as calibrate's
# does (mathematics §6.10).
#
# Usage: calibrate_by_label_mpi_test.sh RECONBOUND MPIRUN IDX_IMAGES
# On 2 cores: --oversubscribe, --threads 1 and 1,000 + 1,500 of the test images.
# shellcheck source=tests/mpi/mpi_test_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../mpi/mpi_test_lib.sh"
take_arguments calibrate_by_label_mpi_test.sh "$@"

labels=$(dirname "$images")/t10k-labels-idx1-ubyte.gz
[[ -f $labels ]] || fail "no label file at $labels"
by_label=(calibrate --target-rho 0.1 --by-label --data "idx:$images" --labels "idx:$labels" --perp 1000 --est 1500
  --seed 3 --q 0.0170667 --steps 5860 --representation downsample:2 --grid-k 8,20 --grid-nu2 0.4,1.6 --threads 1
  --quiet --json)

same_alone_and_on_ranks "calibrate --by-label" "${by_label[@]}"
