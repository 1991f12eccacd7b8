// `reconbound calibrate` and `spectrum` end to end (mathematics §8): the calibrate ∘ epsilon round
// trip, calibrate --target-rho against an independent `bound` run, and the spectrum's JSON
// and SVG against `calibrate` and `bound`.
#include <gtest/gtest.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "privacy_cli_support.hpp"

using reconbound::test::expect_one_line_error;
using reconbound::test::number;
using reconbound::test::run_json;
using reconbound::test::small_bound;
using reconbound::test::TempDir;

namespace {

// calibrate ∘ epsilon: ε at the returned σ meets the target (no overshoot), and 0.3% less
// noise (three times the tolerance) misses it.
TEST(CalibrateCli, EpsilonRoundTripNeverOvershoots) {
  const auto c = run_json({"calibrate", "--target-epsilon", "3", "--q", "0.01", "--steps", "800", "--delta", "1e-5",
                           "--sigma-tolerance", "1e-3", "--json"});
  const double sigma = c["sigma"];
  const auto at = run_json({"epsilon", "--q", "0.01", "--sigma", number(sigma), "--steps", "800",
                            "--delta", "1e-5", "--json"});
  EXPECT_LE(at["epsilon_upper"].get<double>(), 3.0);
  const auto below = run_json({"epsilon", "--q", "0.01", "--sigma", number(sigma * 0.997), "--steps",
                               "800", "--delta", "1e-5", "--json"});
  EXPECT_GT(below["epsilon_upper"].get<double>(), 3.0);
}

// calibrate --target-rho: a `bound` run at the returned σ certifies ρ* ≥ R, and 0.3% less
// noise certifies less than R (the σ is the smallest, to its tolerance).
TEST(CalibrateCli, TargetRhoIsReachedByTheBoundAtTheReturnedSigma) {
  const double target = 0.3;
  const auto c = run_json(small_bound({"calibrate", "--target-rho", "0.3", "--q", "0.02", "--steps", "1000",
                                       "--sigma-tolerance", "1e-3", "--json"}));
  const double sigma = c["sigma"];
  EXPECT_GE(c["rho_star"].get<double>(), target);
  EXPECT_LE(c["gamma_bits"].get<double>(), c["largest_gamma_bits"].get<double>());
  // The pilot on D⊥ chose the pair for the target (mathematics §6.6) and it is the budget's pair.
  const auto& selection = c["grid_selection"];
  EXPECT_EQ(selection["method"], "pilot");
  EXPECT_EQ(selection["goal"]["target_rho"].get<double>(), target);
  ASSERT_EQ(selection["selected"].size(), 1u);
  EXPECT_EQ(selection["selected"][0]["k"], c["budget_pair"]["k"]);
  EXPECT_EQ(selection["selected"][0]["nu2"], c["budget_pair"]["nu2"]);
  const auto at = run_json(small_bound({"bound", "--q", "0.02", "--sigma", number(sigma), "--steps", "1000", "--json"}));
  EXPECT_GE(at["rho_star"].get<double>(), target);
  const auto below = run_json(small_bound({"bound", "--q", "0.02", "--sigma", number(sigma * 0.997),
                                           "--steps", "1000", "--json"}));
  EXPECT_LT(below["rho_star"].get<double>(), target);
}

TEST(CalibrateCli, UnreachableTargetRhoIsAnError) {
  expect_one_line_error(small_bound({"calibrate", "--target-rho", "1", "--q", "0.02", "--steps", "1000"}),
                        "out of reach");
}

// The spectrum: σ falls and ρ* does not rise with ε, each row agrees with `calibrate` and
// with a `bound` run at the same γ, and the figure is well-formed SVG with the tiers and curves.
TEST(SpectrumCli, TableJsonAndFigureAgreeWithCalibrateAndBound) {
  TempDir dir;
  const std::string svg = dir.path("spectrum.svg");
  const auto j = run_json(small_bound({"spectrum", "--epsilons", "8,2", "--q", "0.02", "--steps", "1000", "--delta",
                                       "1e-5", "--representation", "pixel", "--representation", "downsample:2",
                                       "--sigma-tolerance", "1e-2", "--svg", svg, "--json"}));
  ASSERT_EQ(j["calibrations"].size(), 2u);
  ASSERT_EQ(j["representations"].size(), 2u);
  const auto& cal = j["calibrations"];
  EXPECT_EQ(cal[0]["target_epsilon"], 2.0);  // sorted ascending
  EXPECT_GT(cal[0]["sigma"].get<double>(), cal[1]["sigma"].get<double>());
  for (const auto& rep : j["representations"]) {
    const auto& points = rep["points"];
    ASSERT_EQ(points.size(), 2u);
    EXPECT_GE(points[0]["rho_star"].get<double>(), points[1]["rho_star"].get<double>());
  }
  const auto c = run_json({"calibrate", "--target-epsilon", "8", "--q", "0.02", "--steps", "1000", "--delta", "1e-5",
                           "--sigma-tolerance", "1e-2", "--json"});
  EXPECT_EQ(c["sigma"].get<double>(), cal[1]["sigma"].get<double>());
  // `bound` with the spectrum's γ list has the same goals, so the pilot certifies the same pairs
  // (mathematics §6.6: the union over goals) and every row's ρ* agrees.
  const auto b = run_json(small_bound({"bound", "--gamma",
                                       number(cal[0]["gamma_bits"].get<double>()) + "," +
                                           number(cal[1]["gamma_bits"].get<double>()),
                                       "--json"}));
  ASSERT_EQ(b["results"].size(), 2u);
  for (std::size_t i = 0; i < 2; ++i) {
    EXPECT_NEAR(b["results"][i]["rho_star"].get<double>(),
                j["representations"][0]["points"][i]["rho_star"].get<double>(), 1e-12)
        << i;
  }

  std::ifstream in(svg);
  std::stringstream text;
  text << in.rdbuf();
  for (const char* needle : {">strong<", ">moderate<", ">weak<", ">ε ≤ 1<", ">1 &lt; ε ≤ 10<", ">ε &gt; 10<", "privacy budget ε",
                             "certified reconstruction error ρ*", ">pixel<", ">downsample:2<", "<polyline"}) {
    EXPECT_NE(text.str().find(needle), std::string::npos) << needle;
  }
  const auto parsed = reconbound::test::run_program(
      "/usr/bin/python3", {"-c", "import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])", svg});
  EXPECT_EQ(parsed.exit_code, 0) << parsed.err;
}

}  // namespace
