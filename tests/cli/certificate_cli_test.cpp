// What `bound`, `calibrate --target-rho` and `spectrum` say they certify (mathematics §6.8): the
// sentence matches the normaliser, the JSON's certificate adds up to the α asked for, and
// `spectrum --joint` splits α over the representations.
#include <gtest/gtest.h>

#include <cmath>

#include <nlohmann/json.hpp>

#include "cli_runner.hpp"

using reconbound::test::fashion_mnist_t10k;
using reconbound::test::run_cli;

namespace {

std::vector<std::string> small_bound(const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"bound", "--data", fashion_mnist_t10k(), "--perp-range", "0:400",
                                   "--est-range", "400:800", "--gamma", "1", "--grid-k", "4,16",
                                   "--grid-nu2", "0.4,1.6", "--threads", "2", "--quiet"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

double shares(const nlohmann::json& certificate) {
  double sum = 0.0;
  for (const auto& i : certificate["ingredients"]) sum += i["alpha"].get<double>();
  return sum;
}

TEST(CertificateCli, TheDefaultCertifiesRhoStarAtOneMinusAlpha) {
  const auto text = run_cli(small_bound({}));
  ASSERT_EQ(text.exit_code, 0) << text.err;
  EXPECT_NE(text.out.find("With probability >= 95% over the data sample and the Monte Carlo draws, every "
                          "attack's RMSE in Psi is at least"), std::string::npos) << text.out;
  EXPECT_NE(text.out.find("certificate     rho_star at level 0.95"), std::string::npos) << text.out;

  const auto json = run_cli(small_bound({"--json", "--alpha", "0.1", "--normaliser-alpha-share", "0.5"}));
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto j = nlohmann::json::parse(json.out);
  const auto& c = j["certificate"];
  EXPECT_EQ(c["certifies"], "rho_star");
  EXPECT_NEAR(c["level"].get<double>(), 0.9, 1e-15);
  EXPECT_NEAR(shares(c), 0.1, 1e-15);
  EXPECT_EQ(c["union_size"], j["grid"].size());
  for (const auto& i : c["ingredients"]) {
    if (i["name"] == "normaliser") {
      EXPECT_NEAR(i["alpha"].get<double>(), 0.05, 1e-15);
    } else if (i["name"] == "sampling" || i["name"] == "monte_carlo") {
      EXPECT_NEAR(i["alpha"].get<double>(), 0.025, 1e-15);
    }
  }
  // Mathematics §6.9: the features' rounding is charged, and the headline is lowered by it.
  bool residue = false;
  for (const auto& i : c["ingredients"]) {
    if (i["name"] != "residue") continue;
    residue = true;
    EXPECT_EQ(i["treatment"], "numerical, bound added");
    EXPECT_NE(i["detail"].get<std::string>().find("moves a record by at most"), std::string::npos) << i;
  }
  EXPECT_TRUE(residue) << c;
  EXPECT_LT(j["rho_star"].get<double>(),
            std::sqrt(j["abs_bound"].get<double>() / j["normaliser_value"].get<double>()) * (1 + 1e-15));
  EXPECT_EQ(j["normaliser_value"], j["trace_sigma_ucb"]);
  EXPECT_NEAR(j["trace_sigma_ucb_alpha"].get<double>(), 0.05, 1e-15);
  EXPECT_GT(j["normaliser_value"].get<double>(), j["trace_sigma"].get<double>());
  EXPECT_EQ(c["statement"].get<std::string>().rfind("With probability >= 90%", 0), 0u) << c["statement"];
}

TEST(CertificateCli, ThePointNormaliserClaimsNoProbabilityForRhoStar) {
  const auto r = run_cli(small_bound({"--normaliser", "sample"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("every attack's mean squared error in Psi is at least"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("divides it by the point estimate tr Sigma-hat and is not certified"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("RMSE in Psi is at least"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("(alpha = 0.005); normaliser"), std::string::npos) << "the UCB's own alpha, only reported";
  EXPECT_NE(r.out.find("certificate     abs_bound at level 0.95"), std::string::npos) << r.out;
}

TEST(CertificateCli, SpectrumSaysWhetherItsLevelsAreJoint) {
  const std::vector<std::string> common = {"spectrum", "--epsilons", "8", "--q", "0.0170667", "--steps", "586",
                                           "--delta", "1e-5", "--data", fashion_mnist_t10k(), "--perp-range",
                                           "0:300", "--est-range", "300:600", "--grid-k", "4", "--grid-nu2",
                                           "0.4,1.6", "--representation", "pixel", "--representation",
                                           "downsample:2", "--threads", "2", "--quiet", "--svg"};
  reconbound::test::TempDir dir;
  auto separate = common;
  separate.push_back(dir.path("a.svg"));
  auto joint = common;
  joint.insert(joint.end(), {dir.path("b.svg"), "--json", "--joint"});
  const auto text = run_cli(separate);
  ASSERT_EQ(text.exit_code, 0) << text.err;
  const std::string per_curve = "Every rho* of this table holds, all rows at once, with probability >= 95% over the "
                                "data sample and the Monte Carlo draws (this representation).";
  const auto first = text.out.find(per_curve);
  ASSERT_NE(first, std::string::npos) << text.out;
  EXPECT_NE(text.out.find(per_curve, first + 1), std::string::npos) << "one sentence per representation";
  EXPECT_NE(text.out.find("The levels are per representation; --joint makes them hold for all representations at once."),
            std::string::npos) << text.out;

  const auto json = run_cli(joint);
  ASSERT_EQ(json.exit_code, 0) << json.err;
  const auto together = nlohmann::json::parse(json.out);
  EXPECT_EQ(together["certificate_levels"], "joint");
  EXPECT_NEAR(together["joint_level"].get<double>(), 0.95, 1e-15);  // the joint level is stated, not only 97.5 %
  ASSERT_EQ(together["representations"].size(), 2u);
  double joint_alpha = 0.0;
  for (const auto& curve : together["representations"]) {
    EXPECT_NEAR(shares(curve["certificate"]), 0.025, 1e-15);
    EXPECT_NE(curve["certificate"]["statement"].get<std::string>().find(
                  "joint over 2 representations (alpha/2 each; all 2 curves hold together with probability >= 95%)"),
              std::string::npos) << curve["certificate"]["statement"];
    joint_alpha += shares(curve["certificate"]);
  }
  EXPECT_NEAR(joint_alpha, 0.05, 1e-15);  // the union over the two curves
}

}  // namespace

// Mathematics §7: the certificate records how D⊥ and D_est were chosen; ranges of a file make it an
// assumption, said once on stderr; a seeded random split is exchangeable by construction.
TEST(CertificateCli, TheCertificateSaysHowTheSetsWereChosen) {
  const auto split_of = [](const nlohmann::json& j) {
    for (const auto& i : j["certificate"]["ingredients"]) {
      if (i["name"] == "split") return i;
    }
    return nlohmann::json();
  };
  const auto ranges = run_cli(small_bound({"--json"}));
  ASSERT_EQ(ranges.exit_code, 0) << ranges.err;
  const nlohmann::json assumed = split_of(nlohmann::json::parse(ranges.out));
  EXPECT_EQ(assumed["treatment"], "assumed");
  EXPECT_EQ(assumed["detail"], "explicit sets: D_perp = records 0:400, D_est = records 400:800, not a random split: "
                               "assumes D_est is an i.i.d. sample independent of D_perp (mathematics §7)");
  const std::string note = "note: D_perp and D_est were not drawn at random (explicit sets: D_perp = records 0:400, "
                           "D_est = records 400:800): the certificate assumes D_est is an i.i.d. sample independent "
                           "of D_perp (mathematics §7)\n";
  EXPECT_NE(ranges.err.find(note), std::string::npos) << ranges.err;
  EXPECT_EQ(ranges.err.find("note: D_perp"), ranges.err.rfind("note: D_perp")) << "said once";

  const auto random = run_cli({"bound", "--data", fashion_mnist_t10k(), "--perp", "400", "--est", "400", "--seed",
                               "3", "--gamma", "1", "--grid-k", "4", "--grid-nu2", "0.4", "--quiet", "--json"});
  ASSERT_EQ(random.exit_code, 0) << random.err;
  const nlohmann::json exchangeable = split_of(nlohmann::json::parse(random.out));
  EXPECT_EQ(exchangeable["treatment"], "exchangeable by construction");
  EXPECT_EQ(exchangeable["detail"].get<std::string>().rfind("random split of 10000 records, seed 3: ", 0), 0u)
      << exchangeable;
  EXPECT_EQ(random.err.find("note: D_perp"), std::string::npos) << random.err;
}
