// `reconbound bound --representation onnx:FILE` as a user runs it: without normalize=unit or
// clip=a/b the bound on ‖Ψ(x) − Ψ(x')‖² would be a guess, so the command stops with one line
// naming both options (exit code 2); with one of them it computes ρ*.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

namespace {

using reconbound::test::fashion_mnist_t10k;
using reconbound::test::run_cli;

std::string test_cnn() {
  return std::string(RECONBOUND_TEST_SOURCE_DIR) + "/tests/representations/models/onnx_test_cnn.onnx";
}

std::vector<std::string> bound_args(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"bound", "--data", fashion_mnist_t10k(), "--perp-range", "0:300", "--est-range",
                                   "300:600", "--gamma", "1", "--grid-k", "8", "--grid-nu2", "1.6", "--threads", "2",
                                   "--representation", "onnx:" + test_cnn()};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(OnnxCli, WithoutABoundItStopsWithOneLine) {
  const auto r = run_cli(bound_args({}));
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  for (const char* part : {"B would be a guess", "normalize=unit", "clip=a/b"}) {
    EXPECT_NE(r.err.find(part), std::string::npos) << r.err << "\n  lacks: " << part;
  }
  EXPECT_TRUE(r.out.empty()) << r.out;
}

TEST(OnnxCli, WithUnitNormalisationItBounds) {
  const auto r = run_cli(bound_args({"--representation-param", "normalize=unit", "--json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_EQ(j["m"], 32);
  const double rho = j["rho_star"].get<double>();
  EXPECT_GE(rho, 0.0);
  EXPECT_LE(rho, 1.0);
}

}  // namespace
