// The joint statement of a bound per label (mathematics §6.10, eq 6.10b) over repetitions of the
// whole job: records of 2 × 2 pixels from a mixture of three isotropic Gaussian classes
// N(μ_c·1, σ_c²·I), whose class-conditional dithered block entropies and tr Σ_c are known in
// closed form, labelled by an IDX file, split at random, each class certified at α/3 by
// workflow::run_bound_by_label. The event every row rests on — h̄_LB ≤ h̄_U at each certified
// pair AND tr Σ_c ≤ the normaliser, for all three classes at once — must hold in ≥ (1 − α) of the
// repetitions, and no class's bound may be vacuous: its mean entropy gap stays within what its
// margins cost (gap_allowance.hpp).
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numbers>
#include <random>
#include <unistd.h>
#include <vector>

#include "entropy_coverage.hpp"
#include "estimator_support.hpp"
#include "gap_allowance.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/workflow/by_label.hpp"

namespace reconbound::test {
namespace {

constexpr int kRepetitions = 200;
constexpr std::size_t kRecords = 3600, kPerp = 600, kEst = 3000;
constexpr double kAlpha = 0.05;
constexpr std::size_t kPixels = 4;
// The classes: mean grey level and standard deviation per pixel, at least 8σ inside [0, 255].
constexpr double kMean[3] = {64.0, 128.0, 200.0};
constexpr double kSigma[3] = {8.0, 16.0, 6.0};

// Record i has label i mod 3, written as an IDX file of bytes (00 00 08 01, count, labels).
std::string write_labels(const std::filesystem::path& path) {
  std::ofstream out(path, std::ios::binary);
  const unsigned char header[8] = {0, 0, 8, 1, 0, 0, kRecords >> 8, kRecords & 0xff};
  out.write(reinterpret_cast<const char*>(header), 8);
  for (std::size_t i = 0; i < kRecords; ++i) out.put(static_cast<char>(i % 3));
  return path.string();
}

std::shared_ptr<const Dataset> sample(std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  auto out = std::make_shared<Dataset>();
  out->shape = ImageShape{1, 2, 2};
  out->source = "Gaussian mixture";
  out->records.resize(kRecords, kPixels);
  for (Eigen::Index i = 0; i < out->records.rows(); ++i) {
    const std::size_t c = static_cast<std::size_t>(i) % 3;
    for (Eigen::Index j = 0; j < out->records.cols(); ++j) out->records(i, j) = kMean[c] + kSigma[c] * normal(rng);
  }
  return out;
}

// h̄_U of class c at (k, s), bits per block: the rotated block scaled by sqrt(N_k) is
// N(·, N_k·σ_c²·I_k), dithered N(·, (N_k·σ_c² + s²)·I_k), whatever the (orthogonal) rotation.
double class_entropy(std::size_t c, std::size_t k, double s) {
  const double blocks = static_cast<double>(kPixels / k);
  return 0.5 * static_cast<double>(k) *
         std::log2(2.0 * std::numbers::pi * std::numbers::e * (blocks * kSigma[c] * kSigma[c] + s * s));
}

// The plug-in's bias bound for that block (as conformance's Gaussian source): with
// D = det(I + C_b/s²), min(log2(1 + (D − 1)/n), ½·log2 D).
double class_bias_bound(std::size_t c, std::size_t k, double s, std::size_t n) {
  const double blocks = static_cast<double>(kPixels / k);
  const double log2_det = static_cast<double>(k) * std::log2(1.0 + blocks * kSigma[c] * kSigma[c] / (s * s));
  const double chi_square = log2_det + std::log2(1.0 + static_cast<double>(n - 1) * std::exp2(-log2_det)) -
                            std::log2(static_cast<double>(n));
  return std::min(chi_square, 0.5 * log2_det);
}

workflow::ByLabelRequest request(std::uint64_t seed, const std::string& labels) {
  workflow::ByLabelRequest out;
  out.labels.spec = "idx:" + labels;
  out.bound.representation = presets::kPaperRepresentation;
  out.bound.bound = presets::paper_bound_config();
  out.bound.bound.alpha = kAlpha;
  out.bound.bound.seed = seed;
  out.bound.gammas = {1.0};
  out.bound.data.records = sample(seed);
  out.bound.data.perp = kPerp;
  out.bound.data.est = kEst;
  out.bound.data.seed = seed;
  return out;
}

struct ClassTally {
  double mean_gap = 0.0, gap_allowed = 0.0;
};

// Whether class c's event holds in this repetition; adds its gap and allowance to the tally.
bool class_event(const workflow::LabelBound& row, ClassTally& tally) {
  const BoundReport& report = row.output->report;
  const std::size_t c = row.label;
  bool holds = kPixels * kSigma[c] * kSigma[c] <= report.normaliser;  // tr Σ_c ≤ the UCB
  double gap = 0.0, allowed = 0.0;
  for (const GridEntropy& e : report.entropies) {
    const double truth = class_entropy(c, e.pair.k, e.s);
    holds = holds && e.h_lb <= truth;
    gap += truth - e.h_lb;
    allowed += gap_allowance({.n = report.n_est, .union_size = report.entropies.size(),
                              .alpha_mc = report.alpha_shares.monte_carlo, .alpha_md = report.alpha_shares.sampling,
                              .k = e.pair.k, .blocks = kPixels / e.pair.k, .n_mc = draws(e.details),
                              .mean_t_num = e.t_num, .bias_bound = class_bias_bound(c, e.pair.k, e.s, report.n_est),
                              .repetitions = kRepetitions})
                   .total();
  }
  const auto pairs = static_cast<double>(report.entropies.size());
  tally.mean_gap += gap / pairs / kRepetitions;
  tally.gap_allowed += allowed / pairs / kRepetitions;
  return holds;
}

TEST(ByLabelCoverage, TheJointStatementOverTheClassesHoldsAtTheLevelAndNoClassIsVacuous) {
  const std::filesystem::path dir = std::filesystem::temp_directory_path() /
                                    ("reconbound-by-label-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string labels = write_labels(dir / "labels.idx");
  int joint = 0;
  ClassTally tally[3];
  for (int rep = 0; rep < kRepetitions; ++rep) {
    const workflow::ByLabelOutput out = workflow::run_bound_by_label(registry(), request(10'000 + rep, labels));
    ASSERT_EQ(out.labels.size(), 3U);
    bool all = true;
    for (const workflow::LabelBound& row : out.labels) {
      ASSERT_TRUE(row.output) << row.trivial;
      EXPECT_EQ(row.output->report.alpha, kAlpha / 3.0);
      EXPECT_GT(row.rho_star(), 0.0);
      all = class_event(row, tally[row.label]) && all;
    }
    joint += all ? 1 : 0;
  }
  std::filesystem::remove_all(dir);
  std::printf("joint event over 3 classes %d/%d (required %d)\n", joint, kRepetitions,
              required_coverage(kAlpha, kRepetitions));
  EXPECT_GE(joint, required_coverage(kAlpha, kRepetitions));
  for (std::size_t c = 0; c < 3; ++c) {
    std::printf("class %zu: mean h_U - h_LB %.4f <= %.4f bits\n", c, tally[c].mean_gap, tally[c].gap_allowed);
    EXPECT_LE(tally[c].mean_gap, tally[c].gap_allowed) << "class " << c;
    EXPECT_GT(tally[c].mean_gap, 0.0) << "class " << c;
  }
}

}  // namespace
}  // namespace reconbound::test
