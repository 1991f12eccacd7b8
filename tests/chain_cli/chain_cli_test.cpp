// `reconbound chain` on Fashion-MNIST (the default data set): the table with its gaps, and
// bad inputs as one line on stderr with exit code 2.
#include <gtest/gtest.h>

#include <algorithm>

#include "cli_runner.hpp"

using reconbound::test::run_cli;
using reconbound::test::TempDir;

namespace {

TEST(ChainCli, TablePrintsTheChainAndItsGaps) {
  const auto r = run_cli({"chain", "--perp", "600", "--est", "1500", "--targets", "20", "--gammas", "2.89",
                          "--bits", "1,2", "--dpsgd", "1:1", "--grid-k", "4", "--bootstrap", "50", "--no-figures",
                          "--threads", "2", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* text : {"rho_cb ± SE", "dpsgd(1,1) ± SE", "blk-rho*", "cb-blk", "R=2 (H="}) {
    EXPECT_NE(r.out.find(text), std::string::npos) << text << "\n" << r.out;
  }
}

TEST(ChainCli, BadInputsExitTwoWithOneLine) {
  const TempDir dir;
  const std::string outside = dir.write("shadow.txt", "5\n");
  const std::vector<std::string> small{"chain", "--perp", "300", "--est", "600", "--grid-k", "4", "--no-figures",
                                       "--quiet"};
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"--targets", "0"}, "--targets must be at least 1"},
      {{"--bits", "0"}, "--bits"},
      {{"--bits", "1.5"}, "--bits"},
      {{"--bits", "9"}, "R = 9 gives 512 cells for 600 estimation records"},
      {{"--dpsgd", "2:1"}, "--dpsgd"},
      {{"--dpsgd", "0.5"}, "--dpsgd"},
      {{"--gammas", "-1"}, "gamma"},
      {{"--clip", "0"}, "--clip"},
      {{"--targets", "100000"}, "targets"},
      {{"--shadow", "0"}, "--shadow"},
      {{"--shadow", "601"}, "shadow"},
  };
  for (const auto& [extra, expected] : cases) {
    std::vector<std::string> args = small;
    args.insert(args.end(), extra.begin(), extra.end());
    if (std::find(extra.begin(), extra.end(), "--targets") == extra.end()) {
      args.insert(args.end(), {"--targets", "10"});
    }
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << expected << "\n" << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  // Overlapping layouts: D_perp/D_est, the targets inside D_est, a shadow outside D_est.
  const std::vector<std::pair<std::vector<std::string>, std::string>> layouts{
      {{"--perp-range", "0:300", "--est-range", "200:900"}, "D_perp and D_est overlap"},
      {{"--perp-range", "0:300", "--est-range", "300:900", "--targets-range", "800:810"}, "D_est and the targets overlap"},
      {{"--perp-range", "0:300", "--est-range", "300:900", "--shadow-indices", outside}, "D_shadow must lie inside D_est"},
  };
  for (const auto& [extra, expected] : layouts) {
    std::vector<std::string> args{"chain", "--grid-k", "4", "--no-figures", "--quiet"};
    args.insert(args.end(), extra.begin(), extra.end());
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << expected << "\n" << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
}

}  // namespace
