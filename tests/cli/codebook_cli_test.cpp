// `reconbound bound --mechanism codebook`: the codebook fitted on Ψ(D_est) charges γ = R, its
// realised entropy is reported, and bad parameters end with one line and exit code 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using reconbound::test::run_cli;

namespace {

// The 10,000 Fashion-MNIST test images of the Debian package dataset-fashion-mnist.
const std::string kData = "idx:/usr/share/datasets/fashion-mnist/t10k-images-idx3-ubyte.gz";

std::vector<std::string> bound_args(std::vector<std::string> extra) {
  std::vector<std::string> args = {"bound", "--data", kData, "--perp-range", "0:600", "--est-range", "600:1000",
                                   "--grid-k", "4,16", "--grid-nu2", "0.4", "--grid-select", "none",
                                   "--quiet", "--threads", "2"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(CodebookCli, ChargesTheBitsAndReportsTheRealisedEntropy) {
  const auto fitted = run_cli(bound_args({"--mechanism", "codebook", "--mechanism-param", "bits=2", "--json"}));
  ASSERT_EQ(fitted.exit_code, 0) << fitted.err;
  const auto j = nlohmann::json::parse(fitted.out);
  ASSERT_EQ(j["results"].size(), 1u);
  EXPECT_EQ(j["results"][0]["gamma_bits"], 2.0);
  const auto& details = j["leakage_details"];
  EXPECT_EQ(details["codewords"], 4.0);
  EXPECT_GT(details["realised_entropy_bits"].get<double>(), 0.0);
  EXPECT_LE(details["realised_entropy_bits"].get<double>(), 2.0);
  // The same bound as charging γ = 2 bits directly.
  const auto given = run_cli(bound_args({"--gamma", "2", "--json"}));
  ASSERT_EQ(given.exit_code, 0) << given.err;
  EXPECT_EQ(nlohmann::json::parse(given.out)["rho_star"], j["rho_star"]);
}

TEST(CodebookCli, TableListsTheDetails) {
  const auto r = run_cli(bound_args({"--mechanism", "codebook", "--mechanism-param", "bits=1,seed=3"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("realised_entropy_bits"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("codewords = 2"), std::string::npos) << r.out;
}

void expect_one_line_error(const std::vector<std::string>& args, const std::string& needle) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

TEST(CodebookCli, BadParametersAreOneLineErrors) {
  expect_one_line_error(bound_args({"--mechanism", "codebook", "--mechanism-param", "bits=0"}), "bits");
  expect_one_line_error(bound_args({"--mechanism", "codebook", "--mechanism-param", "bits=2,gamma=0.5"}),
                        "exactly one");
  expect_one_line_error(bound_args({"--mechanism", "codebook", "--mechanism-param", "bits=2,colour=3"}), "colour");
  expect_one_line_error(bound_args({"--mechanism", "codebook", "--mechanism-param", "bits"}), "key=value");
  expect_one_line_error(bound_args({"--mechanism", "codebook", "--mechanism-param", "bits=9"}), "R = 9");
  expect_one_line_error(bound_args({"--mechanism", "codebook", "--mechanism-param", "gamma=2"}), "gamma");
  expect_one_line_error(bound_args({"--mechanism", "codebook", "--mechanism-param", "bits=2", "--gamma", "1"}),
                        "--gamma");
  expect_one_line_error({"leakage", "--mechanism", "codebook", "--mechanism-param", "bits=2"},
                        "mechanism codebook needs data; use `bound`");
}

}  // namespace
