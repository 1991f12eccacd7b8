// A mechanism's attack run through the capability (Mechanism::attack(), reconbound/attack.hpp):
// the prior-mean-double's errors have a closed form, so the chain's ρ, the samples it passes,
// the notes, the γ it leaves unreached and the image grid are all checked; a mechanism without
// an attack is refused in one line naming it.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <string>

#include "reconbound/chain.hpp"
#include "reconbound/error.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/registry.hpp"

namespace reconbound {
namespace {

constexpr int kSide = 8;

RowMatrix grey_images(std::size_t n, std::uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::uniform_int_distribution<int> level(0, 255);
  RowMatrix out(static_cast<Eigen::Index>(n), kSide * kSide);
  for (Eigen::Index i = 0; i < out.size(); ++i) out.data()[i] = level(engine);
  return out;
}

const Registry& registry() {
  static const Registry instance([] {
    std::vector<std::filesystem::path> path = Registry::default_search_path();
    path.emplace_back(RECONBOUND_CHAIN_DOUBLE_DIR);
    path.emplace_back(RECONBOUND_WORKFLOW_DOUBLE_DIR);
    return path;
  }());
  return instance;
}

ChainConfig config_with(const std::string& mechanism, std::vector<double> gammas, std::vector<unsigned> rates = {}) {
  ChainConfig config;
  config.bound = presets::paper_bound_config();
  config.bound.block_sizes = {4};
  config.bootstrap = 20;
  config.figure_targets = 2;
  config.attacks.push_back({mechanism, {}, mechanism, std::nullopt});
  config.gammas = std::move(gammas);
  config.rates = std::move(rates);
  return config;
}

TEST(ChainCapability, RunsTheMechanismsAttackAtItsGammas) {
  const RowMatrix perp = grey_images(200, 1), est = grey_images(400, 2), targets = grey_images(20, 3);
  const ChainReport report = compute_chain(registry(), {&perp, &est, nullptr, &targets, ImageShape{1, kSide, kSide}},
                                           config_with("prior-mean-double", {0.5, 4.0, 20.0}));
  ASSERT_EQ(report.rows.size(), 3u);
  ASSERT_EQ(report.attacks.size(), 1u);
  EXPECT_EQ(report.attacks[0].mechanism, "prior-mean-double");
  EXPECT_EQ(report.attacks[0].settings, (AttackDetails{{"reach", 10.0}}));
  // The defaults of the capability: every γ of the chain, no columns.
  EXPECT_EQ(report.attacks[0].gammas, (std::vector<double>{0.5, 4.0, 20.0}));
  EXPECT_TRUE(report.attacks[0].columns.empty());
  // ρ = sqrt(mean_i ‖x_i − x̄‖² / tr Σ̂) (eq 3), Ψ = pixels and x̄ the mean of D_shadow = D_est.
  const Eigen::RowVectorXd mean = est.colwise().mean();
  double sum = 0.0;
  for (Eigen::Index i = 0; i < targets.rows(); ++i) sum += (targets.row(i) - mean).squaredNorm();
  const double expected = std::sqrt(sum / 20.0 / report.bound.trace_sigma);
  for (std::size_t i = 0; i < 2; ++i) {
    const ChainRow& row = report.rows[i];
    ASSERT_TRUE(row.attacks[0] && row.attacks[0]->estimate) << row.gamma_bits;
    EXPECT_NEAR(row.attacks[0]->estimate->rho, expected, 1e-12 * expected);
    EXPECT_GT(row.attacks[0]->estimate->standard_error, 0.0);
    EXPECT_FALSE(row.attacks[0]->restored);
    const AttackDetails& details = row.attacks[0]->details;
    EXPECT_EQ(find_detail(details, "gamma"), row.gamma_bits);
    EXPECT_EQ(find_detail(details, "est_rows"), 400.0);
    EXPECT_EQ(find_detail(details, "rotated_columns"), static_cast<double>(report.bound.m_padded));
    EXPECT_EQ(find_detail(details, "trace_sigma"), report.bound.trace_sigma);
  }
  // 20 bits is beyond its reach: attacked, no estimate, its note.
  ASSERT_TRUE(report.rows[2].attacks[0].has_value());
  EXPECT_FALSE(report.rows[2].attacks[0]->estimate.has_value());
  ASSERT_EQ(report.notes.size(), 1u);
  EXPECT_NE(report.notes[0].find("gamma = 20 bits is beyond its reach"), std::string::npos);
  // The image grid shows its uniform posterior: the shadow records' mean image.
  EXPECT_EQ(report.figure_row, std::optional<std::size_t>(0));
  ASSERT_EQ(report.figure_gammas, (std::vector<double>{0.5, 4.0}));
  for (const RowMatrix& reconstruction : report.figure_reconstructions) {
    ASSERT_EQ(reconstruction.rows(), 2);
    EXPECT_LT((reconstruction.row(1) - mean).norm(), 1e-9);
  }
  EXPECT_EQ(report.figure_column_rho[0], report.rows[0].attacks[0]->estimate->rho);
}

TEST(ChainCapability, AMechanismWithoutAnAttackIsRefused) {
  const RowMatrix perp = grey_images(40, 1), est = grey_images(80, 2), targets = grey_images(5, 3);
  try {
    compute_chain(registry(), {&perp, &est, nullptr, &targets, ImageShape{1, kSide, kSide}},
                  config_with("noisy-double", {1.0}));
    ADD_FAILURE() << "no InvalidInput";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "mechanism noisy-double provides no reconstruction attack");
  }
}

// The attacks are asked about their plans before the frame is built: with a representation
// that does not exist, the codebook's refusal of R = 4 on 80 records (16 cells of >= 20) comes
// first, so a bad row costs no rotation, no representation and no earlier attack.
TEST(ChainCapability, AnAttacksRefusalComesBeforeAnyWork) {
  const RowMatrix perp = grey_images(40, 1), est = grey_images(80, 2), targets = grey_images(5, 3);
  ChainConfig config = config_with("codebook", {0.5}, {4});
  config.bound.representation = "no-such-representation";
  try {
    compute_chain(registry(), {&perp, &est, nullptr, &targets, ImageShape{1, kSide, kSide}}, config);
    ADD_FAILURE() << "no InvalidInput";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "R = 4 gives 16 cells for 80 estimation records; the per-block bound needs >= 20 records "
                           "per cell (use fewer bits or more data)");
  }
  // The same rows at a rate the records allow reach the frame and its missing representation.
  config.rates = {2};
  try {
    compute_chain(registry(), {&perp, &est, nullptr, &targets, ImageShape{1, kSide, kSide}}, config);
    ADD_FAILURE() << "no error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("no-such-representation"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace reconbound
