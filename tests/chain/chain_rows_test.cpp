// The chain's attack rows: the paper's rows by default (presets::paper_chain_rows), the
// mechanisms named otherwise, and where the paper's attacks declare they reach and what columns
// they report (ReconstructionAttack::reach(), columns()).
#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/error.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "reconbound/registry.hpp"

namespace reconbound {
namespace {

using presets::paper_chain_rows;
using presets::PaperChainRows;

std::string invalid_input_message(const PaperChainRows& rows) {
  try {
    paper_chain_rows(rows);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "";
}

TEST(ChainRows, TheDefaultsAreTheCodebookAndTwoDpsgdSettings) {
  const std::vector<ChainAttackRow> rows = paper_chain_rows({});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].mechanism, "codebook");
  EXPECT_EQ(rows[0].label, "codebook");
  // The codebook keeps its bootstrap stream, seed ^ (0xb00 + γ index); the others the chain's own.
  EXPECT_EQ(rows[0].bootstrap_salt, std::optional<std::uint64_t>(0xb00));
  const std::vector<std::pair<double, std::int64_t>> settings{{1.0, 1}, {0.02, 100}};
  for (std::size_t s = 0; s < 2; ++s) {
    const ChainAttackRow& row = rows[s + 1];
    EXPECT_EQ(row.mechanism, "dpsgd");
    EXPECT_EQ(row.params.get_double("q"), settings[s].first);
    EXPECT_EQ(row.params.get_int("steps"), settings[s].second);
    EXPECT_EQ(row.params.get_double("clip"), 0.3);
    EXPECT_FALSE(row.bootstrap_salt.has_value());
  }
  EXPECT_EQ(rows[2].label, "dpsgd:q=0.02,steps=100,clip=0.3");
}

TEST(ChainRows, NamedMechanismsReplaceTheDefaults) {
  PaperChainRows rows;
  rows.mechanisms = {"gaussian:k=10,sigma=4", "codebook", "dpsgd:q=0.5,steps=3", "codebook:nu2=0.3"};
  const std::vector<ChainAttackRow> out = paper_chain_rows(rows);
  ASSERT_EQ(out.size(), 4u);
  EXPECT_EQ(out[0].mechanism, "gaussian");
  EXPECT_EQ(out[0].label, "gaussian:k=10,sigma=4");
  EXPECT_EQ(out[0].params.get_int("k"), 10);
  EXPECT_TRUE(out[1].params.values().empty());
  EXPECT_EQ(out[2].params.get_double("q"), 0.5);
  // Only the first codebook row fills the paper's columns and keeps their stream.
  EXPECT_FALSE(out[0].bootstrap_salt.has_value());
  EXPECT_TRUE(out[1].bootstrap_salt.has_value());
  EXPECT_FALSE(out[3].bootstrap_salt.has_value());
}

TEST(ChainRows, BadRowsAreOneLine) {
  PaperChainRows named;
  named.mechanisms = {":k=1"};
  EXPECT_NE(invalid_input_message(named).find("has no name"), std::string::npos);
  named.mechanisms = {"gaussian:k"};
  EXPECT_NE(invalid_input_message(named).find("key=value"), std::string::npos);
  named.mechanisms = {"gaussian"};
  named.clip = 0.5;
  EXPECT_NE(invalid_input_message(named).find("default rows"), std::string::npos);
  PaperChainRows clip;
  clip.clip = 0.0;
  EXPECT_NE(invalid_input_message(clip).find("must be finite and > 0"), std::string::npos);
}

// The codebook's releases leak whole bits (the chain's rates) or, through the binary symmetric
// channel, any γ below one bit; the DP-SGD attack solves σ for every γ (the default reach).
TEST(ChainRows, ThePapersAttacksDeclareTheirReachAndColumns) {
  const Registry registry;
  const auto codebook = registry.make_mechanism("codebook", {});
  const auto dpsgd = registry.make_mechanism("dpsgd", {});
  const AttackReach codebook_reach = codebook->attack()->reach();
  EXPECT_TRUE(codebook_reach.rates);
  EXPECT_EQ(codebook_reach.gammas_below, 1.0);
  const AttackReach dpsgd_reach = dpsgd->attack()->reach();
  EXPECT_FALSE(dpsgd_reach.rates);
  EXPECT_EQ(dpsgd_reach.gammas_below, std::numeric_limits<double>::infinity());
  std::vector<std::pair<std::string, AttackColumnKind>> declared;
  for (const AttackColumn& c : codebook->attack()->columns()) declared.emplace_back(c.detail, c.kind);
  const std::vector<std::pair<std::string, AttackColumnKind>> expected{
      {"codebook_bits", AttackColumnKind::whole_number}, {"keep_probability", AttackColumnKind::number},
      {"realised_entropy_bits", AttackColumnKind::number}, {"rho_blk", AttackColumnKind::link},
      {"mean_gamma_b", AttackColumnKind::number},          {"per_block_seconds", AttackColumnKind::seconds}};
  EXPECT_EQ(declared, expected);
  ASSERT_EQ(dpsgd->attack()->columns().size(), 1u);
  EXPECT_EQ(dpsgd->attack()->columns()[0].detail, "sigma");
}

// The paper's names: the first codebook row is "codebook", a dpsgd row "dpsgd (q=Q, T=T)" (in
// violations) or "q=Q, T=T" (in the image grid), any other row its label; at one γ the codebook's
// violation comes first, then the dpsgd rows', then the others', whatever the rows' order.
TEST(ChainRows, ThePapersViewNamesAndOrdersTheColumns) {
  ChainReport report;
  report.attacks = {{"prior-mean-double", "prior-mean-double", {}, {}, {}},
                    {"dpsgd", "dpsgd:q=1,steps=1", {{"q", 1.0}, {"steps", 1.0}}, {}, {}},
                    {"codebook", "codebook", {}, {}, {}}};
  report.violations = {{1.0, 0, "prior-mean-double", "prior-mean-double", 0.1, 0.01, 0.5},
                       {1.0, 1, "dpsgd", "dpsgd:q=1,steps=1", 0.1, 0.01, 0.5},
                       {1.0, 2, "codebook", "codebook", 0.1, 0.01, 0.5},
                       {0.5, 0, "prior-mean-double", "prior-mean-double", 0.1, 0.01, 0.6}};
  const presets::PaperColumns columns = presets::paper_columns(report);
  EXPECT_EQ(columns.codebook, std::optional<std::size_t>(2));
  EXPECT_EQ(columns.dpsgd, (std::vector<std::size_t>{1}));
  EXPECT_EQ(columns.other, (std::vector<std::size_t>{0}));
  std::vector<std::string> names;
  for (const ChainViolation& v : presets::paper_violations(report)) names.push_back(v.attack);
  EXPECT_EQ(names, (std::vector<std::string>{"prior-mean-double", "codebook", "dpsgd (q=1, T=1)", "prior-mean-double"}));
  EXPECT_EQ(presets::figure_label(report), "");
  report.figure_row = 1;
  EXPECT_EQ(presets::figure_label(report), "q=1, T=1");
  report.figure_row = 0;
  EXPECT_EQ(presets::figure_label(report), "prior-mean-double");
}

}  // namespace
}  // namespace reconbound
