// The chain ρ* ≤ ρ_blk ≤ ρ_cb ≤ ρ_dpsgd (mathematics §9, eq 39) end to end on generated 8×8 images
// drawn around a few prototypes, with the paper's rows (the codebook and dpsgd plugins' attacks,
// presets/): every row has the pieces it should, each attack runs where it reaches, and no
// attack's mean error falls below the certified bound.
#include <gtest/gtest.h>

#include <optional>

#include "../support/prototype_images.hpp"
#include "reconbound/certificate.hpp"
#include "reconbound/chain.hpp"
#include "reconbound/error.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/workflow/json.hpp"

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
  config.bound = presets::paper_bound_config();
    config.bound = presets::paper_bound_config();
    config.bound.block_sizes = {1, 2, 4};
    config.bound.seed = 5;
    config.gammas = {0.5, 2.5};
    config.rates = {1, 2, 3};
    presets::PaperChainRows rows;
    rows.dpsgd = std::vector<presets::DpsgdSetting>{{1.0, 1}, {0.1, 10}};
    config.attacks = presets::paper_chain_rows(rows);
    config.bootstrap = 200;
    config.figure_targets = 3;
    const Registry registry;
    report_ = new ChainReport(compute_chain(
        registry, {perp_, est_, nullptr, targets_, ImageShape{1, kSide, kSide}}, config));
    columns_ = new presets::PaperColumns(presets::paper_columns(*report_));
  }
  static void TearDownTestSuite() {
    delete columns_;
    delete report_;
    delete targets_;
    delete est_;
    delete perp_;
  }
  static RowMatrix *perp_, *est_, *targets_;
  static ChainReport* report_;
  static presets::PaperColumns* columns_;

  static presets::CodebookCells codebook(std::size_t i) { return presets::codebook_cells(report_->rows[i], *columns_); }
};

RowMatrix *Chain::perp_ = nullptr, *Chain::est_ = nullptr, *Chain::targets_ = nullptr;
ChainReport* Chain::report_ = nullptr;
presets::PaperColumns* Chain::columns_ = nullptr;

TEST_F(Chain, EachRowIsAttackedWhereItsAttackReaches) {
  ASSERT_EQ(report_->attacks.size(), 3u);
  ASSERT_EQ(columns_->codebook, std::optional<std::size_t>(0));
  ASSERT_EQ(columns_->dpsgd, (std::vector<std::size_t>{1, 2}));
  // The codebook at the rates and, through the channel, at the γ below one bit; the dpsgd rows at every γ.
  EXPECT_EQ(report_->attacks[0].gammas, (std::vector<double>{1, 2, 3, 0.5}));
  for (const std::size_t r : {1u, 2u}) EXPECT_EQ(report_->attacks[r].gammas, (std::vector<double>{0.5, 2.5}));
  ASSERT_EQ(report_->timings.attacks.size(), 3u);
  EXPECT_EQ(report_->timings.attacks[0].parts.size(), 1u);  // per_block_seconds, the codebook's seconds column
  EXPECT_TRUE(report_->timings.attacks[1].parts.empty());
}

TEST_F(Chain, RowsAreTheUnionOfGammasAndRatesWithTheirPieces) {
  const auto& rows = report_->rows;
  ASSERT_EQ(rows.size(), 5u);
  const std::vector<double> expected{0.5, 1.0, 2.0, 2.5, 3.0};
  for (std::size_t i = 0; i < rows.size(); ++i) EXPECT_EQ(rows[i].gamma_bits, expected[i]);
  // 0.5 bits: the two-cell codebook through a binary symmetric channel.
  EXPECT_TRUE(codebook(0).keep_probability.has_value());
  EXPECT_TRUE(codebook(0).rho_blk.has_value());
  // 1, 2, 3 bits: deterministic codebooks, with their realised H(Q) ≤ R.
  for (const std::size_t i : {1u, 2u, 4u}) {
    ASSERT_TRUE(codebook(i).bits.has_value());
    EXPECT_FALSE(codebook(i).keep_probability.has_value());
    EXPECT_LE(*codebook(i).realised_entropy_bits, rows[i].gamma_bits + 1e-12);
    EXPECT_TRUE(codebook(i).estimate.has_value());
    EXPECT_TRUE(rows[i].attacks[1] == std::nullopt);  // DP-SGD attacks only at the DP-SGD γ
  }
  // 2.5 bits: no codebook leaks exactly that (it is not attacked there); both DP-SGD attacks run.
  EXPECT_FALSE(rows[3].attacks[0].has_value());
  EXPECT_FALSE(codebook(3).estimate.has_value());
  for (const std::size_t r : columns_->dpsgd) {
    const auto& attack = rows[3].attacks[r];
    ASSERT_TRUE(attack.has_value());
    EXPECT_TRUE(attack->estimate.has_value());
    EXPECT_GT(find_detail(attack->details, "sigma").value_or(0.0), 0.0);  // σ charged γ
  }
  EXPECT_EQ(report_->n_targets, 60u);
  EXPECT_EQ(report_->n_shadow, 1200u);
}

TEST_F(Chain, TheChainHoldsWithinTwoStandardErrors) {
  for (std::size_t i = 0; i < report_->rows.size(); ++i) {
    const ChainRow& row = report_->rows[i];
    const double star = row.bound.rho_star;
    const presets::CodebookCells cells = codebook(i);
    if (cells.rho_blk) {
      EXPECT_LE(star, *cells.rho_blk + 1e-12) << "gamma " << row.gamma_bits;
      EXPECT_LE(*cells.rho_blk, cells.estimate->rho + 2 * cells.estimate->standard_error) << "gamma " << row.gamma_bits;
    }
    if (cells.estimate) {
      EXPECT_GE(cells.estimate->rho + 2 * cells.estimate->standard_error, star);
    }
    for (const std::size_t r : columns_->dpsgd) {
      if (const AttackEstimate* e = presets::estimate_at(row, r)) {
        EXPECT_GE(e->rho + 2 * e->standard_error, star) << "gamma " << row.gamma_bits;
      }
    }
  }
}

TEST_F(Chain, MoreBitsMeanBetterCodebookReconstructions) {
  EXPECT_GT(codebook(1).estimate->rho, codebook(2).estimate->rho);
  EXPECT_GT(codebook(2).estimate->rho, codebook(4).estimate->rho);
}

TEST_F(Chain, FigureReconstructionsAreWeightedShadowImages) {
  EXPECT_EQ(report_->figure_row, std::optional<std::size_t>(1));
  EXPECT_EQ(presets::figure_label(*report_), "q=1, T=1");  // the first dpsgd row
  ASSERT_EQ(report_->figure_gammas, (std::vector<double>{0.5, 2.5}));
  ASSERT_EQ(report_->figure_reconstructions.size(), 2u);
  EXPECT_EQ(report_->figure_images, targets_->topRows(3));
  for (const RowMatrix& r : report_->figure_reconstructions) {
    ASSERT_EQ(r.rows(), 3);
    EXPECT_GE(r.minCoeff(), -1e-9);  // a convex combination of images in [0, 255]
    EXPECT_LE(r.maxCoeff(), 255.0 + 1e-9);
  }
}

// The generic JSON (workflow::to_json): per γ row one entry per attack row, with the columns the
// attack declares (a whole number as an integer), the gaps along its links and its timing parts.
TEST_F(Chain, TheGenericJsonHasOneEntryPerAttackRowWithItsColumnsAndLinks) {
  workflow::ChainOutput output;
  output.report = *report_;
  output.certificate = make_certificate(report_->bound, LeakageOrigin::given, 0.0, {true, "random split"});
  const nlohmann::json json = workflow::to_json(output);
  ASSERT_EQ(json["attack_rows"].size(), 3u);
  EXPECT_EQ(json["attack_rows"][0]["columns"][3]["kind"], "link");
  EXPECT_EQ(json["timings_s"]["attacks"][0]["parts"].count("per_block_seconds"), 1u);
  const nlohmann::json& bsc = json["rows"][0]["attacks"][0];  // 0.5 bits, the codebook row
  EXPECT_TRUE(bsc["columns"]["codebook_bits"].is_number_integer());
  EXPECT_EQ(bsc["columns"].count("per_block_seconds"), 0u);  // a timing, not a column
  const double rho_blk = *codebook(0).rho_blk, rho_star = report_->rows[0].bound.rho_star;
  EXPECT_EQ(bsc["links"]["rho_blk"]["gap_to_rho_star"].get<double>(), rho_blk - rho_star);
  EXPECT_EQ(bsc["links"]["rho_blk"]["gap_to_rho"].get<double>(), codebook(0).estimate->rho - rho_blk);
  const nlohmann::json& unattacked = json["rows"][3]["attacks"][0];  // 2.5 bits: no codebook row
  EXPECT_FALSE(unattacked["attacked"].get<bool>());
  EXPECT_TRUE(unattacked["rho"].is_null());
  EXPECT_TRUE(json["rows"][3]["attacks"][1]["columns"]["sigma"].is_number_float());
}

TEST(ChainInput, RefusesMissingTargetsAndBadSettings) {
  const Registry registry;
  const RowMatrix perp = generated_images(40, 1), est = generated_images(80, 2);
  ChainConfig config;
  config.bound = presets::paper_bound_config();
  config.attacks = presets::paper_chain_rows({});
  config.gammas = {0.72};
  EXPECT_THROW(compute_chain(registry, {&perp, &est, nullptr, nullptr, ImageShape{1, kSide, kSide}}, config),
               InvalidInput);
  const RowMatrix targets = generated_images(5, 3);
  presets::PaperChainRows rows;
  rows.dpsgd = std::vector<presets::DpsgdSetting>{{1.5, 1}};  // q outside (0, 1]: refused by the plugin
  config.attacks = presets::paper_chain_rows(rows);
  EXPECT_THROW(compute_chain(registry, {&perp, &est, nullptr, &targets, ImageShape{1, kSide, kSide}}, config),
               InvalidInput);
  rows.dpsgd = std::vector<presets::DpsgdSetting>{{1.0, 1}};
  config.gammas = {-1.0};
  config.attacks = presets::paper_chain_rows(rows);
  EXPECT_THROW(compute_chain(registry, {&perp, &est, nullptr, &targets, ImageShape{1, kSide, kSide}}, config),
               InvalidInput);
  config.attacks.clear();
  EXPECT_THROW(compute_chain(registry, {&perp, &est, nullptr, &targets, ImageShape{1, kSide, kSide}}, config),
               InvalidInput);
}

}  // namespace
}  // namespace reconbound
