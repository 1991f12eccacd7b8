#pragma once
// The search for the largest ‖Ψ(x) − Ψ(x′)‖² that declared_bound_holds compares with B
// (mathematics §6.5: B is the range of the tr Σ UCB, so it must bound every pair of records).
#include <cstddef>
#include <cstdint>

#include "check_list.hpp"
#include "representation_mapping.hpp"
#include "representation_records.hpp"

namespace reconbound::conformance::detail {

struct BoundSearch {
  std::size_t budget = 0;  // Ψ evaluations of the hill-climb
  std::uint64_t seed = 0;
};

// Every pair of `records` (mapped once); each record against its complement 255 − x and 32
// random corners of the box {0, 255}^d; then a hill-climb from the largest pair found, with
// random restarts, whose moves set one pixel or one rectangle of one record to 0 or 255, for
// `search.budget` evaluations. Fails on the first pair past B (1 + 1e-12) or not finite; passes
// with the largest found against B.
Verdict search_bound(const PoisonedMap& psi, double bound, const RecordSet& records, const BoundSearch& search);

}  // namespace reconbound::conformance::detail
