// `reconbound verify` as a user runs it: the shipped wrong example fails with a report that
// says which claim is wrong and by how much (exit 1), JSON output, and malformed files as one
// line on stderr with exit code 2.
#include <gtest/gtest.h>

#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>

#include "cli_runner.hpp"

using reconbound::test::run_cli;
using reconbound::test::TempDir;

namespace {

std::string example(const std::string& name) {
  return std::string(std::getenv("RECONBOUND_SOURCE_DIR")) + "/examples/claims/" + name;
}

bool one_line(const std::string& text) { return !text.empty() && text.find('\n') == text.size() - 1; }

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST(VerifyCli, TheWrongExampleFailsWithAClearReport) {
  const auto r = run_cli({"verify", example("wrong.json"), "--quiet"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_EQ(r.err, "");
  EXPECT_TRUE(contains(r.out, "PASS  claim 1  gamma  right: one full-batch step")) << r.out;
  EXPECT_TRUE(contains(r.out, "FAIL  claim 2  gamma  deliberately wrong: the same leakage reported in nats"
                              " (K(1, 1) = 1/2) instead of bits\n"
                              "      claimed 0.5 bits, reference 0.721347520444482 ± ")) << r.out;
  EXPECT_TRUE(contains(r.out, "discrepancy -0.221348 = 3.07e+08 x tolerance 7.21348e-10\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "FAIL  claim 3  calibrated_sigma  deliberately wrong: sigma = 1.9")) << r.out;
  EXPECT_TRUE(contains(r.out, "epsilon_upper(sigma = 1.9) = 4.6")) << r.out;
  EXPECT_TRUE(contains(r.out, "does NOT meet the target")) << r.out;
  EXPECT_TRUE(r.out.ends_with("summary: 3 claims, 1 pass, 2 fail\n")) << r.out;
}

TEST(VerifyCli, JsonReport) {
  const auto r = run_cli({"verify", example("wrong.json"), "--quiet", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["summary"]["claims"], 3);
  EXPECT_EQ(json["summary"]["fail"], 2);
  const auto& wrong = json["claims"][1];
  EXPECT_EQ(wrong["pass"], false);
  EXPECT_EQ(wrong["kind"], "gamma");
  EXPECT_EQ(wrong["units"], "bits");
  EXPECT_GT(wrong["discrepancy_in_tolerances"].get<double>(), 1e8);
  EXPECT_TRUE(json["claims"][2]["reference"]["upper"].is_null());  // σ: [σ_min, +∞)
}

TEST(VerifyCli, MalformedFilesAreOneLineAndExitTwo) {
  const TempDir dir;
  const std::string good = R"({"kind": "kl", "q": 1, "sigma": 2, "claimed": 0.125})";
  struct Case {
    std::string file;
    std::string expected;
  };
  const Case cases[] = {
      {dir.write("syntax.json", "{\"claims\": [" + good + ",]}"), "syntax.json: not valid JSON"},
      {dir.write("field.json", "{\"claims\": [" + good + R"(, {"kind": "kl", "q": 1, "sigma": -2, "claimed": 1}]})"),
       "field.json: claim 2, field \"sigma\": must be a number >= 0.1 (got -2)"},
      {dir.path("missing.json"), "missing.json: no such file"},
  };
  for (const auto& c : cases) {
    const auto r = run_cli({"verify", c.file});
    EXPECT_EQ(r.exit_code, 2) << c.file;
    EXPECT_EQ(r.out, "") << c.file;
    EXPECT_TRUE(one_line(r.err)) << r.err;
    EXPECT_TRUE(contains(r.err, c.expected)) << r.err;
  }
  const auto none = run_cli({"verify"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_TRUE(one_line(none.err)) << none.err;
}

}  // namespace
