// The certificate of a bound (mathematics §6.8): one α split over its random events, the tr Σ
// UCB at its own share, γ charged with the mechanism's error bound, and the sentence that says
// exactly what is certified. Each deliberate break of the accounting fails one of these: the UCB
// at the full α, the error bound dropped, shares summing above α.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>
#include <string>

#include "reconbound/bound_frame.hpp"
#include "reconbound/certificate.hpp"
#include "reconbound/error.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/trace_sigma.hpp"
#include "reconbound/verify/reference_converse.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/bound_settings.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/json.hpp"
#include "workflow_support.hpp"

using namespace reconbound;
using reconbound::test::workflow_registry;

namespace {

const CertificateIngredient& ingredient(const Certificate& c, const std::string& name) {
  const auto it = std::find_if(c.ingredients.begin(), c.ingredients.end(),
                               [&](const CertificateIngredient& i) { return i.name == name; });
  EXPECT_NE(it, c.ingredients.end()) << name;
  return *it;
}

double shares_sum(const Certificate& c) {
  return std::accumulate(c.ingredients.begin(), c.ingredients.end(), 0.0,
                         [](double sum, const CertificateIngredient& i) { return sum + i.alpha; });
}

TEST(CertificateWorkflow, TheSharesSumToAlphaAndTheUcbUsesItsOwnShare) {
  workflow::BoundRequest request = test::small_bound_request();
  request.gammas = {1.0};
  request.bound.alpha = 0.1;
  const workflow::BoundOutput out = workflow::run_bound(workflow_registry(), request);
  const Certificate& c = out.certificate;
  const AlphaShares& a = out.report.alpha_shares;
  EXPECT_EQ(c.certifies, "rho_star");
  EXPECT_EQ(c.normaliser, "ucb");
  EXPECT_NEAR(a.normaliser, kDefaultNormaliserAlphaFraction * 0.1, 1e-15);
  EXPECT_NEAR(a.monte_carlo, a.sampling, 1e-15);
  EXPECT_NEAR(a.total(), 0.1, 1e-15);
  EXPECT_NEAR(shares_sum(c), 0.1, 1e-15);  // nothing random outside α
  EXPECT_NEAR(c.level, 0.9, 1e-15);
  EXPECT_EQ(ingredient(c, "normaliser").alpha, a.normaliser);
  EXPECT_EQ(ingredient(c, "monte_carlo").alpha, a.monte_carlo);
  EXPECT_EQ(ingredient(c, "sampling").alpha, a.sampling);
  EXPECT_EQ(ingredient(c, "leakage").treatment, "exact");  // γ given
  EXPECT_EQ(c.union_size, out.report.entropies.size());
  // The normaliser is the UCB at α_T, recomputed from the represented splits (pixels).
  BoundConfig config = workflow::with_representation(request.bound, request.representation);
  const workflow::SplitData data = workflow::load_split_data(request.data);
  const BoundFrame frame = make_bound_frame(workflow_registry(), data.bound_data(), config);
  const TraceSigma expected = trace_sigma_with_ucb(frame.perp_features, frame.est_features,
                                                   frame.info.max_squared_distance, a.normaliser);
  EXPECT_EQ(out.report.trace_sigma_ucb, expected.ucb);
  EXPECT_EQ(out.report.normaliser, expected.ucb);
  EXPECT_GT(out.report.normaliser, out.report.trace_sigma);
  // The entropy margins use the rest: α₁ = α₂ = (1 − f)·α/2 (eq 34–35 through the estimator).
  for (const GridEntropy& e : out.report.entropies) {
    const verify::ReferenceValue rho =
        verify::reference_converse(e.pair.k, e.s, e.h_lb, 1.0, out.report.normaliser).rho;
    EXPECT_LE(rho.value, out.report.results[0].converse.rho_star + 1e-9);
  }
  const nlohmann::json json = workflow::to_json(out);
  EXPECT_EQ(json["certificate"]["certifies"], "rho_star");
  EXPECT_DOUBLE_EQ(json["certificate"]["level"].get<double>(), 0.9);
  EXPECT_NE(json["certificate"]["statement"].get<std::string>().find("With probability >= 90%"), std::string::npos)
      << json["certificate"]["statement"];
}

TEST(CertificateWorkflow, ThePointNormaliserCertifiesOnlyTheAbsoluteBound) {
  workflow::BoundRequest request = test::small_bound_request();
  request.gammas = {1.0};
  request.bound.normaliser = Normaliser::sample;
  const workflow::BoundOutput out = workflow::run_bound(workflow_registry(), request);
  const Certificate& c = out.certificate;
  EXPECT_EQ(c.certifies, "abs_bound");
  EXPECT_EQ(out.report.normaliser, out.report.trace_sigma);
  EXPECT_EQ(out.report.alpha_shares.normaliser, 0.0);
  EXPECT_NEAR(out.report.alpha_shares.entropy(), 0.05, 1e-15);  // the paper's split: all α to the entropy
  EXPECT_EQ(ingredient(c, "normaliser").treatment, "point estimate");
  const std::string sentence = certificate_sentence(c, out.report, out.report.results[0]);
  EXPECT_NE(sentence.find("mean squared error"), std::string::npos) << sentence;
  EXPECT_NE(sentence.find("is not certified"), std::string::npos) << sentence;
  EXPECT_EQ(sentence.find("of the prior's"), std::string::npos) << sentence;
}

TEST(CertificateWorkflow, TheMechanismsErrorBoundIsChargedAndSaid) {
  workflow::BoundRequest request = test::small_bound_request();
  request.mechanism = test::noisy_double(8, 4.0);
  request.mechanism.params.set("abs_error", 0.75);
  const workflow::BoundOutput with_error = workflow::run_bound(workflow_registry(), request);
  const double gamma = test::noisy_gamma_bits(8, 4.0);
  ASSERT_EQ(with_error.report.results.size(), 1u);
  EXPECT_DOUBLE_EQ(with_error.report.results[0].gamma_bits, gamma);
  EXPECT_EQ(with_error.report.results[0].gamma_error_bits, 0.75);
  EXPECT_EQ(ingredient(with_error.certificate, "leakage").treatment, "numerical, bound added");
  // The same bound with γ + error given as exact: the same ρ*, and below the bound at γ alone.
  workflow::BoundRequest given = test::small_bound_request();
  given.gammas = {gamma + 0.75, gamma};
  const workflow::BoundOutput reference = workflow::run_bound(workflow_registry(), given);
  EXPECT_EQ(with_error.report.results[0].converse.rho_star, reference.report.results[0].converse.rho_star);
  EXPECT_LT(with_error.report.results[0].converse.rho_star, reference.report.results[1].converse.rho_star);

  request.mechanism = test::noisy_double(8, 4.0);  // reports no error bound
  const workflow::BoundOutput exact = workflow::run_bound(workflow_registry(), request);
  const CertificateIngredient& leakage = ingredient(exact.certificate, "leakage");
  EXPECT_EQ(leakage.treatment, "exact");
  EXPECT_NE(leakage.detail.find("reports no numerical error bound"), std::string::npos) << leakage.detail;
}

TEST(CertificateWorkflow, CalibrationForRhoChargesTheErrorBound) {
  workflow::CalibrateRhoRequest request;
  request.mechanism = test::noisy_double(8, 1.0);
  request.mechanism.params.set("abs_error", 0.5);
  request.target_rho = 0.3;
  request.data = test::t10k_ranges(0, 200, 400);
  request.representation = presets::kPaperRepresentation;
  request.bound = test::small_bound_config();
  const workflow::CalibrateRhoOutput out = workflow::run_calibrate_rho(workflow_registry(), request);
  EXPECT_EQ(out.gamma_error_bits, 0.5);
  EXPECT_LE(out.gamma_bits + out.gamma_error_bits, out.budget.gamma_bits);
  EXPECT_GE(out.result.converse.rho_star, 0.3);
  EXPECT_EQ(out.certificate.certifies, "rho_star");
  EXPECT_EQ(ingredient(out.certificate, "leakage").treatment, "numerical, bound added");
  EXPECT_NEAR(shares_sum(out.certificate), request.bound.alpha, 1e-15);
  const nlohmann::json json = workflow::to_json(out);
  EXPECT_EQ(json["gamma_error_bits"], 0.5);
  EXPECT_EQ(json["certificate"]["union_size"], out.report.entropies.size());
}

TEST(CertificateWorkflow, AlphaSplitRefusesWhatItCannotProve) {
  EXPECT_THROW(static_cast<void>(split_alpha(0.0, Normaliser::ucb, 0.3)), InvalidInput);
  EXPECT_THROW(static_cast<void>(split_alpha(1.0, Normaliser::ucb, 0.3)), InvalidInput);
  // The normaliser's share is checked once, where it enters the jobs, naming the parameter.
  for (const double share : {0.0, 1.0, 1.5}) {
    workflow::BoundSettings settings;
    settings.normaliser_alpha_share = share;
    try {
      static_cast<void>(workflow::bound_config(settings));
      ADD_FAILURE() << "share " << share << " accepted";
    } catch (const InvalidInput& e) {
      EXPECT_NE(std::string(e.what()).find(parameter("normaliser_alpha_share", share) + " must be in (0, 1)"),
                std::string::npos)
          << e.what();
    }
  }
  const AlphaShares a = split_alpha(0.05, Normaliser::ucb, 0.3);
  EXPECT_NEAR(a.normaliser, 0.015, 1e-15);
  EXPECT_NEAR(a.monte_carlo, 0.0175, 1e-15);
  EXPECT_NEAR(a.sampling, 0.0175, 1e-15);
  EXPECT_LE(a.total(), 0.05);
}

}  // namespace
