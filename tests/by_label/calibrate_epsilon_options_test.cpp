// `calibrate --target-epsilon` computes no bound (issue 51's regression): every data, split and
// bound-pipeline option given with it (and --by-label's) is a one-line error naming it, where it
// used to be ignored silently; the options it reads still work.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace reconbound::test {
namespace {

std::vector<std::string> target_epsilon(const std::vector<std::string>& more) {
  std::vector<std::string> args{"calibrate", "--target-epsilon", "3", "--q", "0.01", "--steps", "800", "--delta",
                                "1e-5", "--quiet"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

void expect_refused(const std::vector<std::string>& more, const std::string& named) {
  const CliResult r = run_cli(target_epsilon(more));
  SCOPED_TRACE(more.front());
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find("--target-epsilon takes no data or bound options (" + named + "; they go with --target-rho)"),
            std::string::npos)
      << r.err;
}

TEST(CalibrateEpsilonOptions, EveryBoundPipelineOptionIsRefusedByName) {
  expect_refused({"--rotation", "bogus"}, "--rotation");
  expect_refused({"--grid-k", "8"}, "--grid-k");
  expect_refused({"--grid-nu2", "0.4", "--alpha", "0.1"}, "--grid-nu2, --alpha");
  expect_refused({"--data", "fashion-mnist"}, "--data");
  expect_refused({"--perp", "100", "--seed", "4"}, "--perp, --seed");
  expect_refused({"--representation", "dct:8"}, "--representation");
  expect_refused({"--estimator", "goldfeld", "--converse-param", "a=1"}, "--estimator, --converse-param");
  expect_refused({"--normaliser", "sample"}, "--normaliser");
  expect_refused({"--threads", "2"}, "--threads");
  expect_refused({"--quick"}, "--quick");
  expect_refused({"--by-label"}, "--by-label");
}

TEST(CalibrateEpsilonOptions, ItsOwnOptionsStillWork) {
  const CliResult r = run_cli(target_epsilon({"--sigma-tolerance", "1e-3", "--epsilon-error", "0.01", "--json"}));
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"sigma\""), std::string::npos) << r.out;
}

}  // namespace
}  // namespace reconbound::test
