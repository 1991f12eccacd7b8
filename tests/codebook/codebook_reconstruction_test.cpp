// The codebook plugin's reconstruction attack through the registry (mathematics §9, paper §G.6):
// at a whole γ the deterministic release with R = γ bits, below one bit the two-cell codebook
// through the binary symmetric channel, each with its per-block bound and attack, the same
// numbers as the release library called directly; notes and refusals where no codebook serves.
#include <gtest/gtest.h>

#include <cmath>

#include "codebook.hpp"
#include "codebook_test_support.hpp"
#include "per_block_bound.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"

using namespace reconbound;
using namespace reconbound::codebook;
using reconbound::test::gaussian_clusters;

namespace {

const Registry& registry() {
  static const Registry instance;
  return instance;
}

double detail(const AttackResult& result, const std::string& name) {
  for (const auto& [key, value] : result.details) {
    if (key == name) return value;
  }
  ADD_FAILURE() << "no detail " << name;
  return std::nan("");
}

class CodebookReconstructionTest : public ::testing::Test {
 protected:
  AttackResult attack(double gamma, const std::string& params = "") const {
    AttackInput input;
    input.shadow = &data_.points;
    input.est = &data_.points;
    input.rotated_est = &data_.points;
    input.targets = &targets_.points;
    input.trace_sigma = trace_;
    input.gamma_bits = gamma;
    input.chain_seed = 7;
    const auto mechanism = registry().make_mechanism("codebook", Params::parse(params));
    return mechanism->attack()->reconstruct(input);
  }
  const test::Clusters data_ = gaussian_clusters({90, 71, 60, 80}, 4, 4.0, 3);
  const test::Clusters targets_ = gaussian_clusters({5, 5, 5, 5}, 4, 4.0, 4);
  const double trace_ = 8.0;
};

TEST_F(CodebookReconstructionTest, AWholeGammaIsTheDeterministicReleaseOfThatRate) {
  const AttackResult result = attack(2.0);
  ASSERT_EQ(result.squared_errors.size(), 20u);
  EXPECT_EQ(detail(result, "codebook_bits"), 2.0);
  // The same fit, bound and attack as the release library called directly.
  const Codebook fitted =
      fit_codebook(data_.points, data_.points, {.bits = 2, .seed = 7 ^ (0xc0deb00cu + 2), .threads = 1,
                                                .min_cell_records = 0});
  EXPECT_EQ(detail(result, "realised_entropy_bits"), fitted.realised_entropy_bits);
  const PerBlockBound blk = per_block_bound(data_.points, fitted.est_cells, release_channel(4, 1.0), 2.0, trace_,
                                            {.nu2 = 0.2, .min_cell_records = 20, .threads = 1});
  EXPECT_EQ(detail(result, "rho_blk"), blk.rho);
  EXPECT_EQ(detail(result, "mean_gamma_b"), blk.mean_gamma_b);
  EXPECT_EQ(result.squared_errors, codebook_attack(fitted, 1.0, targets_.points).squared_errors);
  EXPECT_TRUE(result.notes.empty());
  EXPECT_EQ(result.weights.size(), 0);
}

TEST_F(CodebookReconstructionTest, BelowOneBitTheChannelKeepsWithTheSolvedProbability) {
  const AttackResult result = attack(0.4);
  ASSERT_EQ(result.squared_errors.size(), 20u);
  EXPECT_EQ(detail(result, "codebook_bits"), 1.0);
  const double keep = detail(result, "keep_probability");
  EXPECT_GT(keep, 0.5);
  EXPECT_LT(keep, 1.0);
}

TEST_F(CodebookReconstructionTest, NoCodebookLeaksAFractionAboveOneBit) {
  const AttackResult result = attack(2.5);
  EXPECT_TRUE(result.squared_errors.empty());
  ASSERT_EQ(result.notes.size(), 1u);
  EXPECT_NE(result.notes[0].find("gamma = 2.5 bits"), std::string::npos) << result.notes[0];
}

TEST_F(CodebookReconstructionTest, AThinReleaseCellIsANoteAndTooManyCellsAreRefused) {
  // 301 records in 8 cells: a release cell below 40 records.
  const AttackResult thin = attack(3.0, "min_cell_records=37");
  EXPECT_TRUE(thin.squared_errors.empty());
  ASSERT_EQ(thin.notes.size(), 1u);
  EXPECT_NE(thin.notes[0].find("codebook R = 3 skipped"), std::string::npos) << thin.notes[0];
  try {
    attack(4.0);  // 16 cells × 20 records > 301
    ADD_FAILURE() << "no InvalidInput";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("R = 4 gives 16 cells for 301 estimation records"), std::string::npos);
  }
  EXPECT_THROW(attack(1.0, "bits=1"), InvalidInput);  // the attack sets the rate from γ
  EXPECT_THROW(attack(1.0, "nu2=0"), InvalidInput);
}

}  // namespace
