// `reconbound verify` as a user runs it: the shipped wrong example fails with a report that
// says which claim is wrong and by how much (exit 1; for a certificate, which part), JSON output,
// and malformed files as one line on stderr with exit code 2.
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
  // The old over-claim (mathematics §6.8): its 0.95 is 1 − α, but its shares are not the rule's
  // and sum to 0.1 > α.
  EXPECT_TRUE(contains(r.out, "FAIL  claim 4  certificate  deliberately wrong: the old over-claim")) << r.out;
  EXPECT_TRUE(contains(r.out, "      claimed 0.95, reference <= 0.95 (")) << r.out;
  EXPECT_TRUE(contains(r.out, "      level: pass, ")) << r.out;
  EXPECT_TRUE(contains(r.out, "      shares: FAIL, alpha_monte_carlo = 0.025 where the rule gives 0.0225; "
                              "alpha_sampling = 0.025 where the rule gives 0.0225; "
                              "alpha_normaliser = 0.05 where the rule gives 0.005\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "      sum: FAIL, alpha_monte_carlo + alpha_sampling + alpha_normaliser = 0.1 > "
                              "alpha = 0.05\n")) << r.out;
  EXPECT_TRUE(r.out.ends_with("summary: 4 claims, 1 pass, 3 fail\n")) << r.out;
}

TEST(VerifyCli, JsonReport) {
  const auto r = run_cli({"verify", example("wrong.json"), "--quiet", "--json"});
  EXPECT_EQ(r.exit_code, 1) << r.err;
  const auto json = nlohmann::json::parse(r.out);
  EXPECT_EQ(json["summary"]["claims"], 4);
  EXPECT_EQ(json["summary"]["fail"], 3);
  const auto& wrong = json["claims"][1];
  EXPECT_EQ(wrong["pass"], false);
  EXPECT_EQ(wrong["kind"], "gamma");
  EXPECT_EQ(wrong["units"], "bits");
  EXPECT_GT(wrong["discrepancy_in_tolerances"].get<double>(), 1e8);
  EXPECT_TRUE(json["claims"][2]["reference"]["upper"].is_null());  // σ: [σ_min, +∞)
  const auto& certificate = json["claims"][3];
  EXPECT_EQ(certificate["kind"], "certificate");
  EXPECT_EQ(certificate["pass"], false);
  EXPECT_TRUE(certificate["reference"]["lower"].is_null());  // a level: (−∞, 1 − Σ shares]
  EXPECT_NEAR(certificate["reference"]["upper"].get<double>(), 0.95, 1e-15);
  ASSERT_EQ(certificate["parts"].size(), 3u);
  for (const auto& part : certificate["parts"]) {
    EXPECT_EQ(part["pass"], part["name"] == "level") << part;
  }
}

// A certificate taken from a run: `bound --json`'s certificate object, written as a claim with
// the margins of one certified pair (docs/verifying-a-bound.md), passes.
TEST(VerifyCli, ARunsCertificatePasses) {
  const TempDir dir;
  const std::string file = dir.write("run.json", R"({"claims": [{"kind": "certificate", "label": "a run",
      "claimed": 0.95, "alpha": 0.05, "normaliser": "ucb", "normaliser_alpha_share": 0.3, "union_size": 1,
      "alpha_monte_carlo": 0.0175,
      "alpha_sampling": 0.0175, "alpha_normaliser": 0.015, "n": 400, "t_md": 0.7171483587047599,
      "k": 16, "blocks": 49, "n_mc": 1, "t_mc": 0.30885436943669814}]})");
  const auto r = run_cli({"verify", file, "--quiet"});
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(contains(r.out, "PASS  claim 1  certificate  a run\n")) << r.out;
  EXPECT_TRUE(contains(r.out, "      t_md: pass, ")) << r.out;
  EXPECT_TRUE(contains(r.out, "      t_mc: pass, ")) << r.out;
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
      {dir.write("share.json", R"({"claims": [{"kind": "certificate", "alpha": 0.05, "normaliser": "sample",
          "normaliser_alpha_share": 0.3, "union_size": 48, "alpha_monte_carlo": 0.025, "alpha_sampling": 0.025,
          "alpha_normaliser": 0, "claimed": 0.95}]})"),
       "share.json: claim 1, field \"normaliser_alpha_share\": only with \"normaliser\": \"ucb\""},
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
