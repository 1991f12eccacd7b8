// The claims file parser (parse_claims.hpp): every kind and both schedule forms read into
// claims, the kind's default tolerance applied, and every malformed file refused with one
// line naming the claim and the field.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "reconbound/claims/claim_kinds.hpp"
#include "reconbound/claims/parse_claims.hpp"
#include "reconbound/error.hpp"

using namespace reconbound;
using namespace reconbound::claims;

namespace {

std::vector<Claim> parse(const std::string& claims) {
  return parse_claims(R"({"description": "test", "claims": [)" + claims + "]}", "test.json");
}

TEST(ClaimsParse, ReadsAFlatScheduleWithTheKindsDefaultTolerance) {
  const auto claims = parse(R"({"kind": "gamma", "label": "L", "q": 0.5, "sigma": 2, "steps": 7, "claimed": 1.25})");
  ASSERT_EQ(claims.size(), 1u);
  const Claim& c = claims[0];
  EXPECT_EQ(c.index, 1u);
  EXPECT_EQ(c.kind, ClaimKind::gamma);
  EXPECT_EQ(c.label, "L");
  EXPECT_EQ(c.claimed, 1.25);
  EXPECT_EQ(c.tolerance.relative, 1e-9);
  EXPECT_EQ(c.tolerance.absolute, 0.0);
  ASSERT_EQ(c.schedule.runs.size(), 1u);
  ASSERT_EQ(c.schedule.runs[0].segments.size(), 1u);
  EXPECT_EQ(c.schedule.runs[0].segments[0].q, 0.5);
  EXPECT_EQ(c.schedule.runs[0].segments[0].sigma, 2.0);
  EXPECT_EQ(c.schedule.runs[0].segments[0].steps, 7u);
  EXPECT_TRUE(c.inputs.empty());
}

TEST(ClaimsParse, ReadsRunsOfSegmentsAGivenToleranceAndRounding) {
  const auto claims = parse(R"({"kind": "epsilon", "runs": [[{"q": 0.1, "sigma": 1, "steps": 3},
    {"q": 0.2, "sigma": 2, "steps": 4}], [{"q": 1, "sigma": 3, "steps": 5}]], "delta": 1e-6,
    "claimed": 2, "tolerance": {"relative": 0.01}, "input_rounding": {"sigma": 0.05, "q": 0.001}})");
  const Claim& c = claims.at(0);
  ASSERT_EQ(c.schedule.runs.size(), 2u);
  EXPECT_EQ(c.schedule.runs[0].segments.size(), 2u);
  EXPECT_EQ(c.schedule.runs[1].segments[0].steps, 5u);
  EXPECT_EQ(c.inputs.at("delta"), 1e-6);
  EXPECT_EQ(c.tolerance.relative, 0.01);
  EXPECT_EQ(c.tolerance.absolute, 0.0);  // a given tolerance replaces the default entirely
  EXPECT_EQ(c.input_rounding.at("sigma"), 0.05);
  EXPECT_EQ(c.input_rounding.at("q"), 0.001);
}

// δ = n_train^−exponent (mathematics §8): 10^4^−1.5 = 1e-6.
TEST(ClaimsParse, DeltaFromTheTrainingSetSize) {
  const auto claims = parse(R"({"kind": "calibrated_sigma", "q": 0.01, "steps": 100, "n_train": 10000,
    "delta_exponent": 1.5, "target_epsilon": 1, "claimed": 1.5})");
  EXPECT_NEAR(claims.at(0).inputs.at("delta"), 1e-6, 1e-20);
  EXPECT_EQ(claims.at(0).inputs.at("steps"), 100.0);
}

TEST(ClaimsParse, EveryKindReadsItsInputsAndNumbersTheClaims) {
  const auto claims = parse(R"(
    {"kind": "kl", "q": 0.02, "sigma": 1.1, "claimed": 0.001},
    {"kind": "t_md", "n": 1000, "grid_size": 48, "alpha_md": 0.025, "claimed": 0.1},
    {"kind": "t_mc", "k": 4, "blocks": 196, "n": 1000, "n_mc": 2, "grid_size": 48, "alpha_mc": 0.025, "claimed": 0.1},
    {"kind": "rho_star", "gamma_bits": 2, "h_lb_bits": 10, "k": 4, "nu2": 0.4, "trace_sigma": 3e6, "claimed": 0.5},
    {"kind": "absolute_bound", "gamma_bits": 2, "h_lb_bits": 10, "k": 4, "nu2": 0.4, "trace_sigma": 3e6, "claimed": 5})");
  ASSERT_EQ(claims.size(), 5u);
  for (std::size_t i = 0; i < claims.size(); ++i) {
    EXPECT_EQ(claims[i].index, i + 1);
    EXPECT_EQ(claims[i].inputs.size(), kind_spec(claims[i].kind).inputs.size()) << "claim " << i + 1;
    EXPECT_EQ(claims[i].tolerance.absolute, kind_spec(claims[i].kind).default_tolerance.absolute);
    EXPECT_EQ(claims[i].tolerance.relative, kind_spec(claims[i].kind).default_tolerance.relative);
  }
  EXPECT_EQ(claims[2].inputs.at("blocks"), 196.0);
  EXPECT_EQ(claims[3].inputs.at("nu2"), 0.4);
}

// A certificate (mathematics §6.8): the normaliser is read as text, "ucb" gets the default share
// 0.1 when none is given, and the optional margins are read when given.
TEST(ClaimsParse, ACertificateWithItsNormaliserShareAndMargins) {
  const auto claims = parse(R"(
    {"kind": "certificate", "alpha": 0.05, "normaliser": "sample", "union_size": 48, "alpha_monte_carlo": 0.025,
     "alpha_sampling": 0.025, "alpha_normaliser": 0, "claimed": 0.95},
    {"kind": "certificate", "alpha": 0.05, "normaliser": "ucb", "union_size": 3, "alpha_monte_carlo": 0.0175,
     "alpha_sampling": 0.0175, "alpha_normaliser": 0.015, "claimed": 0.95,
     "n": 1000, "t_md": 0.1, "k": 4, "blocks": 196, "n_mc": 2, "t_mc": 0.1},
    {"kind": "certificate", "alpha": 0.1, "normaliser": "ucb", "normaliser_alpha_share": 0.5, "union_size": 1,
     "alpha_monte_carlo": 0.025, "alpha_sampling": 0.025, "alpha_normaliser": 0.05, "claimed": 0.9,
     "n": 1000, "t_md": 0.1})");
  ASSERT_EQ(claims.size(), 3u);
  const Claim& paper = claims[0];
  EXPECT_EQ(paper.kind, ClaimKind::certificate);
  EXPECT_EQ(paper.normaliser, "sample");
  EXPECT_EQ(paper.claimed, 0.95);
  EXPECT_EQ(paper.tolerance.absolute, 1e-12);
  EXPECT_FALSE(paper.inputs.contains("normaliser_alpha_share"));  // the point normaliser has no share
  EXPECT_FALSE(paper.inputs.contains("n"));
  EXPECT_EQ(paper.inputs.at("union_size"), 48.0);
  EXPECT_EQ(paper.inputs.at("alpha_normaliser"), 0.0);
  const Claim& run = claims[1];
  EXPECT_EQ(run.normaliser, "ucb");
  EXPECT_EQ(run.inputs.at("normaliser_alpha_share"), 0.1);  // the default of mathematics §6.8
  EXPECT_EQ(run.inputs.at("blocks"), 196.0);
  EXPECT_EQ(run.inputs.at("t_mc"), 0.1);
  EXPECT_EQ(run.inputs.size(), kind_spec(ClaimKind::certificate).inputs.size());
  EXPECT_EQ(claims[2].inputs.at("normaliser_alpha_share"), 0.5);
  EXPECT_FALSE(claims[2].inputs.contains("t_mc"));
}

struct Malformed {
  std::string text;      // the whole file
  std::string expected;  // a part of the one-line message
};

class ClaimsParseMalformed : public ::testing::TestWithParam<Malformed> {};

TEST_P(ClaimsParseMalformed, OneLineNamingTheClaimAndTheField) {
  try {
    parse_claims(GetParam().text, "bad.json");
    FAIL() << "accepted: " << GetParam().text;
  } catch (const FileError& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find(GetParam().expected), std::string::npos) << message;
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.rfind("bad.json: ", 0), 0u) << message;
  }
}

const std::string kGood = R"({"kind": "gamma", "q": 0.1, "sigma": 1, "steps": 10, "claimed": 1})";

// A certificate claim with `extra` fields, in a file.
std::string certificate(const std::string& normaliser, const std::string& extra) {
  return R"({"claims": [{"kind": "certificate", "alpha": 0.05, "normaliser": ")" + normaliser +
         R"(", "union_size": 3, "alpha_monte_carlo": 0.0175, "alpha_sampling": 0.0175, "alpha_normaliser": 0.015)" +
         extra + "}]}";
}

INSTANTIATE_TEST_SUITE_P(
    Files, ClaimsParseMalformed,
    ::testing::Values(
        Malformed{"", "not valid JSON"}, Malformed{"{\"claims\": [", "not valid JSON"},
        Malformed{"[]", "must be a JSON object with a \"claims\" array"},
        Malformed{R"({"claims": []})", "non-empty array"},
        Malformed{R"({"claims": [)" + kGood + R"(], "extra": 1})", "top-level field \"extra\""},
        Malformed{R"({"claims": [)" + kGood + R"(, 3]})", "claim 2: must be a JSON object"},
        Malformed{R"({"claims": [{"q": 1}]})", "claim 1, field \"kind\": missing"},
        Malformed{R"({"claims": [{"kind": "gama"}]})", "field \"kind\": unknown kind \"gama\""},
        Malformed{R"({"claims": [{"kind": "gamma", "q": 0.1, "sigma": 1, "steps": 10}]})",
                  "field \"claimed\": missing"},
        Malformed{R"({"claims": [{"kind": "gamma", "q": 0.1, "sigma": 1, "steps": 10, "claimed": "1"}]})",
                  "field \"claimed\": must be a finite number"},
        Malformed{R"({"claims": [{"kind": "gamma", "q": 1.5, "sigma": 1, "steps": 10, "claimed": 1}]})",
                  "field \"q\": must be a number in (0, 1]"},
        Malformed{R"({"claims": [{"kind": "gamma", "q": 0.1, "sigma": 0.05, "steps": 10, "claimed": 1}]})",
                  "field \"sigma\": must be a number >= 0.1"},
        Malformed{R"({"claims": [{"kind": "gamma", "q": 0.1, "sigma": 1, "steps": 2.5, "claimed": 1}]})",
                  "field \"steps\": must be an integer"},
        Malformed{R"({"claims": [{"kind": "gamma", "q": 0.1, "sigma": 1, "steps": 10, "claimed": 1, "sigam": 1}]})",
                  "field \"sigam\": not a field of a \"gamma\" claim"},
        Malformed{R"({"claims": [{"kind": "gamma", "runs": [[{"q": 0.1, "sigma": 1}]], "claimed": 1}]})",
                  "field \"runs[0][0].steps\": missing"},
        Malformed{R"({"claims": [{"kind": "gamma", "runs": [[]], "claimed": 1}]})",
                  "field \"runs[0]\": must be a non-empty array"},
        Malformed{R"({"claims": [{"kind": "gamma", "runs": [[{"q": 0.1, "sigma": 1, "steps": 1}]], "q": 0.2, "claimed": 1}]})",
                  "field \"q\": give either"},
        Malformed{R"({"claims": [{"kind": "epsilon", "q": 0.1, "sigma": 1, "steps": 10, "claimed": 1}]})",
                  "field \"delta\": missing"},
        Malformed{R"({"claims": [{"kind": "epsilon", "q": 0.1, "sigma": 1, "steps": 10, "claimed": 1, "delta": 1e-20}]})",
                  "field \"delta\": must be a number in [1e-15, 1)"},
        Malformed{R"({"claims": [{"kind": "epsilon", "q": 0.1, "sigma": 1, "steps": 10, "claimed": 1, "n_train": 1e14, "delta_exponent": 2}]})",
                  "field \"n_train\""},
        Malformed{R"({"claims": [{"kind": "epsilon", "runs": [[{"q": 0.1, "sigma": 1, "steps": 600000000}], [{"q": 0.1, "sigma": 1, "steps": 600000000}]], "claimed": 1, "delta": 1e-5}]})",
                  "field \"runs\": 1200000000 steps in all"},
        Malformed{R"({"claims": [{"kind": "gamma", "q": 0.1, "sigma": 1, "steps": 10, "claimed": 1, "tolerance": {"abs": 1}}]})",
                  "field \"tolerance.abs\""},
        Malformed{R"({"claims": [{"kind": "gamma", "q": 0.1, "sigma": 1, "steps": 10, "claimed": 1, "tolerance": {"absolute": -1}}]})",
                  "field \"tolerance.absolute\": must be a number >= 0"},
        Malformed{R"({"claims": [{"kind": "gamma", "q": 0.1, "sigma": 1, "steps": 10, "claimed": 1, "input_rounding": {"steps": 1}}]})",
                  "field \"input_rounding.steps\": not an input of a \"gamma\" claim that may be rounded"},
        // σ = 0.1 ± 0.01 reaches below the reference's support; q = 1 ± 0.1 stays ≤ 1 (q's own end).
        Malformed{R"({"claims": [{"kind": "gamma", "q": 1, "sigma": 0.1, "steps": 10, "claimed": 1, "input_rounding": {"q": 0.1, "sigma": 0.01}}]})",
                  "field \"input_rounding.sigma\": 0.1 ± 0.01 leaves"},
        Malformed{R"({"claims": [{"kind": "absolute_bound", "gamma_bits": 1, "h_lb_bits": 1, "k": 2, "nu2": 1, "trace_sigma": 10, "claimed": 1, "input_rounding": {"trace_sigma": 1}}]})",
                  "field \"input_rounding.trace_sigma\""},
        // Certificates (mathematics §6.8).
        Malformed{certificate("UCB", R"(, "claimed": 0.95)"), "field \"normaliser\": must be \"ucb\" or \"sample\""},
        Malformed{R"({"claims": [{"kind": "certificate", "alpha": 0.05, "normaliser": 3, "union_size": 3,
                   "alpha_monte_carlo": 0.0175, "alpha_sampling": 0.0175, "alpha_normaliser": 0.015, "claimed": 0.95}]})",
                  "field \"normaliser\": must be a string (got 3)"},
        Malformed{R"({"claims": [{"kind": "certificate", "alpha": 0.05, "union_size": 3, "alpha_monte_carlo": 0.0175,
                   "alpha_sampling": 0.0175, "alpha_normaliser": 0.015, "claimed": 0.95}]})",
                  "field \"normaliser\": missing"},
        Malformed{certificate("sample", R"(, "claimed": 0.95, "normaliser_alpha_share": 0.3)"),
                  "field \"normaliser_alpha_share\": only with \"normaliser\": \"ucb\""},
        Malformed{certificate("ucb", R"(, "claimed": 0.95, "normaliser_alpha_share": 1)"),
                  "field \"normaliser_alpha_share\": must be a number in (0, 1)"},
        Malformed{certificate("ucb", R"(, "claimed": 1)"), "field \"claimed\": must be a number in (0, 1)"},
        Malformed{R"({"claims": [{"kind": "certificate", "alpha": 1.5, "normaliser": "ucb", "union_size": 3,
                   "alpha_monte_carlo": 0.0175, "alpha_sampling": 0.0175, "alpha_normaliser": 0.015, "claimed": 0.95}]})",
                  "field \"alpha\": must be a number in (0, 1)"},
        Malformed{R"({"claims": [{"kind": "certificate", "alpha": 0.05, "normaliser": "ucb", "union_size": 0,
                   "alpha_monte_carlo": 0.0175, "alpha_sampling": 0.0175, "alpha_normaliser": 0.015, "claimed": 0.95}]})",
                  "field \"union_size\": must be an integer in [1, "},
        Malformed{R"({"claims": [{"kind": "certificate", "alpha": 0.05, "normaliser": "ucb", "union_size": 3,
                   "alpha_monte_carlo": 0, "alpha_sampling": 0.0175, "alpha_normaliser": 0.015, "claimed": 0.95}]})",
                  "field \"alpha_monte_carlo\": must be a number in (0, 1)"},
        Malformed{R"({"claims": [{"kind": "certificate", "alpha": 0.05, "normaliser": "ucb", "union_size": 3,
                   "alpha_monte_carlo": 0.0175, "alpha_sampling": 0.0175, "alpha_normaliser": -0.015, "claimed": 0.95}]})",
                  "field \"alpha_normaliser\": must be a number in [0, 1)"},
        Malformed{R"({"claims": [{"kind": "certificate", "alpha": 0.05, "normaliser": "ucb", "union_size": 3,
                   "alpha_monte_carlo": 0.0175, "alpha_sampling": 0.0175, "claimed": 0.95}]})",
                  "field \"alpha_normaliser\": missing"},
        Malformed{certificate("ucb", R"(, "claimed": 0.95, "t_md": 0.1)"),
                  "field \"n\": missing (the sampling margin t_md needs n, t_md)"},
        Malformed{certificate("ucb", R"(, "claimed": 0.95, "n": 100, "t_mc": 0.1, "k": 4, "n_mc": 1)"),
                  "field \"blocks\": missing (the Monte Carlo margin t_mc needs k, blocks, n, n_mc, t_mc)"},
        Malformed{certificate("ucb", R"(, "claimed": 0.95, "n": 100, "t_md": 0.1, "k": 4)"),
                  "field \"blocks\": missing"},
        Malformed{certificate("ucb", R"(, "claimed": 0.95, "n": 100)"), "field \"n\": given without"},
        Malformed{certificate("ucb", R"(, "claimed": 0.95, "n": 1, "t_md": 0.1)"), "field \"n\": must be an integer"},
        Malformed{certificate("ucb", R"(, "claimed": 0.95, "alpha_t": 0.015)"),
                  "field \"alpha_t\": not a field of a \"certificate\" claim"},
        Malformed{certificate("ucb", R"(, "claimed": 0.95, "input_rounding": {"alpha": 0.001})"),
                  "field \"input_rounding.alpha\": not an input of a \"certificate\" claim that may be rounded"}));

TEST(ClaimsParse, QRoundedAtOneStaysAProbability) {
  const auto claims = parse(R"({"kind": "gamma", "q": 1, "sigma": 1, "steps": 1, "claimed": 1, "input_rounding": {"q": 0.1}})");
  EXPECT_EQ(claims.at(0).input_rounding.at("q"), 0.1);
}

TEST(ClaimsParse, AMissingFileIsOneLine) {
  try {
    read_claims_file("/nonexistent/claims.json");
    FAIL();
  } catch (const FileError& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent/claims.json"), std::string::npos);
  }
}

}  // namespace
