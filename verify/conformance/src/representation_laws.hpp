#pragma once
// The representation laws that map the suite's records (representation.hpp's contract):
// every coordinate written, finite, deterministic, a record alone = its row of the batch, and
// the same results when threads map at once.
#include <cstdint>

#include "check_list.hpp"
#include "representation_mapping.hpp"
#include "representation_records.hpp"

namespace reconbound::conformance::detail {

Verdict every_coordinate_written(const PoisonedMap& psi, const RecordSet& records);
Verdict finite_output(const PoisonedMap& psi, const RecordSet& records);
// Two maps of the records are bitwise equal (Ψ fixed, mathematics §3).
Verdict deterministic(const PoisonedMap& psi, const RecordSet& records);
// Each record mapped alone = its row of the batch, 1e-9 relative to 1 + ‖row‖.
Verdict batch_consistent(const PoisonedMap& psi, const RecordSet& records);
// 4 threads, each mapping its own 128 records, released at once, 8 rounds: each agrees with the
// same records mapped alone, 1e-9 relative.
Verdict thread_safe(const PoisonedMap& psi, std::uint64_t seed);

// |a − b| over the coordinates, where two non-finite values of the same bits count as equal and
// a non-finite value against another value as infinitely far.
double largest_difference(const RowMatrix& a, const RowMatrix& b);

}  // namespace reconbound::conformance::detail
