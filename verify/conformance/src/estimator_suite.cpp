// The estimator suite (mathematics §6, reconbound/estimator.hpp): one result per grid pair in order,
// a finite h̄_LB at most the point estimate with t_num ≥ 0 (mathematics §6.4), the dither s of §5,
// reproducible for a seed and independent of the thread count, shards, column windows and query
// parts that combine into the single-call result, confidence events that share α; then the prediction for grid selection
// (estimator_prediction.cpp), h̄_LB below the true entropy of known sources, and the reference.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <stdexcept>
#include <string>
#include <string_view>

#include "estimator_request.hpp"
#include "reconbound/error.hpp"
#include "reconbound/conformance/suites.hpp"
#include "plugin_references.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance {
namespace {

using detail::CheckList;
using detail::num;
using detail::precise;
using detail::relation;
using detail::Verdict;
using detail::WorstCase;

std::string pair_name(const GridPair& pair) { return fmt::format("(k = {}, nu2 = {})", pair.k, pair.nu2); }

// One pair's case of a check that a split combines into the single call's numbers bit for bit.
void add_exact_combination(WorstCase& worst, const GridEntropy& combined, const GridEntropy& whole) {
  const bool same = combined.h_point == whole.h_point && combined.h_lb == whole.h_lb;
  worst.add(same ? 0.0 : -1.0, fmt::format("{}: h_point = {} combined, {} in one call", pair_name(whole.pair),
                                           precise(combined.h_point), precise(whole.h_point)));
}

// The estimator and its inputs, as each check below calls them.
struct EstimatorUnderTest {
  const EntropyEstimator& estimator;
  const detail::EstimatorTestInputs& in;

  std::vector<GridEntropy> estimate(std::size_t threads) const {
    return estimator.estimate(detail::entropy_request(in.rows, in.grid, in.trace_sigma, threads));
  }
  // The checks index results by grid pair; a wrong count stops them with this message.
  std::vector<GridEntropy> all_pairs(std::vector<GridEntropy> results) const {
    if (results.size() != in.grid.size()) {
      throw std::length_error(fmt::format("{} results for {} grid pairs", results.size(), in.grid.size()));
    }
    return results;
  }
};

Verdict one_result_per_pair(const EstimatorUnderTest& t) {
  const std::vector<GridPair>& grid = t.in.grid;
  const auto results = t.estimate(1);
  for (std::size_t i = 0; i < std::min(results.size(), grid.size()); ++i) {
    if (!(results[i].pair == grid[i]) || !results[i].complete) {
      return Verdict{false, fmt::format("result {} is {}{}, expected {}", i, pair_name(results[i].pair),
                                        results[i].complete ? "" : " (incomplete)", pair_name(grid[i]))};
    }
  }
  return Verdict{results.size() == grid.size(),
                 fmt::format("{} complete results for {} grid pairs, in the grid's order", results.size(), grid.size())};
}

Verdict lower_bound_at_most_point(const EstimatorUnderTest& t) {
  WorstCase worst;
  for (const GridEntropy& e : t.all_pairs(t.estimate(1))) {
    const bool finite = std::isfinite(e.h_point) && std::isfinite(e.h_lb) && std::isfinite(e.t_num);
    if (!finite) {
      worst.add(std::nan(""), fmt::format("{}: h_LB = {}, h_point = {}, t_num = {} bits, not all finite",
                                          pair_name(e.pair), precise(e.h_lb), precise(e.h_point), num(e.t_num)));
      continue;
    }
    worst.add(e.h_point - e.h_lb, fmt::format("{}: h_LB = {} {} h_point = {} bits", pair_name(e.pair), precise(e.h_lb),
                                              relation("<="), precise(e.h_point)));
    worst.add(e.t_num, fmt::format("{}: t_num = {} {} 0 bits", pair_name(e.pair), num(e.t_num), relation(">=")));
  }
  return worst.verdict("h_LB <= h_point, both finite, and t_num >= 0 (mathematics §6.4)");
}

Verdict dither_scale(const EstimatorUnderTest& t) {
  const detail::EstimatorTestInputs& in = t.in;
  WorstCase worst;
  for (const GridEntropy& e : t.all_pairs(t.estimate(1))) {
    const double s = detail::dither_scale(e.pair, in.trace_sigma);
    worst.add(1e-12 * s - std::abs(e.s - s),
              fmt::format("{}: s = {}, nu sqrt(tr Sigma / k) = {}, |diff| = {} {} {}", pair_name(e.pair), precise(e.s),
                          precise(s), num(std::abs(e.s - s)), relation("<="), num(1e-12 * s)));
  }
  return worst.verdict("s = nu sqrt(tr Sigma / k) within 1e-12 relative (mathematics §5)");
}

// Two runs that must give identical h_point and h_LB, pair by pair: 0 where they do, −|difference|
// where they do not.
WorstCase identical_estimates(const std::vector<GridPair>& grid, const std::vector<GridEntropy>& a,
                              const std::vector<GridEntropy>& b, std::string_view a_name, std::string_view b_name) {
  WorstCase worst;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const double diff = std::max(std::abs(a[i].h_point - b[i].h_point), std::abs(a[i].h_lb - b[i].h_lb));
    worst.add(diff == 0.0 ? 0.0 : -diff, fmt::format("{}: h_point = {} ({}), {} ({}) bits", pair_name(grid[i]),
                                                     precise(a[i].h_point), a_name, precise(b[i].h_point), b_name));
  }
  return worst;
}

Verdict reproducible_for_a_seed(const EstimatorUnderTest& t) {
  return identical_estimates(t.in.grid, t.all_pairs(t.estimate(1)), t.all_pairs(t.estimate(1)), "first call",
                             "second call")
      .verdict("two calls with seed 7 give identical h_point and h_LB");
}

Verdict independent_of_threads(const EstimatorUnderTest& t) {
  return identical_estimates(t.in.grid, t.all_pairs(t.estimate(1)), t.all_pairs(t.estimate(3)), "1 thread",
                             "3 threads")
      .verdict("1 and 3 threads give identical h_point and h_LB");
}

Verdict shards_combine(const EstimatorUnderTest& t) {
  const EntropyEstimator& estimator = t.estimator;
  const detail::EstimatorTestInputs& in = t.in;
  const std::vector<GridPair>& grid = t.in.grid;
  const EntropyRequest whole_request = detail::entropy_request(in.rows, grid, in.trace_sigma);
  const auto whole = t.all_pairs(estimator.estimate(whole_request));
  std::vector<std::vector<GridEntropy>> parts;
  for (std::size_t shard = 0; shard < 3; ++shard) {
    EntropyRequest request = whole_request;
    request.shard = shard;
    request.shards = 3;
    parts.push_back(t.all_pairs(estimator.estimate(request)));
  }
  WorstCase worst;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    const GridEntropy combined = estimator.combine({parts[0][i], parts[1][i], parts[2][i]}, whole_request);
    const double diff =
        std::max(std::abs(combined.h_point - whole[i].h_point), std::abs(combined.h_lb - whole[i].h_lb));
    const double allowed = 1e-12 * (1.0 + std::max(std::abs(whole[i].h_point), std::abs(whole[i].h_lb)));
    worst.add(allowed - diff, fmt::format("{}: h_point = {} combined, {} in one call; |diff| = {} {} {}",
                                          pair_name(grid[i]), precise(combined.h_point), precise(whole[i].h_point),
                                          num(diff), relation("<="), num(allowed)));
  }
  return worst.verdict("3 shards combine into the single-call h_point and h_LB within 1e-12 relative");
}

Verdict column_windows_combine_exactly(const EstimatorUnderTest& t) {
  const EntropyEstimator& estimator = t.estimator;
  const detail::EstimatorTestInputs& in = t.in;
  const std::vector<GridPair>& grid = t.in.grid;
  // The ranks of an MPI job each hold a window of the columns (EntropyRequest::first_column):
  // the halves [0, m/2) and [m/2, m), for the grid's pairs whose blocks do not straddle the
  // middle, must combine into the single call's numbers bit for bit, or a job's result would
  // depend on its ranks.
  const auto m = static_cast<std::size_t>(in.rows.cols());
  const std::size_t half = m / 2;
  std::vector<GridPair> halved;
  for (const GridPair& pair : grid) {
    if (half > 0 && half % pair.k == 0) halved.push_back(pair);
  }
  if (halved.empty()) return Verdict{false, "no grid pair has a block boundary at m/2"};
  const EntropyRequest whole_request = detail::entropy_request(in.rows, halved, in.trace_sigma);
  const auto whole = estimator.estimate(whole_request);
  const RowMatrix left = in.rows.leftCols(static_cast<Eigen::Index>(half));
  const RowMatrix right = in.rows.rightCols(static_cast<Eigen::Index>(m - half));
  std::vector<std::vector<GridEntropy>> parts;
  for (const auto& [window, first] : {std::pair{&left, std::size_t{0}}, std::pair{&right, half}}) {
    EntropyRequest request = detail::entropy_request(*window, halved, in.trace_sigma);
    request.first_column = first;
    request.columns = m;
    parts.push_back(estimator.estimate(request));
  }
  if (whole.size() != halved.size() || parts[0].size() != halved.size() || parts[1].size() != halved.size()) {
    return Verdict{false, fmt::format("{} pairs asked; {}, {} and {} results", halved.size(), whole.size(),
                                      parts[0].size(), parts[1].size())};
  }
  WorstCase worst;
  for (std::size_t i = 0; i < halved.size(); ++i) {
    add_exact_combination(worst, estimator.combine({parts[0][i], parts[1][i]}, whole_request), whole[i]);
  }
  return worst.verdict(
      fmt::format("columns [0, {}) and [{}, {}) combine into the single-call h_point and h_LB exactly", half, half, m));
}

Verdict query_parts_combine_exactly(const EstimatorUnderTest& t) {
  const EntropyEstimator& estimator = t.estimator;
  const detail::EstimatorTestInputs& in = t.in;
  const std::vector<GridPair>& grid = t.in.grid;
  // The ranks of an MPI job may share a block's queries (EntropyRequest::query_parts): the
  // parts must combine into the single call's numbers bit for bit; an estimator that does not
  // split (query_parts_limit = 1) must refuse a split rather than compute something else.
  const EntropyRequest whole_request = detail::entropy_request(in.rows, grid, in.trace_sigma);
  const std::size_t limit = estimator.query_parts_limit(whole_request);
  if (limit < 1) return Verdict{false, fmt::format("query_parts_limit = {}; it must be >= 1", limit)};
  if (limit == 1) {
    EntropyRequest split = whole_request;
    split.query_parts = 2;
    split.end_query_part = 1;
    try {
      estimator.estimate(split);
    } catch (const InvalidInput&) {
      return Verdict{true, "query_parts_limit = 1 (each block whole) and a request for 2 parts is refused"};
    }
    return Verdict{false, "query_parts_limit = 1, yet a request for 2 parts was estimated instead of refused"};
  }
  const std::size_t parts = std::min<std::size_t>(limit, 3);
  const auto whole = t.all_pairs(estimator.estimate(whole_request));
  std::vector<std::vector<GridEntropy>> calls;
  for (const auto& [first, end] : {std::pair<std::size_t, std::size_t>{0, 1}, {1, parts}}) {
    EntropyRequest request = whole_request;
    request.query_parts = parts;
    request.first_query_part = first;
    request.end_query_part = end;
    calls.push_back(t.all_pairs(estimator.estimate(request)));
  }
  EntropyRequest merged_request = whole_request;
  merged_request.query_parts = parts;
  WorstCase worst;
  for (std::size_t i = 0; i < grid.size(); ++i) {
    add_exact_combination(worst, estimator.combine({calls[1][i], calls[0][i]}, merged_request), whole[i]);
  }
  return worst.verdict(fmt::format(
      "query parts [0, 1) and [1, {}) of {} (query_parts_limit = {}) combine into the single-call h_point and h_LB "
      "exactly", parts, parts, limit));
}

Verdict confidence_events_share_alpha(const EstimatorUnderTest& t) {
  const EntropyEstimator& estimator = t.estimator;
  const detail::EstimatorTestInputs& in = t.in;
  const std::vector<GridPair>& grid = t.in.grid;
  const EntropyRequest request = detail::entropy_request(in.rows, grid, in.trace_sigma);
  const auto events = estimator.confidence_events(t.all_pairs(estimator.estimate(request)), request);
  double sum = 0.0;
  bool valid = !events.empty();
  std::string shares;
  for (const ConfidenceEvent& e : events) {
    valid = valid && std::isfinite(e.alpha) && e.alpha >= 0.0 && !e.name.empty();
    sum += e.alpha;
    shares += fmt::format("{}{} = {}", shares.empty() ? "" : ", ", e.name, num(e.alpha));
  }
  const double discrepancy = std::abs(sum - request.alpha);
  return Verdict{valid && discrepancy <= 1e-12 * request.alpha,
                 fmt::format("shares {} sum to {} of alpha = {}: named, finite, >= 0, summing to alpha within 1e-12 "
                             "relative (mathematics §6.8)", shares.empty() ? "(none)" : shares, precise(sum),
                             num(request.alpha))};
}

void check_results(const EntropyEstimator& estimator, const detail::EstimatorTestInputs& in, CheckList& list) {
  const EstimatorUnderTest t{estimator, in};
  list.run("one_result_per_pair", [&] { return one_result_per_pair(t); });
  list.run("lower_bound_at_most_point", [&] { return lower_bound_at_most_point(t); });
  list.run("dither_scale", [&] { return dither_scale(t); });
  list.run("reproducible_for_a_seed", [&] { return reproducible_for_a_seed(t); });
  list.run("independent_of_threads", [&] { return independent_of_threads(t); });
  list.run("shards_combine", [&] { return shards_combine(t); });
  list.run("column_windows_combine_exactly", [&] { return column_windows_combine_exactly(t); });
  list.run("query_parts_combine_exactly", [&] { return query_parts_combine_exactly(t); });
  list.run("confidence_events_share_alpha", [&] { return confidence_events_share_alpha(t); });
}

}  // namespace

std::vector<Check> check_estimator(const EntropyEstimator& estimator, std::string_view name, const Params& /*params*/) {
  CheckList list;
  const detail::EstimatorTestInputs inputs;
  check_results(estimator, inputs, list);
  detail::check_cost(estimator, inputs, list);
  detail::check_prediction(estimator, inputs, list);
  detail::check_known_entropy_sources(estimator, list);
  if (const auto* reference = detail::builtin_plugin_references().estimators.find(name)) {
    (*reference)(estimator, inputs, list);
  }
  return std::move(list).take();
}

}  // namespace reconbound::conformance
