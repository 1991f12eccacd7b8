// `reconbound verify examples/claims/paper.json`: every published value of the shipped example
// (Bourne & Allison 2026, Table 5 and Section G.4, and the level of its certificate) passes,
// exit code 0.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "cli_runner.hpp"

using reconbound::test::run_cli;

namespace {

TEST(VerifyPaperCli, EveryPublishedValuePasses) {
  const std::string file = std::string(std::getenv("RECONBOUND_SOURCE_DIR")) + "/examples/claims/paper.json";
  std::ifstream in(file);
  const std::size_t claims = nlohmann::json::parse(in)["claims"].size();
  ASSERT_GE(claims, 28u);  // γ and σ of MNIST at 7 targets ε each, and of the other data sets
  const auto r = run_cli({"verify", file, "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  std::istringstream lines(r.out);
  std::size_t passed = 0;
  std::size_t certificates = 0;
  for (std::string line; std::getline(lines, line);) {
    EXPECT_FALSE(line.starts_with("FAIL")) << line;
    if (line.starts_with("PASS  claim ")) ++passed;
    if (line.starts_with("PASS  claim ") && line.find("  certificate  ") != std::string::npos) ++certificates;
  }
  EXPECT_EQ(passed, claims);
  EXPECT_EQ(certificates, 1u);  // α = 0.05 over the 48 pairs, point normaliser: 0.95 (mathematics §6.8)
  EXPECT_TRUE(r.out.ends_with(fmt::format("summary: {} claims, {} pass, 0 fail\n", claims, claims))) << r.out;
}

}  // namespace
