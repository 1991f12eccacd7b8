// The chain job's attack rows (workflow::chain_attack_rows): the paper's rows by default, the
// mechanisms named otherwise, and where each row is attacked.
#include <gtest/gtest.h>

#include "reconbound/error.hpp"
#include "reconbound/workflow/chain.hpp"

namespace reconbound {
namespace {

using workflow::chain_attack_rows;
using workflow::ChainRows;

std::string invalid_input_message(const ChainRows& rows) {
  try {
    chain_attack_rows(rows);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "";
}

TEST(ChainRows, TheDefaultsAreTheCodebookAndTwoDpsgdSettings) {
  const std::vector<ChainAttackRow> rows = chain_attack_rows({});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_EQ(rows[0].mechanism, "codebook");
  // The codebook is attacked at its rates and, through the channel, at the γ below one bit.
  EXPECT_EQ(rows[0].gammas, (std::vector<double>{1, 2, 3, 4, 5, 6, 7, 8, 0.72}));
  const std::vector<std::pair<double, std::int64_t>> settings{{1.0, 1}, {0.02, 100}};
  for (std::size_t s = 0; s < 2; ++s) {
    const ChainAttackRow& row = rows[s + 1];
    EXPECT_EQ(row.mechanism, "dpsgd");
    EXPECT_EQ(row.params.get_double("q"), settings[s].first);
    EXPECT_EQ(row.params.get_int("steps"), settings[s].second);
    EXPECT_EQ(row.params.get_double("clip"), 0.3);
    EXPECT_EQ(row.gammas, (std::vector<double>{0.72, 2.89, 8.01, 72.13}));
  }
}

TEST(ChainRows, NamedMechanismsReplaceTheDefaults) {
  ChainRows rows;
  rows.gammas = {0.5, 3.0};
  rows.bits = {2};
  rows.mechanisms = {"gaussian:k=10,sigma=4", "codebook", "dpsgd:q=0.5,steps=3"};
  const std::vector<ChainAttackRow> out = chain_attack_rows(rows);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0].mechanism, "gaussian");
  EXPECT_EQ(out[0].label, "gaussian:k=10,sigma=4");
  EXPECT_EQ(out[0].params.get_int("k"), 10);
  EXPECT_EQ(out[0].gammas, rows.gammas);
  EXPECT_EQ(out[1].gammas, (std::vector<double>{2.0, 0.5}));
  EXPECT_EQ(out[2].params.get_double("q"), 0.5);
  EXPECT_TRUE(out[1].params.values().empty());
}

TEST(ChainRows, BadRowsAreOneLine) {
  ChainRows named;
  named.mechanisms = {":k=1"};
  EXPECT_NE(invalid_input_message(named).find("has no name"), std::string::npos);
  named.mechanisms = {"gaussian:k"};
  EXPECT_NE(invalid_input_message(named).find("key=value"), std::string::npos);
  named.mechanisms = {"gaussian"};
  named.clip = 0.5;
  EXPECT_NE(invalid_input_message(named).find("default rows"), std::string::npos);
  ChainRows clip;
  clip.clip = 0.0;
  EXPECT_NE(invalid_input_message(clip).find("must be finite and > 0"), std::string::npos);
}

}  // namespace
}  // namespace reconbound
