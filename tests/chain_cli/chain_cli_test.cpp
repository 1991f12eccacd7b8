// `reconbound chain` on Fashion-MNIST (the default data set): the table with its gaps, bad
// inputs as one line on stderr with exit code 2, and the rows of --mechanism: the paper's rows
// named explicitly, another mechanism's attack (tests/chain's prior-mean-double) and a
// mechanism without one (tests/workflow's noisy-double).
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

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
      {{"--targets", "0"}, "--targets 0 must be at least 1"},
      {{"--bits", "0"}, "--bits"},
      {{"--bits", "1.5"}, "--bits"},
      {{"--bits", "9"}, "R = 9 gives 512 cells for 600 estimation records"},
      {{"--dpsgd", "2:1"}, "--dpsgd"},
      {{"--dpsgd", "0.5"}, "--dpsgd"},
      {{"--gammas", "-1"}, "gamma"},
      {{"--clip", "0"}, "--clip 0 must be finite and > 0"},
      {{"--mechanism", "dpsgd", "--clip", "0.5"}, "--dpsgd and --clip set the default rows"},
      {{"--mechanism", ":q=1"}, "has no name"},
      {{"--mechanism", "dpsgd:q=2"}, "q = 2 must lie in (0, 1]"},
      {{"--mechanism", "codebook:bits=2"}, "give it no bits= or gamma="},
      {{"--mechanism", "no-such-mechanism"}, "no-such-mechanism"},
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

// The small chain of these tests: 300 + 600 records, 10 targets, one block size.
std::vector<std::string> small_chain(std::vector<std::string> extra) {
  std::vector<std::string> args{"chain", "--perp", "300", "--est", "600", "--targets", "10", "--grid-k", "4",
                                "--bootstrap", "20", "--bits", "1,2", "--no-figures", "--threads", "2", "--quiet",
                                "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

nlohmann::json without_timings(nlohmann::json j) {
  j.erase("timings_s");
  j["grid_selection"].erase("seconds");
  return j;
}

// The paper's rows named with --mechanism give the numbers of the default rows: every row's
// streams depend only on the rows of its own mechanism.
TEST(ChainCli, NamedPaperRowsEqualTheDefaultRows) {
  const auto defaults = run_cli(small_chain({"--gammas", "0.72,2.89", "--dpsgd", "1:1,0.02:100"}));
  ASSERT_EQ(defaults.exit_code, 0) << defaults.err;
  const auto named = run_cli(small_chain({"--gammas", "0.72,2.89", "--mechanism", "dpsgd:q=1,steps=1", "--mechanism",
                                          "codebook", "--mechanism", "dpsgd:q=0.02,steps=100,clip=0.3"}));
  ASSERT_EQ(named.exit_code, 0) << named.err;
  const auto j = nlohmann::json::parse(defaults.out);
  EXPECT_EQ(without_timings(j), without_timings(nlohmann::json::parse(named.out)));
  EXPECT_FALSE(j.contains("attack_rows"));
  EXPECT_FALSE(j["rows"][0].contains("attacks"));
  EXPECT_FALSE(j["rows"][0]["rho_blk"].is_null());
  EXPECT_FALSE(j["rows"][0]["dpsgd_attacks"][1]["rho"].is_null());
  // Each DP-SGD attack's release, charged by the dpsgd mechanism at the σ it ran: γ to 1e-8 (§9).
  for (const auto& row : j["rows"]) {
    for (const auto& attack : row["dpsgd_attacks"]) {
      if (attack["rho"].is_null()) continue;
      EXPECT_NEAR(attack["release_gamma_bits"].get<double>(), row["gamma_bits"].get<double>(),
                  1e-8 * row["gamma_bits"].get<double>()) << attack;
    }
  }
}

// Another mechanism's attack runs through the capability: its rows in attack_rows and
// rows[].attacks, at --gammas; γ it cannot reach leave rho null with a note.
TEST(ChainCli, AnotherMechanismsAttackIsReportedBesideThePapersColumns) {
  const std::vector<std::string> env{"RECONBOUND_PLUGIN_PATH=" RECONBOUND_CHAIN_DOUBLE_DIR};
  const auto r = run_cli(small_chain({"--mechanism", "prior-mean-double:reach=2", "--gammas", "0.5,4"}), env);
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["attack_rows"].size(), 1u);
  EXPECT_EQ(j["attack_rows"][0]["mechanism"], "prior-mean-double");
  EXPECT_EQ(j["attack_rows"][0]["spec"], "prior-mean-double:reach=2");
  EXPECT_EQ(j["attack_rows"][0]["settings"]["reach"], 2.0);
  ASSERT_EQ(j["rows"].size(), 2u);
  const auto& reached = j["rows"][0];
  EXPECT_EQ(reached["gamma_bits"], 0.5);
  EXPECT_TRUE(reached["codebook_attack"].is_null());
  EXPECT_TRUE(reached["dpsgd_attacks"].empty());
  const auto& attack = reached["attacks"][0];
  EXPECT_GT(attack["rho"].get<double>(), reached["rho_star"].get<double>());
  EXPECT_NEAR(attack["gap_to_rho_star"].get<double>(), attack["rho"].get<double>() - reached["rho_star"].get<double>(),
              1e-12);
  EXPECT_EQ(attack["rho_per_target"].size(), 10u);
  EXPECT_EQ(attack["details"]["gamma"], 0.5);
  EXPECT_TRUE(j["rows"][1]["attacks"][0]["rho"].is_null());
  EXPECT_TRUE(j["rows"][1]["attacks"][0]["attacked"].get<bool>());
  ASSERT_EQ(j["notes"].size(), 1u);
  EXPECT_NE(j["notes"][0].get<std::string>().find("beyond its reach"), std::string::npos);
  EXPECT_TRUE(j["timings_s"].contains("other_attacks"));
  // The table has its column.
  std::vector<std::string> table = small_chain({"--mechanism", "prior-mean-double", "--gammas", "0.5"});
  table.erase(std::find(table.begin(), table.end(), "--json"));
  const auto t = run_cli(table, env);
  ASSERT_EQ(t.exit_code, 0) << t.err;
  EXPECT_NE(t.out.find("prior-mean-double ± SE"), std::string::npos) << t.out;
}

TEST(ChainCli, AMechanismWithoutAnAttackIsOneLine) {
  const auto r = run_cli(small_chain({"--mechanism", "noisy-double:k=4,sigma=2"}),
                         {"RECONBOUND_PLUGIN_PATH=" RECONBOUND_WORKFLOW_DOUBLE_DIR});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(r.err, "reconbound: error: mechanism noisy-double provides no reconstruction attack\n");
  EXPECT_TRUE(r.out.empty()) << r.out;
}

}  // namespace

// Mathematics §9: no attack beats ρ* but by chance. An attack whose errors are a thousandth of the
// prior mean's is flagged: the table and the JSON print, stderr names the plugin in one line per
// violation, and the exit status is 3 (README, "exit codes").
TEST(ChainCli, AnAttackThatBeatsRhoStarIsAViolationWithExitStatusThree) {
  const std::vector<std::string> env{"RECONBOUND_PLUGIN_PATH=" RECONBOUND_CHAIN_DOUBLE_DIR};
  const auto r = run_cli(small_chain({"--mechanism", "prior-mean-double:error_factor=1e-3", "--gammas", "0.5"}), env);
  EXPECT_EQ(r.exit_code, 3) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  ASSERT_EQ(j["violations"].size(), 1u) << j["violations"];
  const auto& v = j["violations"][0];
  EXPECT_EQ(v["mechanism"], "prior-mean-double");
  EXPECT_EQ(v["gamma_bits"], 0.5);
  EXPECT_LT(v["rho"].get<double>() + 3 * v["standard_error"].get<double>(), v["rho_star"].get<double>());
  EXPECT_EQ(r.err.rfind("reconbound: violation: mechanism prior-mean-double's attack prior-mean-double:error_factor=1e-3 "
                        "at gamma = 0.5 bits has rho = ", 0), 0u) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;

  // The honest attack: no violation, exit 0.
  const auto honest = run_cli(small_chain({"--mechanism", "prior-mean-double", "--gammas", "0.5"}), env);
  EXPECT_EQ(honest.exit_code, 0) << honest.err;
  EXPECT_TRUE(nlohmann::json::parse(honest.out)["violations"].empty());
}

// The chain charges a mechanism its parameters as `bound` does: a negative γ is the plugin's defect,
// one line naming it, before any attack runs.
TEST(ChainCli, AMechanismWhoseLeakageIsNegativeIsRefusedNamingIt) {
  const auto r = run_cli(small_chain({"--mechanism", "prior-mean-double:gamma=-1", "--gammas", "0.5"}),
                         {"RECONBOUND_PLUGIN_PATH=" RECONBOUND_CHAIN_DOUBLE_DIR});
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(r.err, "reconbound: error: mechanism prior-mean-double returned gamma = -1 bits: a leakage bound must be "
                   "finite and >= 0 (a defect of the plugin; `reconbound conformance` checks it)\n");
  EXPECT_TRUE(r.out.empty()) << r.out;
}
