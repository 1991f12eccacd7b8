// `reconbound leakage` and `reconbound plugins` as a user runs them: JSON against the MPFR
// reference, and every bad input as one line on stderr with exit code 2.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"
#include "reconbound/verify/matchers.hpp"
#include "reconbound/verify/reference_dpsgd.hpp"

using namespace reconbound;
using reconbound::test::run_cli;
using reconbound::test::TempDir;

namespace {

bool one_line(const std::string& text) {
  return !text.empty() && text.find('\n') == text.size() - 1;
}

TEST(LeakageCli, JsonAgreesWithTheMpfrReference) {
  const auto r = run_cli({"leakage", "--q", "0.0204", "--sigma", "1.110", "--steps", "4900", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["mechanism"], "dpsgd");
  const auto reference = verify::reference_gamma_bits(Schedule::constant(0.0204, 1.110, 4900));
  EXPECT_AGREES_WITH_REFERENCE(json["gamma_bits"].get<double>(), reference, 1e-9);
  ASSERT_EQ(json["segments"].size(), 1u);
  EXPECT_EQ(json["segments"][0]["steps"], 4900);
}

TEST(LeakageCli, ScheduleFilesAddAsRuns) {
  const TempDir dir;
  const auto a = dir.write("a.csv", "# warm-up, then main\n0.01,2.0,100\n0.0204,1.1,4800\n");
  const auto b = dir.write("b.csv", "0.1,1.948,1000\n");
  const auto r = run_cli({"leakage", "--schedule", a, "--schedule", b, "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  Schedule schedule;
  schedule.runs = {TrainingRun{{Segment{0.01, 2.0, 100}, Segment{0.0204, 1.1, 4800}}},
                   TrainingRun{{Segment{0.1, 1.948, 1000}}}};
  EXPECT_AGREES_WITH_REFERENCE(json["gamma_bits"].get<double>(), verify::reference_gamma_bits(schedule), 1e-9);
  EXPECT_EQ(json["segments"].size(), 3u);
  EXPECT_EQ(json["segments"][2]["run"], 2);
}

TEST(LeakageCli, DpsgdParametersThatAgreeWithTheScheduleChangeNothing) {
  const auto plain = run_cli({"leakage", "--q", "0.1", "--sigma", "1", "--steps", "10", "--json"});
  const auto agreed =
      run_cli({"leakage", "--q", "0.1", "--sigma", "1", "--steps", "10", "--mechanism-param", "q=0.1,steps=10", "--json"});
  // The same parameters after NAME: (the spelling of `reconbound chain`).
  const auto named =
      run_cli({"leakage", "--q", "0.1", "--sigma", "1", "--steps", "10", "--mechanism", "dpsgd:q=0.1,steps=10", "--json"});
  ASSERT_EQ(plain.exit_code, 0) << plain.err;
  ASSERT_EQ(agreed.exit_code, 0) << agreed.err;
  ASSERT_EQ(named.exit_code, 0) << named.err;
  EXPECT_EQ(nlohmann::json::parse(agreed.out)["gamma_bits"], nlohmann::json::parse(plain.out)["gamma_bits"]);
  EXPECT_EQ(nlohmann::json::parse(named.out)["gamma_bits"], nlohmann::json::parse(plain.out)["gamma_bits"]);
}

TEST(LeakageCli, TableNamesTheTotal) {
  const auto r = run_cli({"leakage", "--q", "1", "--sigma", "1", "--steps", "1"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("total gamma: 0.721347520444"), std::string::npos) << r.out;
}

TEST(LeakageCli, BadInputsExitTwoWithOneLine) {
  const TempDir dir;
  const auto bad_csv = dir.write("bad.csv", "0.1,1\n");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"leakage", "--q", "2", "--sigma", "1", "--steps", "10"}, "outside (0, 1]"},
      {{"leakage", "--q", "0", "--sigma", "1", "--steps", "10"}, "outside (0, 1]"},
      {{"leakage", "--q", "0.1", "--sigma", "0", "--steps", "10"}, "must be > 0"},
      {{"leakage", "--q", "0.1", "--sigma", "-1", "--steps", "10"}, "must be > 0"},
      {{"leakage", "--q", "0.1", "--sigma", "1", "--steps", "0"}, "--steps 0 must be >= 1"},
      {{"leakage", "--q", "nan", "--sigma", "1", "--steps", "10"}, "--q nan is outside (0, 1]"},
      {{"leakage", "--q", "0.1", "--sigma", "inf", "--steps", "10"}, "--sigma inf must be finite"},
      {{"leakage", "--q", "0.1", "--sigma", "1000", "--steps", "10"}, "outside [0.1, 100]"},
      {{"leakage", "--q", "0.1", "--sigma", "0.09", "--steps", "10"}, "outside [0.1, 100]"},
      {{"leakage", "--q", "0.1"}, "go together"},
      {{"leakage"}, "no schedule"},
      {{"leakage", "--schedule", dir.path("absent.csv")}, "cannot open"},
      {{"leakage", "--schedule", bad_csv}, "bad.csv:1: expected 3"},
      {{"leakage", "--q", "abc", "--sigma", "1", "--steps", "1"}, "--q"},
      {{"leakage", "--q", "0.1", "--sigma", "1", "--steps", "1", "--mechanism", "nope"}, "no mechanism plugin named 'nope'"},
      // q and steps of dpsgd describe its attack's release: a schedule that disagrees is refused.
      {{"leakage", "--q", "0.1", "--sigma", "1", "--steps", "10", "--mechanism-param", "q=0.5"},
       "the dpsgd mechanism's q = 0.5 differs from q = 0.1 in run 1 of the schedule; give q once"},
      {{"epsilon", "--q", "0.1", "--sigma", "1", "--steps", "10", "--delta", "1e-5", "--mechanism-param", "steps=20"},
       "the dpsgd mechanism's steps = 20 differs from the 10 steps of run 1 of the schedule; give steps once"},
      {{"leakage", "--q", "0.1", "--sigma", "1", "--steps", "10", "--mechanism", "dpsgd:q=0.1", "--mechanism-param",
        "q=0.1"},
       "mechanism parameter q is given in --mechanism and in --mechanism-param"},
  };
  for (const auto& [args, expected] : cases) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << args.back() << ": " << r.err;
    EXPECT_TRUE(one_line(r.err)) << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << "stderr: " << r.err << "expected: " << expected;
  }
}

TEST(PluginsCli, ListsDpsgdAndReportsLoadFailures) {
  const TempDir dir;
  dir.write("corrupt.so", "not a shared library");
  const auto r = run_cli({"plugins"}, {"RECONBOUND_PLUGIN_PATH=" + dir.path("")});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("mechanism       dpsgd"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("corrupt.so: cannot be loaded"), std::string::npos) << r.out;
  const auto json = run_cli({"plugins", "--json"});
  const auto parsed = nlohmann::json::parse(json.out);
  bool found = false;
  for (const auto& p : parsed["plugins"]) found = found || p["name"] == "dpsgd";
  EXPECT_TRUE(found);
}

}  // namespace
