// The bound's frame streams its records (docs/memory.md): read a window at a time (from a
// mapped .npy file or from matrices), represented, its UCB terms taken and rotated in place. It
// gives the bits the whole-matrix computation gives (represent, trace_sigma_with_ucb,
// Rotation::apply on all of D_est), for any thread count; it keeps Ψ(D_est) only for a whole
// frame; it reports each window from the calling thread and lets Cancelled through; and its
// memory plan refuses before anything is read.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <thread>
#include <vector>

#include "../data/data_test_support.hpp"
#include "reconbound/bound.hpp"
#include "reconbound/bound_frame.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/on_ranks.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/trace_sigma.hpp"

namespace reconbound {
namespace {

constexpr std::size_t kRecords = 1500, kPerp = 300;  // D_est: 1200 records, not a whole number of windows
const ImageShape kShape{1, 8, 8};

// Seeded grey levels, and the same records as an .npy file of bytes.
struct Records {
  test::TempDir dir;
  test::Bytes bytes;
  RowMatrix all;
  std::string path = dir.file("records.npy");
  std::vector<std::size_t> perp, est;  // D⊥ the first kPerp records in a shuffled order, D_est the rest

  Records() : bytes(kRecords * kShape.size()), all(kRecords, static_cast<Eigen::Index>(kShape.size())) {
    std::mt19937 draw(7);
    for (std::size_t i = 0; i < bytes.size(); ++i) {
      bytes[i] = static_cast<std::uint8_t>(draw() % 256);
      all.data()[i] = bytes[i];
    }
    test::write_file(path, test::npy_bytes(test::npy_dict("|u1", "(1500, 8, 8)"), bytes));
    std::vector<std::size_t> order(kRecords);
    for (std::size_t i = 0; i < kRecords; ++i) order[i] = i;
    std::shuffle(order.begin(), order.end(), draw);
    perp.assign(order.begin(), order.begin() + kPerp);
    est.assign(order.begin() + kPerp, order.end());
  }
  RowMatrix rows(const std::vector<std::size_t>& indices) const {
    RowMatrix out(static_cast<Eigen::Index>(indices.size()), all.cols());
    for (std::size_t i = 0; i < indices.size(); ++i) out.row(static_cast<Eigen::Index>(i)) = all.row(static_cast<Eigen::Index>(indices[i]));
    return out;
  }
};

BoundConfig config_with(std::size_t threads, RotationChoice rotation = RotationChoice::automatic) {
  BoundConfig config = presets::paper_bound_config();
  config.threads = threads;
  config.rotation = rotation;
  config.block_sizes = {8};
  config.nu2_levels = {0.4};
  return config;
}

void expect_same_frame(const BoundFrame& a, const BoundFrame& b) {
  // Ψ(D⊥) by its digest: a frame of rows on ranks lets Ψ(D⊥) go once it is read.
  EXPECT_EQ(a.n_perp, b.n_perp);
  EXPECT_EQ(a.perp_digest, b.perp_digest);
  ASSERT_EQ(a.rotated_perp.rows(), b.rotated_perp.rows());
  EXPECT_EQ(a.rotated_perp, b.rotated_perp);
  EXPECT_EQ(a.pilot_trace_ucb, b.pilot_trace_ucb);
  ASSERT_EQ(a.rotated_est.rows(), b.rotated_est.rows());
  EXPECT_EQ(a.rotated_est, b.rotated_est);
  EXPECT_EQ(a.trace.trace, b.trace.trace);
  EXPECT_EQ(a.trace.ucb, b.trace.ucb);
  EXPECT_EQ(a.trace.centred_mean, b.trace.centred_mean);
  EXPECT_EQ(a.normaliser, b.normaliser);
  EXPECT_EQ(a.rotation->kind(), b.rotation->kind());
}

TEST(StreamedFrame, GivesTheBitsOfTheWholeMatrixComputation) {
  const Records records;
  const RowMatrix perp = records.rows(records.perp), est = records.rows(records.est);
  const Registry registry;
  for (const RotationChoice rotation : {RotationChoice::automatic, RotationChoice::signs}) {
    const BoundConfig config = config_with(2, rotation);
    const BoundFrame whole = make_bound_frame(registry, {&perp, &est, kShape}, config);
    ASSERT_EQ(whole.est_features.rows(), est.rows());
    // The computation on whole matrices, as the frame did before it streamed.
    EXPECT_EQ(whole.perp_features, represent_in_frame(whole, perp, 1));
    EXPECT_EQ(whole.est_features, represent_in_frame(whole, est, 1));
    EXPECT_EQ(whole.rotated_est, whole.rotation->apply(whole.est_features, 1));
    // What the bound reads of Ψ(D⊥) later: its digest and the pilot's prefix, min(n_perp, n_est/2) rows.
    EXPECT_EQ(whole.perp_digest,
              digest_doubles(0, whole.perp_features.data(), static_cast<std::size_t>(whole.perp_features.size())));
    ASSERT_EQ(whole.rotated_perp.rows(), std::min(perp.rows(), est.rows() / 2));
    EXPECT_EQ(whole.rotated_perp, whole.rotation->apply(whole.perp_features.topRows(whole.rotated_perp.rows()), 1));
    const TraceSigma trace = trace_sigma_with_ucb(whole.perp_features, whole.est_features,
                                                  whole.info.max_squared_distance, whole.trace.alpha);
    EXPECT_EQ(whole.trace.trace, trace.trace);
    EXPECT_EQ(whole.trace.ucb, trace.ucb);
    EXPECT_EQ(whole.rotation->kind(), rotation == RotationChoice::signs ? "signs" : "eigenbasis");

    // The same records decoded from the mapped file, in windows of 1, 3 or 4 batches: the same bits,
    // and no Ψ(D_est) kept where the frame is asked for rows on ranks.
    const auto mapped = MappedDataset::open_npy(records.path);
    for (const std::size_t threads : {1, 3, 4}) {
      SCOPED_TRACE(threads);
      const BoundData data(mapped.get(), records.perp, records.est, kShape);
      const BoundFrame streamed = make_bound_frame(registry, data, config_with(threads, rotation), {},
                                                   FrameLayout::rows_on_ranks);
      expect_same_frame(whole, streamed);
      EXPECT_EQ(streamed.est_features.size(), 0);
      EXPECT_EQ(streamed.perp_features.size(), 0);
      const BoundFrame kept = make_bound_frame(registry, data, config_with(threads, rotation));
      EXPECT_EQ(kept.est_features, whole.est_features);
    }
  }
}

TEST(StreamedFrame, GivesTheSameBoundFromTheMappedFileAsFromMatrices) {
  const Records records;
  const RowMatrix perp = records.rows(records.perp), est = records.rows(records.est);
  const auto mapped = MappedDataset::open_npy(records.path);
  const Registry registry;
  const BoundConfig config = config_with(2);
  const BoundReport from_matrices = compute_bound(registry, {&perp, &est, kShape}, {1.0}, config);
  const BoundReport from_file =
      compute_bound(registry, BoundData(mapped.get(), records.perp, records.est, kShape), {1.0}, config);
  ASSERT_EQ(from_file.entropies.size(), from_matrices.entropies.size());
  EXPECT_EQ(from_file.entropies[0].h_lb, from_matrices.entropies[0].h_lb);
  EXPECT_EQ(from_file.results[0].converse.rho_star, from_matrices.results[0].converse.rho_star);
  EXPECT_EQ(from_file.trace_sigma_ucb, from_matrices.trace_sigma_ucb);
}

// Counts the reports of each stage made on the calling thread, and throws Cancelled at the
// calling thread's report number `stop_at` (0: never).
class Recorder final : public Progress {
 public:
  explicit Recorder(std::size_t stop_at = 0) : caller_(std::this_thread::get_id()), stop_at_(stop_at) {}
  void report(std::string_view stage, std::size_t done, std::size_t total) override {
    if (std::this_thread::get_id() != caller_) return;
    reports.push_back({std::string(stage), done, total});
    if (reports.size() == stop_at_) throw Cancelled("stopped by the test");
  }
  struct Report {
    std::string stage;
    std::size_t done, total;
  };
  std::vector<Report> reports;
  std::size_t count(const std::string& stage) const {
    return static_cast<std::size_t>(
        std::count_if(reports.begin(), reports.end(), [&](const Report& r) { return r.stage == stage; }));
  }

 private:
  std::thread::id caller_;
  std::size_t stop_at_;
};

TEST(StreamedFrame, ReportsEveryBatchFromTheCallingThreadAndStopsWhenCancelled) {
  const Records records;
  const auto mapped = MappedDataset::open_npy(records.path);
  const BoundData data(mapped.get(), records.perp, records.est, kShape);
  const Registry registry;
  const BoundConfig config = config_with(1);  // one thread: a window is one batch of 256 records
  Recorder recorder;
  make_bound_frame(registry, data, config, {.progress = &recorder}, FrameLayout::rows_on_ranks);
  // Before the first batch and after each: ⌈300/256⌉ = 2 batches of D⊥ represented, 2 slices of
  // the centre's 64 columns (48 = 256 · 64 / 300 rounded down to 8s), 2 batches of the sum of
  // squares (the last reported once tr Σ̂ > 0); the eigenbasis after its one chunk of 300 rows;
  // ⌈1200/256⌉ = 5 batches of D_est.
  EXPECT_EQ(recorder.count("representing D_perp, tr Sigma"), 1u + 2u + 2u + 2u);
  EXPECT_EQ(recorder.count("fitting the rotation on D_perp"), 1u);
  EXPECT_EQ(recorder.count("representing and rotating D_est"), 1u + 5u);
  EXPECT_EQ(recorder.reports.back().done, 1200u);
  EXPECT_EQ(recorder.reports.back().total, 1200u);
  // Cancelled at any report, in every phase, comes out of the frame as it is.
  for (std::size_t stop_at = 1; stop_at <= recorder.reports.size(); ++stop_at) {
    SCOPED_TRACE(stop_at);
    Recorder stopping(stop_at);
    EXPECT_THROW(make_bound_frame(registry, data, config, {.progress = &stopping}, FrameLayout::rows_on_ranks),
                 Cancelled);
    EXPECT_EQ(stopping.reports.size(), stop_at);
  }
}

TEST(StreamedFrame, TheCentreInSlicesAndTheTraceInBatchesAreTheWholeComputation) {
  // An odd number of columns: the vectorised sum's last column is added on its own.
  std::mt19937_64 draw(3);
  std::normal_distribution<double> normal(100.0, 30.0);
  RowMatrix perp(137, 1001);
  for (Eigen::Index i = 0; i < perp.size(); ++i) perp.data()[i] = normal(draw);
  const Eigen::RowVectorXd whole = centre_of(perp);
  for (const std::size_t columns : {8, 16, 48, 1000, 2048}) {
    SCOPED_TRACE(columns);
    std::vector<std::size_t> done;
    const Eigen::RowVectorXd sliced = centre_of(perp, columns, [&](std::size_t d) { done.push_back(d); });
    EXPECT_EQ(sliced, whole);
    EXPECT_EQ(done.size(), (1001 + columns - 1) / columns);
    EXPECT_EQ(done.back(), 1001u);
  }
  EXPECT_THROW(centre_of(perp, 12, [](std::size_t) {}), InvalidInput);
  double squares = 0.0;
  for (Eigen::Index first = 0; first < perp.rows(); first += 40) {
    squares = add_squared_distances(squares, perp.middleRows(first, std::min<Eigen::Index>(40, perp.rows() - first)),
                                    whole);
  }
  EXPECT_EQ(squares / 136.0, covariance_trace(perp));
}

TEST(StreamedFrame, ThePlanRefusesBeforeAnyRecordIsRead) {
  const Records records;
  const auto mapped = MappedDataset::open_npy(records.path);
  const Registry registry;
  BoundConfig config = config_with(2);
  Recorder recorder;
  config.memory_limit_bytes = 1 << 20;
  config.memory_limit_source = "the test's limit";
  try {
    make_bound_frame(registry, BoundData(mapped.get(), records.perp, records.est, kShape), config,
                     {.progress = &recorder}, FrameLayout::rows_on_ranks);
    FAIL() << "a plan over the limit was accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("the test's limit"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(recorder.reports.empty());
}

}  // namespace
}  // namespace reconbound
