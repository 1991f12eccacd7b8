// The goldfeld estimator's arithmetic and mechanics (mathematics §6): margins (its details) and
// variance bound against the MPFR references, shards, threads, seeds, parameters and input
// validation.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <mutex>
#include <numbers>
#include <string>
#include <vector>

#include "estimator_support.hpp"
#include "mathematics/margins.hpp"
#include "reconbound/error.hpp"
#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_entropy.hpp"
#include "reconbound/verify/tolerances.hpp"

namespace reconbound::test {
namespace {

using verify::tolerance::kEntropyMargins;

const std::vector<GridPair> kGrid{{1, 0.2}, {2, 0.8}, {4, 0.4}, {8, 1.6}, {1, 3.2}};

TEST(Goldfeld, MarginsAndVarianceBoundMatchTheMpfrReference) {
  const RowMatrix data = gaussian_sample(300, 8, 11, 40.0);
  EntropyRequest request = make_request(data, kGrid, sample_trace(data));
  request.union_size = 48;
  request.alpha = 0.05;
  request.alpha_mc_fraction = 0.3;
  const double alpha_mc = request.alpha * request.alpha_mc_fraction;
  const double alpha_md = request.alpha - alpha_mc;
  const auto results = goldfeld()->estimate(request);
  ASSERT_EQ(results.size(), kGrid.size());
  for (std::size_t p = 0; p < kGrid.size(); ++p) {
    const GridEntropy& r = results[p];
    const std::size_t k = kGrid[p].k;
    SCOPED_TRACE("k=" + std::to_string(k) + " nu2=" + std::to_string(kGrid[p].nu2));
    EXPECT_EQ(r.pair, kGrid[p]);
    EXPECT_TRUE(r.complete);
    EXPECT_EQ(r.n, 300u);
    // The budget rule of mathematics §6.7, from the MPFR margins.
    const std::size_t n_mc = draws(r.details);
    EXPECT_EQ(n_mc, verify::reference_monte_carlo_budget(k, 8 / k, 300, 48, alpha_mc, alpha_md));
    EXPECT_RELATIVELY_CLOSE(r.s, std::sqrt(kGrid[p].nu2 * request.trace_sigma / k), 1e-15);
    ASSERT_EQ(r.blocks.size(), 8 / k);
    for (std::size_t b = 0; b < r.blocks.size(); ++b) {
      EXPECT_EQ(r.blocks[b].block, b);
      EXPECT_GT(r.blocks[b].numerical_error_bits, 0.0);  // the fast path's proven margin
      EXPECT_LE(r.blocks[b].numerical_error_bits, kSingleMaxNumericalBits);
    }
    // σ_b² of mathematics §6.3, which t_MC's σ_MC sums over the blocks.
    EXPECT_AGREES_WITH_REFERENCE(goldfeld::block_variance_bound_bits2(k, 300, n_mc),
                                 verify::reference_block_variance_bound(k, 300, n_mc), kEntropyMargins);
    const auto sigma = verify::reference_sigma_mc(k, 8 / k, 300, n_mc);
    const auto margins = verify::reference_margins(300, 48, alpha_mc, alpha_md, sigma.value);
    const double t_mc = detail(r.details, "t_mc"), t_md = detail(r.details, "t_md");
    EXPECT_AGREES_WITH_REFERENCE(t_md, margins.t_md, kEntropyMargins);
    EXPECT_AGREES_WITH_REFERENCE(t_mc, margins.t_mc, kEntropyMargins);
    EXPECT_GT(r.t_num, 0.0);
    EXPECT_LE(r.t_num, kSingleMaxNumericalBits);
    EXPECT_EQ(r.h_lb, r.h_point - t_mc - t_md - r.t_num);  // mathematics §6.4
    double mean = 0.0;
    for (const auto& block : r.blocks) mean += block.h_point_bits;
    EXPECT_RELATIVELY_CLOSE(r.h_point, mean / static_cast<double>(r.blocks.size()), 1e-14);
  }
}

// eq 35 at a larger n, |G| = 48, α₂ = 0.025.
TEST(Goldfeld, McDiarmidMarginAtALargerSample) {
  const RowMatrix data = gaussian_sample(3000, 1, 3);
  EntropyRequest request = make_request(data, {{1, 0.2}}, 1.0);
  request.union_size = 48;
  const GridEntropy r = goldfeld(Params().set("n_mc", std::int64_t{1}))->estimate(request)[0];
  const auto margins = verify::reference_margins(3000, 48, 0.025, 0.025, 0.0);
  EXPECT_AGREES_WITH_REFERENCE(detail(r.details, "t_md"), margins.t_md, kEntropyMargins);
}

void expect_identical(const GridEntropy& a, const GridEntropy& b) {
  EXPECT_EQ(a.pair, b.pair);
  EXPECT_EQ(a.s, b.s);
  EXPECT_EQ(a.n, b.n);
  EXPECT_EQ(a.h_point, b.h_point);
  ASSERT_EQ(a.details.size(), b.details.size());
  for (std::size_t i = 0; i < a.details.size(); ++i) {
    EXPECT_EQ(a.details[i].name, b.details[i].name);
    EXPECT_EQ(a.details[i].value, b.details[i].value);
    EXPECT_EQ(a.details[i].count, b.details[i].count);
  }
  EXPECT_EQ(a.t_num, b.t_num);
  EXPECT_EQ(a.h_lb, b.h_lb);
  EXPECT_EQ(a.complete, b.complete);
  ASSERT_EQ(a.blocks.size(), b.blocks.size());
  for (std::size_t i = 0; i < a.blocks.size(); ++i) {
    EXPECT_EQ(a.blocks[i].block, b.blocks[i].block);
    EXPECT_EQ(a.blocks[i].h_point_bits, b.blocks[i].h_point_bits);
    EXPECT_EQ(a.blocks[i].numerical_error_bits, b.blocks[i].numerical_error_bits);
  }
}

TEST(Goldfeld, ThreeShardsCombineToTheSingleCallBitForBit) {
  const RowMatrix data = gaussian_sample(120, 8, 5);
  const EntropyRequest request = make_request(data, kGrid, sample_trace(data), 77);
  const auto estimator = goldfeld();
  const auto whole = estimator->estimate(request);
  std::vector<std::vector<GridEntropy>> parts;
  for (std::size_t shard = 0; shard < 3; ++shard) {
    EntropyRequest part = request;
    part.shard = shard;
    part.shards = 3;
    parts.push_back(estimator->estimate(part));
    for (const GridEntropy& r : parts.back()) {
      EXPECT_FALSE(r.complete);
      EXPECT_TRUE(std::isnan(r.h_lb));  // unusable until combined
      for (const BlockEntropy& b : r.blocks) EXPECT_EQ(b.block % 3, shard);
    }
  }
  for (std::size_t p = 0; p < kGrid.size(); ++p) {
    // Shards given out of order combine all the same.
    const GridEntropy combined =
        estimator->combine({parts[2][p], parts[0][p], parts[1][p]}, request);
    expect_identical(combined, whole[p]);
  }
}

TEST(Goldfeld, ResultsDoNotDependOnTheThreadCount) {
  const RowMatrix data = gaussian_sample(150, 8, 6);
  EntropyRequest request = make_request(data, kGrid, sample_trace(data), 5);
  const auto one = goldfeld()->estimate(request);
  for (const std::size_t threads : {3u, 0u}) {
    request.threads = threads;
    const auto many = goldfeld()->estimate(request);
    for (std::size_t p = 0; p < kGrid.size(); ++p) expect_identical(many[p], one[p]);
  }
}

TEST(Goldfeld, TheSeedSelectsTheDither) {
  const RowMatrix data = gaussian_sample(60, 4, 7);
  const auto a = goldfeld()->estimate(make_request(data, {{2, 0.4}}, sample_trace(data), 1));
  const auto b = goldfeld()->estimate(make_request(data, {{2, 0.4}}, sample_trace(data), 1));
  const auto c = goldfeld()->estimate(make_request(data, {{2, 0.4}}, sample_trace(data), 2));
  EXPECT_EQ(a[0].h_point, b[0].h_point);
  EXPECT_NE(a[0].h_point, c[0].h_point);
  EXPECT_EQ(detail(a[0].details, "t_mc"), detail(c[0].details, "t_mc"));  // the margins depend on the sample only
}

// A sample with one repeated point makes f̂_b = φ_s exactly, so eq 31 reduces to
//   ĥ_MC = (k/2)·log2(2πs²) + (1/(N_k·n·n_mc))·Σ ‖Z‖² / (2 ln 2)
// with Z the standard normal draws. Those are shared by every ν of one k (mathematics §6.3), so
// the remainder T = (ĥ_MC − (k/2)·log2(2πs²))·2 ln 2 / k is the same for every ν, and it is
// a mean of ‖Z‖²/k over N_k·n·n_mc draws: 1 ± sqrt(2/(k·N_k·n·n_mc)).
TEST(Goldfeld, PointMassSampleSharesTheDitherAcrossNu) {
  const RowMatrix data = RowMatrix::Constant(50, 4, 3.0);
  const std::size_t k = 2;
  const auto results = goldfeld(Params::parse("n_mc=200"))
                           ->estimate(make_request(data, {{k, 0.2}, {k, 1.6}}, 10.0, 3));
  std::vector<double> remainder;
  for (const GridEntropy& r : results) {
    const double gaussian = static_cast<double>(k) / 2.0 * std::log2(2.0 * std::numbers::pi * r.s * r.s);
    remainder.push_back((r.h_point - gaussian) * 2.0 * std::numbers::ln2 / static_cast<double>(k));
  }
  EXPECT_RELATIVELY_CLOSE(remainder[1], remainder[0], 1e-12);
  const double draws = static_cast<double>(k * 2 * 50 * 200);  // k·N_k·n·n_mc coordinates
  EXPECT_NEAR(remainder[0], 1.0, 5.0 * std::sqrt(2.0 / draws));
}

TEST(Goldfeld, TheNmcParameterOverridesTheDefault) {
  const RowMatrix data = gaussian_sample(40, 4, 8);
  const auto r = goldfeld(Params::parse("n_mc=7"))
                     ->estimate(make_request(data, {{1, 0.2}, {4, 0.2}}, sample_trace(data)));
  EXPECT_EQ(draws(r[0].details), 7u);
  EXPECT_EQ(draws(r[1].details), 7u);
  EXPECT_THROW(goldfeld(Params::parse("n_mc=0")), InvalidInput);
  EXPECT_THROW(goldfeld(Params::parse("n_mc=two")), InvalidInput);
  EXPECT_THROW(goldfeld(Params::parse("draws=3")), InvalidInput);
  EXPECT_THROW(goldfeld(Params::parse("series=sometimes")), InvalidInput);
  EXPECT_NO_THROW(goldfeld(Params::parse("series=off")));
  EXPECT_THROW(goldfeld(Params::parse("precision=half")), InvalidInput);
  EXPECT_NO_THROW(goldfeld(Params::parse("precision=double")));
  EXPECT_NO_THROW(goldfeld(Params::parse("precision=single")));
}

// The request's n_mc (a pilot's one draw, mathematics §6.6) wins over the parameter and the budget.
TEST(Goldfeld, TheRequestNmcOverridesParameterAndBudget) {
  const RowMatrix data = gaussian_sample(40, 4, 8);
  EntropyRequest request = make_request(data, {{1, 0.2}, {4, 0.2}}, sample_trace(data));
  request.n_mc = 3;
  const auto r = goldfeld(Params::parse("n_mc=7"))->estimate(request);
  EXPECT_EQ(draws(r[0].details), 3u);
  EXPECT_EQ(draws(r[1].details), 3u);
  request.n_mc = 2'000'000;
  EXPECT_THROW(goldfeld()->estimate(request), InvalidInput);
}

class CountingProgress final : public Progress {
 public:
  void report(std::string_view stage, std::size_t done, std::size_t total) override {
    std::lock_guard lock(mutex_);
    ++calls_;
    steps_.push_back(done - std::min(done, last_done_));  // in order with one thread
    last_done_ = std::max(last_done_, done);
    total_ = total;
    stages_ok_ = stages_ok_ && stage == "entropy estimate";
  }
  std::size_t calls_ = 0;
  std::size_t last_done_ = 0;
  std::size_t total_ = 0;
  std::vector<std::size_t> steps_;  // what each report added
  bool stages_ok_ = true;

 private:
  std::mutex mutex_;
};

// The exact path reports once per (grid pair, block), in one stage that ends at its total.
TEST(Goldfeld, ReportsProgressPerBlock) {
  const RowMatrix data = gaussian_sample(30, 8, 9);
  CountingProgress progress;
  EntropyRequest request = make_request(data, kGrid, sample_trace(data));
  request.progress = &progress;
  request.threads = 2;
  goldfeld(Params().set("exact", true))->estimate(request);
  const std::size_t blocks = 8 + 4 + 2 + 1 + 8;
  EXPECT_EQ(progress.calls_, blocks);
  EXPECT_EQ(progress.last_done_, progress.total_);
  EXPECT_TRUE(progress.stages_ok_);
}

// The exact path's units are modelled cost (item_cost.hpp), not items: a block of k = 8 costs
// more than one of k = 1 with the same draws, and the blocks of one pair the same.
TEST(Goldfeld, ExactPathProgressWeighsBlocksByCost) {
  const RowMatrix data = gaussian_sample(30, 8, 9);
  CountingProgress progress;
  EntropyRequest request = make_request(data, {{1, 0.2}, {8, 0.2}}, sample_trace(data));
  request.progress = &progress;
  request.threads = 1;
  request.n_mc = 2;
  goldfeld(Params().set("exact", true))->estimate(request);
  ASSERT_EQ(progress.steps_.size(), 9U);
  for (std::size_t i = 1; i < 8; ++i) EXPECT_EQ(progress.steps_[i], progress.steps_[0]);
  EXPECT_GT(progress.steps_[8], progress.steps_[0]);
  EXPECT_EQ(progress.last_done_, progress.total_);
}

// The fast path reports once per (block size, block, tile of 32 rows), and once per block at
// k = 1 and 2 (whose work item is the whole block): n = 40 gives two tiles, the grid's block
// sizes 1, 2, 4, 8 have 8 + 4 + 2 + 1 blocks.
TEST(Goldfeld, FastPathReportsProgressPerTile) {
  const RowMatrix data = gaussian_sample(40, 8, 9);
  CountingProgress progress;
  EntropyRequest request = make_request(data, kGrid, sample_trace(data));
  request.progress = &progress;
  request.threads = 2;
  goldfeld()->estimate(request);
  const std::size_t items = 8 + 4 + 2 * (2 + 1);
  EXPECT_EQ(progress.calls_, items);
  EXPECT_EQ(progress.last_done_, progress.total_);
  EXPECT_TRUE(progress.stages_ok_);
}

// cost(request) is the total the call's progress counts to, on both paths and for a shard, and
// reads no sample value (a sample of NaNs costs the same; estimate() would refuse it).
TEST(Goldfeld, CostIsTheTotalItsProgressCountsTo) {
  const RowMatrix data = gaussian_sample(40, 8, 9);
  for (const bool exact : {false, true}) {
    const auto estimator = goldfeld(Params().set("exact", exact));
    for (const std::size_t shards : {1U, 3U}) {
      CountingProgress progress;
      EntropyRequest request = make_request(data, kGrid, sample_trace(data));
      request.progress = &progress;
      request.shards = shards;
      request.shard = shards - 1;
      estimator->estimate(request);
      EXPECT_EQ(estimator->cost(request), static_cast<double>(progress.total_)) << "exact " << exact << ", shards " << shards;
      RowMatrix nans = data;
      nans.setConstant(std::numeric_limits<double>::quiet_NaN());
      EntropyRequest unread = make_request(nans, kGrid, sample_trace(data));
      unread.shards = shards;
      unread.shard = shards - 1;
      EXPECT_EQ(estimator->cost(unread), estimator->cost(request));
    }
  }
}

// The cost grows with the work: with the draws fixed, n² per block (the pairs of two tiles of
// 40 rows against all centres); a block of 8 columns costs more than one of 4 (more
// multiply-adds per pair, more draws by the budget rule).
TEST(Goldfeld, CostGrowsWithRecordsAndBlockSize) {
  const RowMatrix data = gaussian_sample(80, 8, 9);
  const RowMatrix half_data = data.topRows(40);
  const auto estimator = goldfeld();
  const double trace = sample_trace(data);
  EntropyRequest half = make_request(half_data, {{8, 0.8}}, trace);
  EntropyRequest whole = make_request(data, {{8, 0.8}}, trace);
  half.n_mc = whole.n_mc = 2;
  EXPECT_NEAR(estimator->cost(whole) / estimator->cost(half), 4.0, 0.01);
  const double k8_block = estimator->cost(make_request(data, {{8, 0.8}}, trace));
  const double k4_block = estimator->cost(make_request(data, {{4, 0.8}}, trace)) / 2.0;
  EXPECT_GT(k8_block, k4_block);
}

// A tile's units grow with its rows: at n = 40 a block's first tile holds 32 rows, its second
// 8, so the first moves the bar four times as far (k = 4, one level: the product kernel).
TEST(Goldfeld, FastPathProgressWeighsTilesByRows) {
  const RowMatrix data = gaussian_sample(40, 8, 9);
  CountingProgress progress;
  EntropyRequest request = make_request(data, {{4, 0.4}}, sample_trace(data));
  request.progress = &progress;
  request.threads = 1;
  goldfeld()->estimate(request);
  ASSERT_EQ(progress.steps_.size(), 4U);
  EXPECT_NEAR(static_cast<double>(progress.steps_[0]) / static_cast<double>(progress.steps_[1]), 4.0, 0.01);
  EXPECT_EQ(progress.steps_[2], progress.steps_[0]);
  EXPECT_EQ(progress.last_done_, progress.total_);
}

void expect_invalid(const EntropyRequest& request, const std::string& needle) {
  try {
    goldfeld()->estimate(request);
    ADD_FAILURE() << "no error; expected one mentioning '" << needle << "'";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
  }
}

// A copy of `base` changed by `change` (EntropyRequest holds an Eigen::Ref: it can be
// copied, not assigned).
template <class Change>
EntropyRequest changed(const EntropyRequest& base, Change change) {
  EntropyRequest copy = base;
  change(copy);
  return copy;
}

TEST(Goldfeld, RejectsInvalidRequests) {
  const RowMatrix data = gaussian_sample(20, 6, 10);
  const EntropyRequest good = make_request(data, {{2, 0.2}}, 3.0);
  const auto grid = [&](std::vector<GridPair> pairs) {
    return changed(good, [&](EntropyRequest& r) { r.grid = pairs; });
  };
  expect_invalid(grid({{4, 0.2}}), "k=4 does not divide m=6");
  expect_invalid(grid({{0, 0.2}}), "k=0 does not divide m=6");
  expect_invalid(grid({{3, 0.0}}), "nu2=0");
  expect_invalid(grid({{3, std::numeric_limits<double>::infinity()}}), "nu2=inf");
  expect_invalid(grid({}), "grid is empty");
  expect_invalid(changed(good, [](EntropyRequest& r) { r.trace_sigma = -1.0; }), "trace_sigma=-1");
  expect_invalid(changed(good, [](EntropyRequest& r) {
                   r.trace_sigma = std::numeric_limits<double>::quiet_NaN();
                 }),
                 "trace_sigma=nan");
  expect_invalid(changed(good, [](EntropyRequest& r) { r.alpha = 1.0; }), "alpha=1");
  expect_invalid(changed(good, [](EntropyRequest& r) { r.alpha = 0.0; }), "alpha=0");
  expect_invalid(changed(good, [](EntropyRequest& r) { r.alpha_mc_fraction = 0.0; }),
                 "alpha_mc_fraction=0");
  expect_invalid(changed(good,
                         [](EntropyRequest& r) {
                           r.grid = {{1, 0.2}, {2, 0.2}, {3, 0.2}};
                           r.union_size = 2;
                         }),
                 "union_size=2");
  expect_invalid(changed(good,
                         [](EntropyRequest& r) {
                           r.shard = 3;
                           r.shards = 3;
                         }),
                 "shard 3 of 3");
  expect_invalid(changed(good, [](EntropyRequest& r) { r.shards = 0; }), "shard 0 of 0");

  const RowMatrix one_row = gaussian_sample(1, 6, 1);
  expect_invalid(make_request(one_row, {{2, 0.2}}, 3.0), "at least 2 sample rows");

  RowMatrix bad = data;
  bad(13, 4) = std::numeric_limits<double>::quiet_NaN();
  expect_invalid(make_request(bad, {{2, 0.2}}, 3.0), "row 13 (column 4");
  bad(13, 4) = 0.0;
  bad(2, 0) = -std::numeric_limits<double>::infinity();
  expect_invalid(make_request(bad, {{2, 0.2}}, 3.0), "row 2 (column 0");
}

TEST(Goldfeld, CombineRejectsIncompleteOrMixedShards) {
  const RowMatrix data = gaussian_sample(20, 6, 12);
  const EntropyRequest request = make_request(data, {{1, 0.2}, {2, 0.2}}, 3.0);
  std::vector<std::vector<GridEntropy>> parts;
  for (std::size_t shard = 0; shard < 2; ++shard) {
    EntropyRequest part = request;
    part.shard = shard;
    part.shards = 2;
    parts.push_back(goldfeld()->estimate(part));
  }
  const auto expect_combine_error = [&](const std::vector<GridEntropy>& shards,
                                        const std::string& needle) {
    try {
      goldfeld()->combine(shards, request);
      ADD_FAILURE() << "no error; expected one mentioning '" << needle << "'";
    } catch (const InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find(needle), std::string::npos) << e.what();
    }
  };
  expect_combine_error({}, "got none");
  expect_combine_error({parts[0][0]}, "block 1 of k=1 is missing");
  expect_combine_error({parts[0][0], parts[1][0], parts[1][0]}, "appears in two shards");
  expect_combine_error({parts[0][0], parts[1][1]}, "disagree");
  EXPECT_NO_THROW(goldfeld()->combine({parts[0][1], parts[1][1]}, request));
}

}  // namespace
}  // namespace reconbound::test
