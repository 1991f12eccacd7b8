#pragma once
// generated_records: property-based records by RapidCheck, a failure shrunk to a small record
// that the detail prints (docs/conformance.md, "Generated records").
#include <cstddef>
#include <cstdint>

#include "check_list.hpp"
#include "representation_mapping.hpp"

namespace reconbound::conformance::detail {

// `cases` pairs of records, each a background grey level and up to 5 rectangles of one channel
// at a grey level (sizes growing as RapidCheck grows them): Ψ writes every coordinate of both,
// each finite, and ‖Ψ(x) − Ψ(x′)‖² ≤ B (1 + 1e-12). The first pair that breaks one is shrunk
// (fewer, smaller rectangles nearer the corner, levels nearer 0) for at most 500 evaluations.
Verdict check_generated_records(const PoisonedMap& psi, double bound, std::size_t cases, std::uint64_t seed);

}  // namespace reconbound::conformance::detail
