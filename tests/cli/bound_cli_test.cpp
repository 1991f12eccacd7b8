// `reconbound bound` end to end on the 10,000 Fashion-MNIST test images: the JSON contract,
// the laws of ρ*, and every bad input as one line on stderr with exit code 2.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using reconbound::test::fashion_mnist_t10k;
using reconbound::test::npy_float64;
using reconbound::test::run_cli;
using reconbound::test::TempDir;

namespace {

TEST(BoundCli, JsonHasTheDocumentedFieldsAndObeysTheLaws) {
  const auto r = run_cli({"bound", "--data", fashion_mnist_t10k(), "--perp-range", "0:1000", "--est-range",
                          "1000:1400", "--gamma", "0,0.5,2,8", "--grid-k", "4,16", "--grid-nu2", "0.4,1.6", "--json",
                          "--threads", "2"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"rho_star", "k_star", "nu2_star", "abs_bound", "rho_point", "trace_sigma",
                          "trace_sigma_ucb", "alpha", "n_est", "n_perp", "m", "seed", "results", "grid"}) {
    EXPECT_TRUE(j.contains(key)) << key;
  }
  EXPECT_EQ(j["m"], 784);
  EXPECT_EQ(j["n_perp"], 1000);
  EXPECT_EQ(j["n_est"], 400);
  ASSERT_EQ(j["grid"].size(), 4u);
  for (const auto& g : j["grid"]) {
    for (const char* key : {"k", "nu2", "s", "h_mc", "t_mc", "t_md", "h_lb"}) EXPECT_TRUE(g.contains(key)) << key;
    // h_lb = h_mc − t_mc − t_md − t_num (mathematics §6.4)
    EXPECT_NEAR(g["h_lb"].get<double>(),
                g["h_mc"].get<double>() - g["t_mc"].get<double>() - g["t_md"].get<double>() -
                    g["t_num"].get<double>(), 1e-9);
    // s = ν·sqrt(tr Σ̂ / k) (mathematics §5)
    EXPECT_NEAR(g["s"].get<double>(),
                std::sqrt(g["nu2"].get<double>() * j["trace_sigma"].get<double>() / g["k"].get<double>()),
                1e-9 * g["s"].get<double>());
  }
  EXPECT_GE(j["trace_sigma_ucb"].get<double>(), j["trace_sigma"].get<double>());
  const auto& results = j["results"];
  ASSERT_EQ(results.size(), 4u);
  double previous = 2.0;
  for (const auto& res : results) {
    const double rho = res["rho_star"];
    EXPECT_LE(rho, 1.0);
    EXPECT_GE(rho, 0.0);
    EXPECT_LE(rho, previous) << "rho* must not grow with gamma";
    EXPECT_GE(res["rho_point"].get<double>(), rho) << "the point estimate drops the margins";
    previous = rho;
  }
  EXPECT_EQ(j["rho_star"], results[0]["rho_star"]);
}

// mathematics §6.6: the pilot on D⊥ certifies one pair per γ; `grid` lists only the certified pairs,
// `grid_selection` the prediction for every candidate; `none` certifies the whole grid.
TEST(BoundCli, GridSelectionIsReportedAndOneFlagAway) {
  const std::vector<std::string> common = {"bound", "--data", fashion_mnist_t10k(), "--perp-range", "0:800",
                                           "--est-range", "800:1400", "--gamma", "1.5",
                                           "--grid-k", "4,16", "--grid-nu2", "0.4,1.6",
                                           "--json", "--quiet"};
  auto none = common;
  none.insert(none.end(), {"--grid-select", "none"});
  const auto a = run_cli(common);
  const auto b = run_cli(none);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  const auto pilot = nlohmann::json::parse(a.out);
  const auto whole = nlohmann::json::parse(b.out);
  const auto& sel = pilot["grid_selection"];
  EXPECT_EQ(sel["method"], "pilot");
  EXPECT_EQ(sel["candidates"], 4);
  EXPECT_EQ(sel["certified"], 1);
  // n_p = min(|D⊥|, n_est/2): the screen on n_p/8, n_p/4, n_p/2, the refinement on n_p.
  EXPECT_EQ(sel["pilot_sizes"], nlohmann::json({37, 75, 150, 300}));
  EXPECT_EQ(sel["pilot_contenders"], 4) << "eight per goal, at most the grid";
  ASSERT_EQ(sel["predictions"].size(), 4u);
  ASSERT_EQ(pilot["grid"].size(), 1u);
  std::size_t selected = 0;
  for (const auto& p : sel["predictions"]) {
    ASSERT_EQ(p["h_pilot"].size(), 3u);
    EXPECT_EQ(p["pilot_sizes"], nlohmann::json({75, 150, 300})) << "every pair refined";
    EXPECT_TRUE(p["refined"].get<bool>());
    ASSERT_EQ(p["rho_predicted"].size(), 1u);
    EXPECT_NEAR(p["h_lb_predicted"].get<double>(),
                p["h_predicted"].get<double>() - p["t_mc"].get<double>() - p["t_md"].get<double>(), 1e-9);
    if (p["selected"].get<bool>()) {
      ++selected;
      EXPECT_EQ(p["k"], pilot["grid"][0]["k"]);
      EXPECT_EQ(p["nu2"], pilot["grid"][0]["nu2"]);
      // The selected pair has the largest predicted ρ* of the four.
      for (const auto& q : sel["predictions"]) {
        EXPECT_GE(p["rho_predicted"][0].get<double>(), q["rho_predicted"][0].get<double>());
      }
    }
  }
  EXPECT_EQ(selected, 1u);
  // The margins of one certified pair are those of |G'| = 1, smaller than the whole grid's.
  EXPECT_LT(pilot["grid"][0]["t_md"].get<double>(), whole["grid"][0]["t_md"].get<double>());
  EXPECT_EQ(whole["grid_selection"]["method"], "none");
  EXPECT_EQ(whole["grid"].size(), 4u);
  EXPECT_EQ(whole["grid_selection"]["certified"], 4);
}

// --select-only stops after the pilot; every goal is served by a certified pair whose
// predicted ρ* is within the sharing tolerance (0.003) of that goal's best prediction.
TEST(BoundCli, SelectOnlyPreviewsASelectionThatServesEveryGoal) {
  const auto r = run_cli({"bound", "--data", fashion_mnist_t10k(), "--perp-range", "0:600", "--est-range",
                          "600:2600", "--gamma", "0.05,0.5,2,6", "--grid-k", "4,8,16", "--grid-nu2", "0.2,0.8,3.2",
                          "--select-only", "--json", "--quiet"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["results"].empty());
  EXPECT_TRUE(j["grid"].empty());
  EXPECT_TRUE(j["certificate"].is_null()) << "a preview certifies nothing";
  const auto& sel = j["grid_selection"];
  ASSERT_EQ(sel["method"], "pilot");
  EXPECT_EQ(sel["pilot_sizes"], nlohmann::json({75, 150, 300, 600}));
  const auto& predictions = sel["predictions"];
  ASSERT_EQ(predictions.size(), 9u);
  EXPECT_GE(sel["certified"].get<int>(), 1);
  EXPECT_LE(sel["certified"].get<int>(), 4);
  for (std::size_t g = 0; g < 4; ++g) {
    double best = 0.0, served = -1.0;
    for (const auto& p : predictions) {
      const double rho = p["rho_predicted"][g];
      // Only refined pairs compete; the others keep the screen's prediction (n_p/8 … n_p/2).
      if (!p["refined"].get<bool>()) {
        EXPECT_EQ(p["pilot_sizes"], nlohmann::json({75, 150, 300}));
        continue;
      }
      EXPECT_EQ(p["pilot_sizes"], nlohmann::json({150, 300, 600}));
      best = std::max(best, rho);
      if (p["selected"].get<bool>()) served = std::max(served, rho);
    }
    EXPECT_GE(served, best - 0.003 - 1e-12) << "goal " << g;
  }
}

TEST(BoundCli, ScheduleGivesTheSameBoundAsItsGamma) {
  const std::vector<std::string> common = {"bound", "--data", fashion_mnist_t10k(), "--perp-range", "0:800",
                                           "--est-range", "800:1000", "--grid-k", "16",
                                           "--grid-nu2", "1.6", "--json", "--quiet"};
  auto with_schedule = common;
  for (const char* a : {"--q", "1", "--sigma", "1", "--steps", "2"}) with_schedule.emplace_back(a);
  auto with_gamma = common;
  with_gamma.emplace_back("--gamma");
  with_gamma.emplace_back("1.4426950408889634");  // 2 · K(1,1)/ln 2 = 1/ln 2
  const auto a = run_cli(with_schedule);
  const auto b = run_cli(with_gamma);
  ASSERT_EQ(a.exit_code, 0) << a.err;
  ASSERT_EQ(b.exit_code, 0) << b.err;
  EXPECT_NEAR(nlohmann::json::parse(a.out)["rho_star"].get<double>(),
              nlohmann::json::parse(b.out)["rho_star"].get<double>(), 1e-12);
}

TEST(BoundCli, BadInputsExitTwoWithOneLine) {
  const TempDir dir;
  std::vector<double> with_nan(6 * 4, 10.0);
  with_nan[7] = std::nan("");
  const auto nan_npy = dir.write("nan.npy", npy_float64({6, 2, 2}, with_nan));
  const auto clean_npy = dir.write("clean.npy", npy_float64({6, 2, 2}, std::vector<double>(24, 3.0)));
  const auto five_d = dir.write("five.npy", npy_float64({1, 1, 1, 1, 2}, {1.0, 2.0}));
  const auto truncated = dir.write("trunc.idx", std::string("\0\0\x08\x03\0\0\0\x0a\0\0\0\x1c\0\0\0\x1c\x01\x02", 18));
  const auto perp_file = dir.write("perp.txt", "0 1 2 3\n");
  const auto est_file = dir.write("est.txt", "3 4 5\n");
  const std::string m = fashion_mnist_t10k();
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "50:150", "--gamma", "1"}, "overlap"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:100", "--gamma", "1"}, "a < b"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:200", "--gamma", "1", "--grid-k", "5"},
       "k = 5 does not divide m = 784"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:20000", "--gamma", "1"}, "10000"},
      {{"bound", "--data", m, "--perp", "9000", "--est", "2000", "--gamma", "1"}, "10000"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:200", "--gamma", "-1"}, "gamma"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:200"}, "no leakage"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:200", "--q", "1.5", "--sigma", "1",
        "--steps", "1"}, "outside (0, 1]"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:200", "--q", "0.1", "--sigma", "0",
        "--steps", "1"}, "must be > 0"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:200", "--gamma", "1", "--alpha", "1.5"},
       "alpha"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:200", "--gamma", "1",
        "--representation", "nonexistent"}, "no representation plugin named 'nonexistent'"},
      {{"bound", "--data", "npy:" + nan_npy, "--perp-range", "0:3", "--est-range", "3:6", "--gamma", "1"}, "NaN"},
      {{"bound", "--data", "npy:" + five_d, "--perp-range", "0:1", "--est-range", "1:2", "--gamma", "1"}, "dimension"},
      {{"bound", "--data", "idx:" + truncated, "--perp-range", "0:3", "--est-range", "3:6", "--gamma", "1"}, "trunc"},
      {{"bound", "--data", "idx:" + dir.path("absent.gz"), "--perp-range", "0:3", "--est-range", "3:6", "--gamma", "1"},
       "absent.gz"},
      {{"bound", "--data", "npy:" + clean_npy, "--perp-indices", perp_file, "--est-indices", est_file, "--gamma", "1"},
       "overlap"},
      {{"bound", "--data", "mystery:thing", "--gamma", "1"}, "mystery"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:200", "--gamma", "1",
        "--grid-select", "best"}, "--grid-select"},
      {{"bound", "--data", m, "--perp-range", "0:100", "--est-range", "100:200", "--gamma", "1",
        "--grid-select-pairs", "0"}, "--grid-select-pairs"},
      {{"spectrum", "--data", m, "--perp-range", "0:100", "--est-range", "100:200", "--q", "0.02",
        "--steps", "100", "--delta", "1e-5", "--select-only"}, "--select-only"},
  };
  for (const auto& [args, expected] : cases) {
    const auto r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << expected << ": " << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    std::string lower = r.err;
    std::transform(lower.begin(), lower.end(), lower.begin(), ::tolower);
    std::string want = expected;
    std::transform(want.begin(), want.end(), want.begin(), ::tolower);
    EXPECT_NE(lower.find(want), std::string::npos) << "stderr: " << r.err << "expected: " << expected;
  }
}

}  // namespace
