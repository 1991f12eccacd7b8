// The chain ρ* ≤ ρ_blk ≤ ρ_cb ≤ ρ_dpsgd (mathematics §9, eq 39) end to end on generated 8×8 images
// drawn around a few prototypes, with the paper's rows (the codebook and dpsgd plugins' attacks):
// every row has the pieces it should, and no attack's mean error falls below the certified bound.
#include <gtest/gtest.h>

#include <optional>

#include "../support/prototype_images.hpp"
#include "reconbound/chain.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/workflow/chain.hpp"

namespace reconbound {
namespace {

constexpr int kSide = 8;

RowMatrix generated_images(std::size_t n, std::uint64_t seed) {
  return test::prototype_images(n, seed, kSide, 16, 99);
}

class Chain : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    perp_ = new RowMatrix(generated_images(300, 1));
    est_ = new RowMatrix(generated_images(1200, 2));
    targets_ = new RowMatrix(generated_images(60, 3));
    ChainConfig config;
    config.bound.block_sizes = {1, 2, 4};
    config.bound.seed = 5;
    workflow::ChainRows rows;
    rows.gammas = {0.5, 2.5};
    rows.bits = {1, 2, 3};
    rows.dpsgd = {{1.0, 1}, {0.1, 10}};
    config.attacks = workflow::chain_attack_rows(rows);
    config.bootstrap = 200;
    config.figure_targets = 3;
    const Registry registry;
    report_ = new ChainReport(compute_chain(
        registry, {perp_, est_, nullptr, targets_, ImageShape{1, kSide, kSide}}, config));
  }
  static void TearDownTestSuite() {
    delete report_;
    delete targets_;
    delete est_;
    delete perp_;
  }
  static RowMatrix *perp_, *est_, *targets_;
  static ChainReport* report_;
};

RowMatrix *Chain::perp_ = nullptr, *Chain::est_ = nullptr, *Chain::targets_ = nullptr;
ChainReport* Chain::report_ = nullptr;

TEST_F(Chain, RowsAreTheUnionOfGammasAndRatesWithTheirPieces) {
  const auto& rows = report_->rows;
  ASSERT_EQ(rows.size(), 5u);
  const std::vector<double> expected{0.5, 1.0, 2.0, 2.5, 3.0};
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].gamma_bits, expected[i]);
  // 0.5 bits: the two-cell codebook through a binary symmetric channel.
  EXPECT_TRUE(rows[0].keep_probability.has_value());
  EXPECT_TRUE(rows[0].rho_blk.has_value());
  // 1, 2, 3 bits: deterministic codebooks, with their realised H(Q) ≤ R.
  for (const std::size_t i : {1u, 2u, 4u}) {
    ASSERT_TRUE(rows[i].codebook_bits.has_value());
    EXPECT_FALSE(rows[i].keep_probability.has_value());
    EXPECT_LE(*rows[i].realised_entropy_bits, rows[i].gamma_bits + 1e-12);
    EXPECT_TRUE(rows[i].codebook.has_value());
    EXPECT_TRUE(rows[i].dpsgd[0] == std::nullopt);  // DP-SGD attacks only at the DP-SGD γ
  }
  // 2.5 bits: no codebook leaks exactly that; both DP-SGD attacks run.
  EXPECT_FALSE(rows[3].codebook.has_value());
  for (const auto& attack : rows[3].dpsgd) {
    ASSERT_TRUE(attack.has_value());
    EXPECT_TRUE(attack->estimate.has_value());
    EXPECT_GT(find_detail(attack->details, "sigma").value_or(0.0), 0.0);  // σ charged γ
  }
  EXPECT_EQ(report_->n_targets, 60u);
  EXPECT_EQ(report_->n_shadow, 1200u);
}

TEST_F(Chain, TheChainHoldsWithinTwoStandardErrors) {
  for (const ChainRow& row : report_->rows) {
    const double star = row.bound.rho_star;
    if (row.rho_blk) {
      EXPECT_LE(star, *row.rho_blk + 1e-12) << "gamma " << row.gamma_bits;
      EXPECT_LE(*row.rho_blk, row.codebook->rho + 2 * row.codebook->standard_error) << "gamma " << row.gamma_bits;
    }
    if (row.codebook) {
      EXPECT_GE(row.codebook->rho + 2 * row.codebook->standard_error, star);
    }
    for (const auto& attack : row.dpsgd) {
      if (attack && attack->estimate) {
        EXPECT_GE(attack->estimate->rho + 2 * attack->estimate->standard_error, star) << "gamma " << row.gamma_bits;
      }
    }
  }
}

TEST_F(Chain, MoreBitsMeanBetterCodebookReconstructions) {
  const auto& rows = report_->rows;
  EXPECT_GT(rows[1].codebook->rho, rows[2].codebook->rho);
  EXPECT_GT(rows[2].codebook->rho, rows[4].codebook->rho);
}

TEST_F(Chain, FigureReconstructionsAreWeightedShadowImages) {
  EXPECT_EQ(report_->figure_attack, "q=1, T=1");  // the first dpsgd row
  ASSERT_EQ(report_->figure_gammas, (std::vector<double>{0.5, 2.5}));
  ASSERT_EQ(report_->figure_reconstructions.size(), 2u);
  EXPECT_EQ(report_->figure_images, targets_->topRows(3));
  for (const RowMatrix& r : report_->figure_reconstructions) {
    ASSERT_EQ(r.rows(), 3);
    EXPECT_GE(r.minCoeff(), -1e-9);  // a convex combination of images in [0, 255]
    EXPECT_LE(r.maxCoeff(), 255.0 + 1e-9);
  }
}

TEST(ChainInput, RefusesMissingTargetsAndBadSettings) {
  const Registry registry;
  const RowMatrix perp = generated_images(40, 1), est = generated_images(80, 2);
  ChainConfig config;
  config.attacks = workflow::chain_attack_rows({});
  EXPECT_THROW(compute_chain(registry, {&perp, &est, nullptr, nullptr, ImageShape{1, kSide, kSide}}, config),
               InvalidInput);
  const RowMatrix targets = generated_images(5, 3);
  workflow::ChainRows rows;
  rows.dpsgd = {{1.5, 1}};  // q outside (0, 1]: refused by the plugin
  config.attacks = workflow::chain_attack_rows(rows);
  EXPECT_THROW(compute_chain(registry, {&perp, &est, nullptr, &targets, ImageShape{1, kSide, kSide}}, config),
               InvalidInput);
  rows.dpsgd = {{1.0, 1}};
  rows.gammas = {-1.0};
  config.attacks = workflow::chain_attack_rows(rows);
  EXPECT_THROW(compute_chain(registry, {&perp, &est, nullptr, &targets, ImageShape{1, kSide, kSide}}, config),
               InvalidInput);
  config.attacks.clear();
  EXPECT_THROW(compute_chain(registry, {&perp, &est, nullptr, &targets, ImageShape{1, kSide, kSide}}, config),
               InvalidInput);
}

}  // namespace
}  // namespace reconbound
