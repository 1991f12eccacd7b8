// `reconbound epsilon` end to end (mathematics §8): published ε values, δ = N^−1.1, schedule files
// and the README's example schedules, and bad input to epsilon, calibrate and spectrum as one
// line on stderr with exit code 2.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "privacy_cli_support.hpp"

using reconbound::test::expect_one_line_error;
using reconbound::test::run_cli;
using reconbound::test::run_json;
using reconbound::test::TempDir;

namespace {

// Published ε (issue 6: a pessimistic PLD accountant at discretisation 2e-5, converged to
// the digits shown): the CLI's error bar must contain it.
TEST(EpsilonCli, ErrorBarContainsThePublishedValue) {
  const auto j = run_json({"epsilon", "--q", "0.04", "--sigma", "1.5", "--steps", "2250", "--delta", "1e-5", "--json"});
  EXPECT_LE(j["epsilon_lower"].get<double>(), 6.76878);
  EXPECT_GE(j["epsilon_upper"].get<double>(), 6.76878);
  EXPECT_EQ(j["relation"], "add/remove");
  const auto table = run_cli({"epsilon", "--q", "0.04", "--sigma", "1.5", "--steps", "2250", "--delta", "1e-5"});
  EXPECT_NE(table.out.find("add/remove"), std::string::npos) << table.out;
}

// δ = n^−1.1 (mathematics §8) is the same as the explicit δ.
TEST(EpsilonCli, DeltaExponentIsNToTheMinusExponent) {
  const auto a = run_json({"epsilon", "--q", "0.02", "--sigma", "1.1", "--steps", "500", "--delta-exponent", "1.1",
                           "--n-train", "50000", "--json"});
  EXPECT_DOUBLE_EQ(a["delta"].get<double>(), std::pow(50000.0, -1.1));
}

// Composition does not care how steps are grouped: two runs of T steps in two files, one
// file of two segments, and one constant run of 2T steps have the same ε.
TEST(EpsilonCli, ScheduleFilesComposeLikeOneLongRun) {
  TempDir dir;
  const std::string run = dir.write("run.csv", "# q,sigma,steps\nq,sigma,steps\n0.01,0.9,300\n");
  const std::string split = dir.write("split.csv", "0.01,0.9,100\n0.01,0.9,500\n");
  const auto constant = run_json({"epsilon", "--q", "0.01", "--sigma", "0.9", "--steps", "600", "--delta", "1e-6", "--json"});
  const auto two_runs = run_json({"epsilon", "--schedule", run, "--schedule", run, "--delta", "1e-6", "--json"});
  const auto segments = run_json({"epsilon", "--schedule", split, "--delta", "1e-6", "--json"});
  for (const auto* other : {&two_runs, &segments}) {
    EXPECT_NEAR((*other)["epsilon"].get<double>(), constant["epsilon"].get<double>(), 1e-6);
    EXPECT_NEAR((*other)["epsilon_upper"].get<double>(), constant["epsilon_upper"].get<double>(), 1e-6);
  }
  EXPECT_EQ(two_runs["segments"].size(), 2u);
  EXPECT_EQ(two_runs["segments"][1]["run"], 2);
}

// The example schedules of the README parse, and charging the search as a second run can
// only raise ε (composition); calibrating their shape scales every σ by one factor that
// brings ε back under the target.
TEST(EpsilonCli, ExampleSchedulesCompose) {
  const std::string dir = std::string(std::getenv("RECONBOUND_SOURCE_DIR")) + "/examples/schedules/";
  const auto training = run_json({"epsilon", "--schedule", dir + "warmup.csv", "--delta", "1e-5", "--json"});
  const auto both = run_json({"epsilon", "--schedule", dir + "warmup.csv", "--schedule", dir + "search.csv",
                              "--delta", "1e-5", "--json"});
  EXPECT_GT(both["epsilon_lower"].get<double>(), training["epsilon_upper"].get<double>());
  EXPECT_EQ(both["segments"].size(), 5u);
  const auto c = run_json({"calibrate", "--target-epsilon", "8", "--schedule", dir + "warmup.csv", "--schedule",
                           dir + "search.csv", "--delta", "1e-5", "--sigma-tolerance", "1e-2", "--json"});
  EXPECT_GT(c["sigma"].get<double>(), 1.0);  // ε > 8 as given, so more noise is needed
  EXPECT_LE(c["epsilon_upper"].get<double>(), 8.0);
}

TEST(PrivacyCli, BadInputIsOneLineAndExitCodeTwo) {
  expect_one_line_error({"epsilon", "--q", "0.01", "--sigma", "1", "--steps", "10"}, "no delta");
  expect_one_line_error({"epsilon", "--q", "0.01", "--sigma", "1", "--steps", "10", "--delta", "2"}, "--delta 2");
  expect_one_line_error({"epsilon", "--q", "0.01", "--steps", "10", "--delta", "1e-5"}, "go together");
  expect_one_line_error({"epsilon", "--schedule", "/nonexistent/run.csv", "--delta", "1e-5"}, "/nonexistent/run.csv");
  expect_one_line_error({"calibrate", "--q", "0.01", "--steps", "10", "--delta", "1e-5"}, "exactly one of");
  expect_one_line_error({"calibrate", "--target-epsilon", "1", "--target-rho", "0.5", "--q", "0.01", "--steps", "10",
                         "--delta", "1e-5"}, "exactly one of");
  expect_one_line_error({"calibrate", "--target-rho", "1.5", "--q", "0.01", "--steps", "10"}, "--target-rho 1.5");
  expect_one_line_error({"calibrate", "--target-epsilon", "1", "--q", "0.01", "--steps", "10"}, "needs a delta");
  expect_one_line_error({"calibrate", "--target-epsilon", "1", "--q", "0.01", "--delta", "1e-5"}, "go together");
  expect_one_line_error({"calibrate", "--target-epsilon", "1", "--q", "1.5", "--steps", "10", "--delta", "1e-5"},
                        "outside (0, 1]");
  expect_one_line_error({"spectrum", "--epsilons", "0,2", "--q", "0.01", "--steps", "10", "--delta", "1e-5"},
                        "--epsilons");
  expect_one_line_error({"spectrum", "--epsilons", "1,2", "--q", "0.01", "--steps", "10"}, "no delta");
  expect_one_line_error({"bound", "--gamma", "1", "--representation", "pixel", "--representation", "dct:8"},
                        "takes one --representation");
}

// Core names the jobs' parameters; the CLI spells them as its options (Python as its keywords:
// tests/python/test_privacy.py), so the lines name what the user typed.
TEST(PrivacyCli, CoreMessagesNameTheOptions) {
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"epsilon", "--q", "0.01", "--sigma", "1", "--steps", "10"},
       "reconbound: error: no delta: give --delta, or --delta-exponent and --n-train "
       "(delta = n_train^-delta_exponent)\n"},
      {{"epsilon", "--q", "0.01", "--sigma", "1", "--steps", "10", "--delta-exponent", "1.1", "--n-train", "0.5"},
       "reconbound: error: --n-train 0.5 must be >= 1\n"},
      {{"epsilon", "--q", "0.01", "--sigma", "1", "--steps", "10", "--delta-exponent", "-1", "--n-train", "100"},
       "reconbound: error: --delta-exponent -1 must be > 0\n"},
      {{"epsilon", "--q", "0.01", "--sigma", "1", "--steps", "10", "--delta", "1e-5", "--n-train", "100"},
       "reconbound: error: give either --delta or --delta-exponent with --n-train, not both\n"},
      {{"calibrate", "--target-epsilon", "1", "--q", "0.01", "--steps", "10"},
       "reconbound: error: --target-epsilon needs a delta: --delta, or --delta-exponent and --n-train "
       "(delta = n_train^-delta_exponent)\n"},
      {{"bound", "--data", "npy:/nonexistent.npy"},
       "reconbound: error: no leakage: give --gamma (bits, one value or several) or a schedule (--q, "
       "--sigma and --steps, or --schedule)\n"},
      {{"bound", "--gamma", "1", "--q", "0.1", "--sigma", "1", "--steps", "10"},
       "reconbound: error: give either --gamma or a schedule (--q, --sigma and --steps, or --schedule), not both\n"},
      {{"leakage"}, "reconbound: error: no schedule: mechanism dpsgd needs one (--q, --sigma and --steps, or "
                    "--schedule)\n"},
      {{"calibrate", "--target-epsilon", "1", "--delta", "1e-5"},
       "reconbound: error: no schedule: mechanism dpsgd needs one (--q and --steps, or --schedule)\n"},
  };
  for (const auto& [args, line] : cases) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << args[0];
    EXPECT_EQ(r.err, line);
  }
}

}  // namespace
