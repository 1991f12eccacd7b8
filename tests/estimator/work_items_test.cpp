// The work items of a checkpointed estimate (reconbound/work_items.hpp, docs/checkpoints.md):
// items combine to one call bit for bit, a rerun reads them instead of computing, an item of
// other inputs is never taken, and a whole bound resumed from any part of its checkpoint is
// the uninterrupted one.
#include <gtest/gtest.h>

#include <atomic>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>

#include "../support/temp_dir.hpp"
#include "estimator_support.hpp"
#include "reconbound/bound.hpp"
#include "reconbound/checkpoint.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/weighted_progress.hpp"
#include "reconbound/work_items.hpp"

namespace reconbound {
namespace {

const Fingerprint kInputs{{"test", "work items"}};

// The goldfeld estimator, counting its estimate() calls.
class CountingEstimator final : public EntropyEstimator {
 public:
  explicit CountingEstimator(std::shared_ptr<EntropyEstimator> inner) : inner_(std::move(inner)) {}
  std::vector<GridEntropy> estimate(const EntropyRequest& request) const override {
    ++calls;
    return inner_->estimate(request);
  }
  GridEntropy combine(const std::vector<GridEntropy>& shards, const EntropyRequest& request) const override {
    return inner_->combine(shards, request);
  }
  std::vector<ConfidenceEvent> confidence_events(const std::vector<GridEntropy>& results,
                                                 const EntropyRequest& request) const override {
    return inner_->confidence_events(results, request);
  }
  EntropyPrediction predict(const PilotEstimate& pilot, const PredictionTarget& target) const override {
    return inner_->predict(pilot, target);
  }
  double cost(const EntropyRequest& request) const override { return inner_->cost(request); }
  std::size_t query_parts_limit(const EntropyRequest& request) const override {
    return inner_->query_parts_limit(request);
  }
  mutable std::atomic<std::size_t> calls{0};

 private:
  std::shared_ptr<EntropyEstimator> inner_;
};

// One result per pair from the items, as the estimate's caller combines them.
std::vector<GridEntropy> combined(const EntropyEstimator& estimator, const std::vector<std::vector<GridEntropy>>& items,
                                  const EntropyRequest& request) {
  std::vector<GridEntropy> out;
  for (std::size_t p = 0; p < request.grid.size(); ++p) {
    std::vector<GridEntropy> parts;
    for (const auto& item : items) parts.push_back(item[p]);
    out.push_back(estimator.combine(parts, request));
  }
  return out;
}

void expect_same_bits(const std::vector<GridEntropy>& a, const std::vector<GridEntropy>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t p = 0; p < a.size(); ++p) {
    EXPECT_EQ(std::memcmp(&a[p].h_lb, &b[p].h_lb, sizeof(double)), 0) << "pair " << p;
    EXPECT_EQ(std::memcmp(&a[p].h_point, &b[p].h_point, sizeof(double)), 0) << "pair " << p;
    ASSERT_EQ(a[p].blocks.size(), b[p].blocks.size());
    for (std::size_t i = 0; i < a[p].blocks.size(); ++i) {
      EXPECT_EQ(a[p].blocks[i].h_point_bits, b[p].blocks[i].h_point_bits);
    }
  }
}

const std::vector<GridPair> kGrid{{1, 0.2}, {2, 0.8}, {4, 0.4}, {16, 1.6}};

// Records each report with the number of estimate() calls begun when it came.
class CallProgress final : public Progress {
 public:
  explicit CallProgress(const CountingEstimator& estimator) : estimator_(estimator) {}
  void report(std::string_view stage, std::size_t done, std::size_t total) override {
    reports.push_back({std::string(stage), estimator_.calls.load(), done, total});
  }
  struct Report {
    std::string stage;
    std::size_t call;
    std::size_t done;
    std::size_t total;
  };
  std::vector<Report> reports;

 private:
  const CountingEstimator& estimator_;
};

// A checkpointed estimate is one stage whose items weigh by the estimator's cost model
// (EntropyEstimator::cost): 16 columns in 8 items, item 0 holds two blocks of k = 1 and one of
// k = 2, 4 and 16, items 1–3 lose the k = 16 block and items 4–7 the k = 4 one too, so item 0 is
// the largest share.
TEST(WorkItems, ProgressIsOneStageWeightedByCost) {
  const RowMatrix data = test::gaussian_sample(70, 16, 4);
  CountingEstimator estimator(test::goldfeld());
  EntropyRequest request = test::make_request(data, kGrid, test::sample_trace(data), 8);
  CallProgress progress(estimator);
  request.progress = &progress;
  test::TempDir dir;
  Checkpoint checkpoint(dir.file("run.ckpt"), kInputs);
  estimate_in_items(estimator, request, &checkpoint, 8);
  ASSERT_FALSE(progress.reports.empty());
  std::vector<double> costs;
  for (std::size_t j = 0; j < 8; ++j) {
    EntropyRequest item = request;
    item.shard = j;
    item.shards = 8;
    costs.push_back(estimator.cost(item));
  }
  double all = 0.0;
  for (const double cost : costs) all += cost;
  // The stage counts in the estimator's own units: the items' costs summed, as one call's total.
  const auto total = static_cast<std::size_t>(std::llround(all));
  EXPECT_EQ(all, estimator.cost(request));
  std::size_t end_of_first = 0;
  std::size_t last = 0;
  for (const auto& r : progress.reports) {
    EXPECT_EQ(r.stage, "entropy estimate");
    EXPECT_EQ(r.total, total);
    EXPECT_GE(r.done, last);  // one thread: in order
    last = r.done;
    if (r.call == 1) end_of_first = r.done;
  }
  EXPECT_EQ(last, total);
  for (std::size_t j = 1; j < 8; ++j) EXPECT_GT(costs[0], costs[j]) << "item " << j;
  EXPECT_NEAR(static_cast<double>(end_of_first) / static_cast<double>(total), costs[0] / all, 1e-5);
}

TEST(WorkItems, ItemsCombineToOneCallBitForBit) {
  const RowMatrix data = test::gaussian_sample(70, 16, 4);
  const auto estimator = test::goldfeld();
  const EntropyRequest request = test::make_request(data, kGrid, test::sample_trace(data), 8);
  const std::vector<GridEntropy> alone = estimator->estimate(request);
  // 16 blocks at k = 1: 16 items, each a block of k = 1, the first ones also of k = 2, 4, 16.
  EXPECT_EQ(certified_items(request), 16U);
  for (const std::size_t items : {2U, 5U, 16U}) {
    const auto parts = estimate_in_items(*estimator, request, nullptr, items);
    ASSERT_EQ(parts.size(), items);
    expect_same_bits(alone, combined(*estimator, parts, request));
  }
}

TEST(WorkItems, ARerunReadsTheItemsAndComputesOnlyWhatIsMissing) {
  const test::TempDir dir;
  const RowMatrix data = test::gaussian_sample(60, 16, 5);
  CountingEstimator estimator(test::goldfeld());
  const EntropyRequest request = test::make_request(data, kGrid, test::sample_trace(data), 2);
  const std::vector<GridEntropy> alone = estimator.estimate(request);
  const std::string path = dir.file("run.ckpt");
  std::size_t after_five = 0;
  {
    Checkpoint checkpoint(path, kInputs);
    estimator.calls = 0;
    const auto parts = estimate_in_items(estimator, request, &checkpoint, 8);
    EXPECT_EQ(estimator.calls, 8U);
    EXPECT_EQ(checkpoint.items(), 8U);
    expect_same_bits(alone, combined(estimator, parts, request));
  }
  {
    Checkpoint checkpoint(path, kInputs);
    estimator.calls = 0;
    const auto parts = estimate_in_items(estimator, request, &checkpoint, 8);
    EXPECT_EQ(estimator.calls, 0U);
    EXPECT_EQ(checkpoint.found(), 8U);
    expect_same_bits(alone, combined(estimator, parts, request));
  }
  // A run killed after five items: the file ends after the fifth record.
  {
    std::ifstream in(path, std::ios::binary);
    const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
    std::size_t at = bytes.find("\n\n") + 2;
    for (int item = 0; item < 5; ++item) at = bytes.find("ITEM", at + 1);
    after_five = at;
    std::filesystem::resize_file(path, after_five + 7);  // and 7 bytes of the sixth
  }
  Checkpoint checkpoint(path, kInputs);
  EXPECT_EQ(checkpoint.restored(), 5U);
  EXPECT_EQ(checkpoint.torn_bytes(), 7U);
  estimator.calls = 0;
  const auto parts = estimate_in_items(estimator, request, &checkpoint, 8);
  EXPECT_EQ(estimator.calls, 3U);
  expect_same_bits(alone, combined(estimator, parts, request));
}

TEST(WorkItems, AnItemOfOtherInputsIsNeverTaken) {
  const test::TempDir dir;
  const RowMatrix data = test::gaussian_sample(60, 16, 6);
  CountingEstimator estimator(test::goldfeld());
  Checkpoint checkpoint(dir.file("run.ckpt"), kInputs);
  const EntropyRequest request = test::make_request(data, kGrid, test::sample_trace(data), 2);
  estimate_in_items(estimator, request, &checkpoint, 4);
  // Another seed, another grid, one changed value of the sample: every item computed afresh.
  EntropyRequest other_seed = request;
  other_seed.seed = 3;
  EntropyRequest other_grid = request;
  other_grid.grid[0].nu2 = 0.4;
  RowMatrix changed = data;
  changed(59, 15) += 1e-12;
  const EntropyRequest other_sample = test::make_request(changed, kGrid, test::sample_trace(data), 2);
  for (const EntropyRequest* other : std::initializer_list<const EntropyRequest*>{&other_seed, &other_grid, &other_sample}) {
    estimator.calls = 0;
    estimate_in_items(estimator, *other, &checkpoint, 4);
    EXPECT_EQ(estimator.calls, 4U);
  }
  EXPECT_EQ(checkpoint.found(), 0U);
}

TEST(WorkItems, AWholeBoundResumesToTheUninterruptedOne) {
  const test::TempDir dir;
  const RowMatrix perp = test::grey_sample(160, 16, 1);
  const RowMatrix est = test::grey_sample(320, 16, 2);  // a pilot of 160 rows
  const ImageShape shape{1, 4, 4};
  const Registry registry;
  BoundConfig config = presets::paper_bound_config();
  config.threads = 2;
  config.seed = 9;
  const std::vector<double> gammas{0.5, 4.0};
  const BoundReport alone = compute_bound(registry, {&perp, &est, shape}, gammas, config);
  ASSERT_EQ(alone.selection.method, "pilot");
  const std::string path = dir.file("bound.ckpt");
  std::size_t items = 0;
  {
    Checkpoint checkpoint(path, kInputs);
    const BoundReport first = compute_bound(registry, {&perp, &est, shape}, gammas, config, {.checkpoint = &checkpoint});
    items = checkpoint.items();
    expect_same_bits(alone.entropies, first.entropies);
  }
  EXPECT_GT(items, 4U);
  std::ifstream in(path, std::ios::binary);
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<std::size_t> starts;  // of the records
  for (std::size_t at = bytes.find("ITEM", bytes.find("\n\n")); at != std::string::npos; at = bytes.find("ITEM", at + 1)) {
    starts.push_back(at);
  }
  ASSERT_GE(starts.size(), items);  // more only where a payload happens to hold the bytes "ITEM"
  // The header alone, and torn records (3 bytes in) among the pilot's, the certified estimate's
  // first and its last items.
  const std::vector<std::size_t> cuts{starts.front(), starts[1] + 3, starts[items / 2] + 3, starts.back() + 3};
  for (const std::size_t cut : cuts) {
    const std::string resumed_path = dir.file("resumed.ckpt");
    std::ofstream(resumed_path, std::ios::binary | std::ios::trunc) << bytes.substr(0, cut);
    Checkpoint checkpoint(resumed_path, kInputs);
    const BoundReport resumed =
        compute_bound(registry, {&perp, &est, shape}, gammas, config, {.checkpoint = &checkpoint});
    EXPECT_EQ(resumed.selection.selected, alone.selection.selected) << "cut at " << cut;
    expect_same_bits(alone.entropies, resumed.entropies);
    for (std::size_t g = 0; g < gammas.size(); ++g) {
      EXPECT_EQ(resumed.results[g].converse.rho_star, alone.results[g].converse.rho_star) << "cut at " << cut;
    }
    EXPECT_EQ(checkpoint.items(), items);
  }
}

}  // namespace
}  // namespace reconbound
