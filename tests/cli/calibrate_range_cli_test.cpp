// Calibrations at the ends of the σ range the dpsgd plugin supports, [0.1, 100]
// (mechanisms/dpsgd/dpsgd_range.hpp): no command searches outside it. When every
// supported σ meets the target the answer is the smallest, 0.1, said on stderr and in the JSON
// (`sigma_at_range_min`); when none does the error names 100. Each answer is checked with
// independent runs of `leakage`, `epsilon` or `bound` at the returned σ.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "privacy_cli_support.hpp"

using reconbound::test::expect_one_line_error;
using reconbound::test::number;
using reconbound::test::run_cli;
using reconbound::test::run_json;
using reconbound::test::small_bound;
using reconbound::test::TempDir;

namespace {

constexpr double kSmallestSupported = 0.1;
constexpr double kSupportTolerance = 1e-12;  // how close to 0.1 the located end lies

// The smallest σ the plugin accepts is 0.1: just below it `leakage` refuses, at it it answers.
void expect_floor_is_smallest_supported(double sigma, const std::string& q, const std::string& steps) {
  EXPECT_GE(sigma, kSmallestSupported);
  EXPECT_LE(sigma, kSmallestSupported * (1.0 + kSupportTolerance));
  const auto below = run_cli({"leakage", "--q", q, "--sigma", number(kSmallestSupported * (1.0 - 1e-9)),
                              "--steps", steps});
  EXPECT_EQ(below.exit_code, 2) << below.out;
  EXPECT_NE(below.err.find("outside [0.1, 100]"), std::string::npos) << below.err;
  EXPECT_EQ(run_cli({"leakage", "--q", q, "--sigma", number(sigma), "--steps", steps}).exit_code, 0);
}

// One note of the range; the other line a run on explicit ranges prints is the split's (§7).
void expect_one_note(const std::string& err) {
  const std::string note = "note: every sigma the mechanism supports reaches";
  EXPECT_NE(err.find(note), std::string::npos) << err;
  EXPECT_EQ(err.find(note), err.rfind(note)) << err;
  const auto lines = std::count(err.begin(), err.end(), '\n');
  EXPECT_EQ(lines, err.find("note: D_perp and D_est were not drawn at random") == std::string::npos ? 1 : 2) << err;
}

// The case: ρ* ≥ 0.01 needs almost no noise at q = 0.001 over 10 steps.
TEST(CalibrateRangeCli, TargetRhoReachedEverywhereAnswersTheSmallestSupportedSigma) {
  const auto r = run_cli(small_bound({"calibrate", "--target-rho", "0.01", "--q", "0.001", "--steps", "10",
                                      "--json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_one_note(r.err);
  const auto c = nlohmann::json::parse(r.out);
  EXPECT_TRUE(c["sigma_at_range_min"].get<bool>());
  const double sigma = c["sigma"];
  expect_floor_is_smallest_supported(sigma, "0.001", "10");
  // Even the smallest supported σ leaks less than the admissible γ, and `bound` at it
  // certifies the target.
  EXPECT_LE(c["gamma_bits"].get<double>(), c["largest_gamma_bits"].get<double>());
  EXPECT_GE(c["rho_star"].get<double>(), 0.01);
  const auto at = run_json(small_bound({"bound", "--q", "0.001", "--sigma", number(sigma), "--steps", "10",
                                        "--json"}));
  EXPECT_GE(at["rho_star"].get<double>(), 0.01);
}

// ε = 200 over 10 steps at q = 0.01 is met by every supported σ (ε ≈ 160 at σ = 0.1): the
// answer is 0.1, whose ε (a fresh `epsilon` run) is within the target.
TEST(CalibrateRangeCli, TargetEpsilonBelowTheRangeAnswersTheSmallestSupportedSigma) {
  const auto r = run_cli({"calibrate", "--target-epsilon", "200", "--q", "0.01", "--steps", "10", "--delta",
                          "1e-5", "--json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  expect_one_note(r.err);
  const auto c = nlohmann::json::parse(r.out);
  EXPECT_TRUE(c["sigma_at_range_min"].get<bool>());
  const double sigma = c["sigma"];
  expect_floor_is_smallest_supported(sigma, "0.01", "10");
  const auto at = run_json({"epsilon", "--q", "0.01", "--sigma", number(sigma), "--steps", "10", "--delta",
                            "1e-5", "--json"});
  EXPECT_LE(at["epsilon_upper"].get<double>(), 200.0);
  // An ordinary target stays a threshold: no note, and the flag is false.
  const auto inside = run_cli({"calibrate", "--target-epsilon", "2", "--q", "0.01", "--steps", "100", "--delta",
                               "1e-5", "--sigma-tolerance", "1e-2", "--json"});
  ASSERT_EQ(inside.exit_code, 0) << inside.err;
  EXPECT_EQ(inside.err, "");
  EXPECT_FALSE(nlohmann::json::parse(inside.out)["sigma_at_range_min"].get<bool>());
}

// Targets that need σ > 100 (the accountant alone would answer about 114 for ε = 0.3, and
// γ = T/(2σ²·ln 2) exceeds any small budget at σ = 100 when T = 10⁷) are errors naming 100.
TEST(CalibrateRangeCli, TargetsBeyondTheLargestSupportedSigmaAreOneLineErrors) {
  expect_one_line_error({"calibrate", "--target-epsilon", "0.3", "--q", "1", "--steps", "100", "--delta", "1e-5"},
                        "no sigma <= 100 reaches the target epsilon");
  expect_one_line_error(small_bound({"calibrate", "--target-rho", "0.05", "--q", "1", "--steps", "10000000"}),
                        "no sigma <= 100 reaches the admissible leakage");
}

// The spectrum calibrates every ε the same way: ε = 200 answers σ = 0.1 with the flag, ε = 2 a
// threshold above it.
TEST(CalibrateRangeCli, SpectrumAnswersTheSmallestSupportedSigmaForLargeEpsilon) {
  const TempDir dir;
  const auto r = run_cli(small_bound({"spectrum", "--epsilons", "2,200", "--q", "0.01", "--steps", "10", "--delta",
                                      "1e-5", "--sigma-tolerance", "1e-2", "--svg", dir.path("s.svg"), "--json"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("note: every sigma the mechanism supports reaches the target epsilon 200"),
            std::string::npos)
      << r.err;
  const auto j = nlohmann::json::parse(r.out);
  const auto& cal = j["calibrations"];
  ASSERT_EQ(cal.size(), 2u);
  EXPECT_FALSE(cal[0]["sigma_at_range_min"].get<bool>());
  EXPECT_GT(cal[0]["sigma"].get<double>(), kSmallestSupported * (1.0 + 1e-2));
  EXPECT_TRUE(cal[1]["sigma_at_range_min"].get<bool>());
  const double sigma = cal[1]["sigma"];
  expect_floor_is_smallest_supported(sigma, "0.01", "10");
  EXPECT_LE(cal[1]["epsilon_upper"].get<double>(), 200.0);
  EXPECT_EQ(j["representations"][0]["points"].size(), 2u);
}

}  // namespace
