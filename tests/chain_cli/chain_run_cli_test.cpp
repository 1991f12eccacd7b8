// `reconbound chain` end to end on Fashion-MNIST (the default data set): the JSON contract,
// the chain ρ* ≤ ρ_blk ≤ ρ_cb within 2 SE, no attack mean below ρ*, and the three figures.
// Labelled slow: the DP-SGD attacks at T = 100 are matrix products, far too slow unoptimised.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using reconbound::test::run_cli;
using reconbound::test::TempDir;

namespace {

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

double value_or_nan(const nlohmann::json& j) { return j.is_null() ? NAN : j.get<double>(); }

TEST(ChainCli, JsonTableAndFiguresOnFashionMnist) {
  const TempDir dir;
  const std::string prefix = dir.path("chain");
  const auto r = run_cli({"chain", "--perp", "1000", "--est", "4000", "--targets", "40", "--gammas", "0.72,8.01",
                          "--bits", "1,2,3,4", "--grid-k", "1,4,16", "--bootstrap", "200", "--threads", "2",
                          "--figures", prefix, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["layout"]["n_perp"], 1000);
  EXPECT_EQ(j["layout"]["n_est"], 4000);
  EXPECT_EQ(j["layout"]["n_shadow"], 4000);
  EXPECT_EQ(j["layout"]["targets"].size(), 40u);
  const auto& rows = j["rows"];
  ASSERT_EQ(rows.size(), 6u);  // 0.72, 1, 2, 3, 4, 8.01
  for (const auto& row : rows) {
    const double star = row["rho_star"].get<double>();
    EXPECT_GT(star, 0.0);
    if (!row["rho_blk"].is_null()) {
      const auto& cb = row["codebook_attack"];
      EXPECT_LE(star, row["rho_blk"].get<double>()) << row["gamma_bits"];
      EXPECT_LE(row["rho_blk"].get<double>(), cb["rho"].get<double>() + 2 * cb["standard_error"].get<double>())
          << row["gamma_bits"];
      EXPECT_EQ(cb["rho_per_target"].size(), 40u);
      EXPECT_NEAR(value_or_nan(row["gap_cb_minus_blk"]), cb["rho"].get<double>() - row["rho_blk"].get<double>(), 1e-12);
    }
    for (const auto& attack : row["dpsgd_attacks"]) {
      if (attack["rho"].is_null()) continue;
      EXPECT_GE(attack["rho"].get<double>(), star) << row["gamma_bits"];
      EXPECT_GT(attack["sigma"].get<double>(), 0.0);
    }
  }
  // The sub-bit row is the binary symmetric channel; the DP-SGD rows carry both attacks.
  EXPECT_FALSE(rows[0]["keep_probability"].is_null());
  EXPECT_FALSE(rows[0]["dpsgd_attacks"][1]["rho"].is_null());
  EXPECT_TRUE(rows[1]["dpsgd_attacks"][0]["rho"].is_null());
  // (q, T) = (1, 1): σ = 1 / sqrt(2 γ ln 2) exactly (mathematics §2, K(1, σ) = 1/(2σ²)).
  EXPECT_NEAR(rows[5]["dpsgd_attacks"][0]["sigma"].get<double>(), 1.0 / std::sqrt(2.0 * 8.01 * std::log(2.0)), 1e-8);

  ASSERT_EQ(j["figures"].size(), 3u);
  const std::string rho_svg = read_file(prefix + "_rho.svg");
  for (const char* label : {"prior mean (ρ = 1)", "ρ* (certified, probability ≥ 95 %)", "ρ_blk (per-block bound)",
                            "ρ_cb (codebook attack)", "DP-SGD attack (q=1, T=1)", "leakage γ (bits, log scale)"}) {
    EXPECT_NE(rho_svg.find(label), std::string::npos) << label;
  }
  EXPECT_NE(read_file(prefix + "_spread.svg").find("median, 10–90 %"), std::string::npos);
  EXPECT_EQ(read_file(prefix + "_reconstructions.png").substr(1, 3), "PNG");
}

}  // namespace
