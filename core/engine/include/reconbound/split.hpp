#pragma once
// Splits of a data set (mathematics §7): D⊥ (held out; gives the rotation V, tr Σ̂ and the dither
// scales) and D_est (the entropy estimate) must be disjoint. The API enforces it: a Split can
// only be made through random_split or make_split, which both refuse overlapping sets.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound {

// D⊥ (held out) and D_est: disjoint, non-empty, each sorted ascending (file order).
struct Split {
  std::vector<std::size_t> perp, est;
};

// Draws n_perp + n_est distinct records uniformly without replacement (a partial
// Fisher–Yates shuffle on std::mt19937_64 seeded with seed, with an exact rejection sampler
// for each position, so the split is the same on every platform): the first n_perp drawn
// form D⊥, the next n_est form D_est. InvalidInput when n_perp or n_est is 0 or
// n_perp + n_est > n_records.
RECONBOUND_API Split random_split(std::size_t n_records, std::size_t n_perp, std::size_t n_est,
                                  std::uint64_t seed);

// Validates explicit index sets against a data set of n_records: each non-empty, every index
// < n_records, no index repeated, and the two sets disjoint (an overlap is an InvalidInput
// naming an overlapping index and how many there are). Returns both sorted ascending.
RECONBOUND_API Split make_split(std::size_t n_records, std::vector<std::size_t> perp,
                                std::vector<std::size_t> est);

// The given rows of records, in the given order; InvalidInput for a row out of range.
RECONBOUND_API RowMatrix select_rows(const RowMatrix& records,
                                     const std::vector<std::size_t>& rows);

}  // namespace reconbound
