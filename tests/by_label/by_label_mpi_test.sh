#!/usr/bin/env bash
# `mpirun -np N reconbound bound --by-label ...` prints what the single process prints: the JSON
# of -np 1, 2 and 3 (the pooled bound and every label's row) equals the JSON of the run without
# mpirun (timings aside), stdout holds one JSON document and stderr what the single process
# writes. Each label's bound shares the ranks as a bound does (mathematics §6.10).
#
# Usage: by_label_mpi_test.sh RECONBOUND MPIRUN IDX_IMAGES
# On 2 cores: --oversubscribe, --threads 1 and 1,000 + 1,500 of the test images.
# shellcheck source=tests/mpi/mpi_test_lib.sh
source "$(dirname "${BASH_SOURCE[0]}")/../mpi/mpi_test_lib.sh"
take_arguments by_label_mpi_test.sh "$@"

labels=$(dirname "$images")/t10k-labels-idx1-ubyte.gz
[[ -f $labels ]] || fail "no label file at $labels"
by_label=(bound --by-label --data "idx:$images" --labels "idx:$labels" --perp 1000 --est 1500 --seed 3 --gamma 1
  --representation downsample:2 --grid-k 8,20 --grid-nu2 0.4,1.6 --threads 1 --quiet --json)

same_alone_and_on_ranks "bound --by-label" "${by_label[@]}"
