// D⊥ / D_est splits (mathematics §7: the two sets must be disjoint) and row selection.
#include "reconbound/split.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <random>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

// Uniform on {0, …, bound − 1}, exactly: draws below 2^64 mod bound are rejected, so the
// remaining 2^64 − (2^64 mod bound) values split evenly into bound residues. Defined here
// rather than with std::uniform_int_distribution, whose algorithm differs between standard
// libraries, so that a seed gives the same split everywhere.
std::uint64_t uniform_below(std::mt19937_64& rng, std::uint64_t bound) {
  const std::uint64_t threshold = (0 - bound) % bound;  // (2^64 − bound) mod bound = 2^64 mod bound
  for (;;) {
    const std::uint64_t x = rng();
    if (x >= threshold) return x % bound;
  }
}

// Checks one index set of a split and sorts it: non-empty, in range, no repeats.
void check_index_set(std::vector<std::size_t>& indices, std::size_t n_records, const char* name) {
  if (indices.empty()) throw InvalidInput(fmt::format("{} is empty: give it at least one record index", name));
  std::sort(indices.begin(), indices.end());
  if (indices.back() >= n_records) {
    throw InvalidInput(fmt::format("{} index {} is out of range: the data set has {} records (indices 0 to {})", name,
                                   indices.back(), n_records, n_records - 1));
  }
  const auto repeat = std::adjacent_find(indices.begin(), indices.end());
  if (repeat != indices.end()) {
    throw InvalidInput(fmt::format("{} lists record index {} more than once; list each record once", name, *repeat));
  }
}

}  // namespace

Split random_split(std::size_t n_records, std::size_t n_perp, std::size_t n_est, std::uint64_t seed) {
  if (n_perp == 0 || n_est == 0) {
    throw InvalidInput(
        fmt::format("random split needs at least one record in each set (D⊥ {}, D_est {})", n_perp, n_est));
  }
  if (n_perp > n_records || n_est > n_records - n_perp) {
    throw InvalidInput(
        fmt::format("random split asks for {} + {} records but the data set has only {}; "
                    "ask for fewer",
                    n_perp, n_est, n_records));
  }
  // Partial Fisher–Yates: after step i, order[0..i] is a uniform draw without replacement.
  std::vector<std::size_t> order(n_records);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::mt19937_64 rng(seed);
  const std::size_t drawn = n_perp + n_est;
  for (std::size_t i = 0; i < drawn; ++i) {
    const std::size_t j = i + static_cast<std::size_t>(uniform_below(rng, n_records - i));
    std::swap(order[i], order[j]);
  }
  Split split;
  split.perp.assign(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(n_perp));
  split.est.assign(order.begin() + static_cast<std::ptrdiff_t>(n_perp),
                   order.begin() + static_cast<std::ptrdiff_t>(drawn));
  std::sort(split.perp.begin(), split.perp.end());
  std::sort(split.est.begin(), split.est.end());
  return split;
}

Split make_split(std::size_t n_records, std::vector<std::size_t> perp, std::vector<std::size_t> est) {
  check_index_set(perp, n_records, "D⊥ (the held-out set)");
  check_index_set(est, n_records, "D_est (the estimation set)");
  std::vector<std::size_t> common;
  std::set_intersection(perp.begin(), perp.end(), est.begin(), est.end(), std::back_inserter(common));
  if (!common.empty()) {
    throw InvalidInput(
        fmt::format("D⊥ and D_est overlap in {} record(s) (e.g. index {}); mathematics §7 requires them "
                    "disjoint: choose non-overlapping indices",
                    common.size(), common.front()));
  }
  return Split{std::move(perp), std::move(est)};
}

RowMatrix select_rows(const RowMatrix& records, const std::vector<std::size_t>& rows) {
  const auto n = static_cast<std::size_t>(records.rows());
  RowMatrix out(static_cast<Eigen::Index>(rows.size()), records.cols());
  for (std::size_t i = 0; i < rows.size(); ++i) {
    if (rows[i] >= n) {
      throw InvalidInput(fmt::format("row {} is out of range: the data set has {} records", rows[i], n));
    }
    out.row(static_cast<Eigen::Index>(i)) = records.row(static_cast<Eigen::Index>(rows[i]));
  }
  return out;
}

}  // namespace reconbound
