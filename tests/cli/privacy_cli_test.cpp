// `reconbound epsilon`, `calibrate` and `spectrum` end to end (SPEC §8): published ε values,
// schedule files, the calibrate ∘ epsilon round trip, calibrate --target-rho against an
// independent `bound` run, the spectrum's table, JSON and SVG, and bad input as one line
// on stderr with exit code 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

#include "cli_runner.hpp"

using reconbound::test::mnist;
using reconbound::test::run_cli;
using reconbound::test::TempDir;

namespace {

// A small MNIST bound: D⊥ = 0:1000, D_est = 1000:1400, grid {4, 8} × {0.4, 1.6} (block sizes
// that divide both 784 and the 200 of downsample:2, padded).
std::vector<std::string> small_bound(std::vector<std::string> args) {
  args.insert(args.end(), {"--data", mnist(), "--perp-range", "0:1000", "--est-range", "1000:1400", "--grid-k",
                           "4,8", "--grid-nu2", "0.4,1.6", "--threads", "2", "--quiet"});
  return args;
}

// A double on the command line with every digit (round-trips exactly).
std::string number(double x) { return nlohmann::json(x).dump(); }

nlohmann::json run_json(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
}

void expect_one_line_error(const std::vector<std::string>& args, const std::string& needle) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
}

// Published ε (issue 6: a pessimistic PLD accountant at discretisation 2e-5, converged to
// the digits shown): the CLI's error bar must contain it.
TEST(EpsilonCli, ErrorBarContainsThePublishedValue) {
  const auto j = run_json({"epsilon", "--q", "0.04", "--sigma", "1.5", "--steps", "2250", "--delta", "1e-5", "--json"});
  EXPECT_LE(j["epsilon_lower"].get<double>(), 6.76878);
  EXPECT_GE(j["epsilon_upper"].get<double>(), 6.76878);
  EXPECT_EQ(j["relation"], "add/remove");
  const auto table = run_cli({"epsilon", "--q", "0.04", "--sigma", "1.5", "--steps", "2250", "--delta", "1e-5"});
  EXPECT_NE(table.out.find("add/remove"), std::string::npos) << table.out;
}

// δ = n^−1.1 (SPEC §8) is the same as the explicit δ.
TEST(EpsilonCli, DeltaExponentIsNToTheMinusExponent) {
  const auto a = run_json({"epsilon", "--q", "0.02", "--sigma", "1.1", "--steps", "500", "--delta-exponent", "1.1",
                           "--n-train", "50000", "--json"});
  EXPECT_DOUBLE_EQ(a["delta"].get<double>(), std::pow(50000.0, -1.1));
}

// Composition does not care how steps are grouped: two runs of T steps in two files, one
// file of two segments, and one constant run of 2T steps have the same ε.
TEST(EpsilonCli, ScheduleFilesComposeLikeOneLongRun) {
  TempDir dir;
  const std::string run = dir.write("run.csv", "# q,sigma,steps\nq,sigma,steps\n0.01,0.9,300\n");
  const std::string split = dir.write("split.csv", "0.01,0.9,100\n0.01,0.9,500\n");
  const auto constant = run_json({"epsilon", "--q", "0.01", "--sigma", "0.9", "--steps", "600", "--delta", "1e-6", "--json"});
  const auto two_runs = run_json({"epsilon", "--schedule", run, "--schedule", run, "--delta", "1e-6", "--json"});
  const auto segments = run_json({"epsilon", "--schedule", split, "--delta", "1e-6", "--json"});
  for (const auto* other : {&two_runs, &segments}) {
    EXPECT_NEAR((*other)["epsilon"].get<double>(), constant["epsilon"].get<double>(), 1e-6);
    EXPECT_NEAR((*other)["epsilon_upper"].get<double>(), constant["epsilon_upper"].get<double>(), 1e-6);
  }
  EXPECT_EQ(two_runs["segments"].size(), 2u);
  EXPECT_EQ(two_runs["segments"][1]["run"], 2);
}

// The example schedules of the README parse, and charging the search as a second run can
// only raise ε (composition); calibrating their shape scales every σ by one factor that
// brings ε back under the target.
TEST(EpsilonCli, ExampleSchedulesCompose) {
  const std::string dir = std::string(std::getenv("RECONBOUND_SOURCE_DIR")) + "/examples/schedules/";
  const auto training = run_json({"epsilon", "--schedule", dir + "warmup.csv", "--delta", "1e-5", "--json"});
  const auto both = run_json({"epsilon", "--schedule", dir + "warmup.csv", "--schedule", dir + "search.csv",
                              "--delta", "1e-5", "--json"});
  EXPECT_GT(both["epsilon_lower"].get<double>(), training["epsilon_upper"].get<double>());
  EXPECT_EQ(both["segments"].size(), 5u);
  const auto c = run_json({"calibrate", "--target-epsilon", "8", "--schedule", dir + "warmup.csv", "--schedule",
                           dir + "search.csv", "--delta", "1e-5", "--sigma-tolerance", "1e-2", "--json"});
  EXPECT_GT(c["sigma"].get<double>(), 1.0);  // ε > 8 as given, so more noise is needed
  EXPECT_LE(c["epsilon_upper"].get<double>(), 8.0);
}

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
// with a `bound` run at its σ, and the figure is well-formed SVG with the tiers and curves.
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
  const auto b = run_json(small_bound({"bound", "--gamma", number(cal[1]["gamma_bits"].get<double>()), "--json"}));
  EXPECT_NEAR(b["rho_star"].get<double>(), j["representations"][0]["points"][1]["rho_star"].get<double>(), 1e-12);

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

TEST(PrivacyCli, BadInputIsOneLineAndExitCodeTwo) {
  expect_one_line_error({"epsilon", "--q", "0.01", "--sigma", "1", "--steps", "10"}, "no delta");
  expect_one_line_error({"epsilon", "--q", "0.01", "--sigma", "1", "--steps", "10", "--delta", "2"}, "--delta 2");
  expect_one_line_error({"epsilon", "--q", "0.01", "--steps", "10", "--delta", "1e-5"}, "go together");
  expect_one_line_error({"epsilon", "--schedule", "/nonexistent/run.csv", "--delta", "1e-5"}, "/nonexistent/run.csv");
  expect_one_line_error({"calibrate", "--q", "0.01", "--steps", "10", "--delta", "1e-5"}, "exactly one of");
  expect_one_line_error({"calibrate", "--target-epsilon", "1", "--target-rho", "0.5", "--q", "0.01", "--steps", "10",
                         "--delta", "1e-5"}, "exactly one of");
  expect_one_line_error({"calibrate", "--target-rho", "1.5", "--q", "0.01", "--steps", "10"}, "--target-rho 1.5");
  expect_one_line_error({"calibrate", "--target-epsilon", "1", "--q", "0.01", "--steps", "10"}, "needs a delta");
  expect_one_line_error({"calibrate", "--target-epsilon", "1", "--q", "0.01", "--delta", "1e-5"}, "go together");
  expect_one_line_error({"calibrate", "--target-epsilon", "1", "--q", "1.5", "--steps", "10", "--delta", "1e-5"},
                        "outside (0, 1]");
  expect_one_line_error({"spectrum", "--epsilons", "0,2", "--q", "0.01", "--steps", "10", "--delta", "1e-5"},
                        "--epsilons");
  expect_one_line_error({"spectrum", "--epsilons", "1,2", "--q", "0.01", "--steps", "10"}, "no delta");
  expect_one_line_error({"bound", "--gamma", "1", "--representation", "pixel", "--representation", "dct:8"},
                        "takes one --representation");
}

}  // namespace
