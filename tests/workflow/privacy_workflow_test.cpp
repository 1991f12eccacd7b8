// The (ε, δ) jobs — epsilon, calibrate (for ε and for ρ*) and spectrum — for the dpsgd
// mechanism against the MPFR single-step reference, and for any mechanism with an accountant
// (the noisy-double) against its closed forms; mechanisms without an accountant or without
// noise are refused with one line.
#include <gtest/gtest.h>

#include <cmath>

#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/verify/reference_converse.hpp"
#include "reconbound/verify/reference_subsampled_gaussian_dp.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/epsilon.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/spectrum.hpp"
#include "workflow_support.hpp"

using namespace reconbound;
using reconbound::test::invalid_input_message;
using reconbound::test::noisy_double;
using reconbound::test::noisy_epsilon;
using reconbound::test::noisy_gamma_bits;
using reconbound::test::workflow_registry;

namespace {

workflow::DeltaRequest delta_of(double delta) {
  workflow::DeltaRequest out;
  out.delta = delta;
  return out;
}

// One step of DP-SGD: the certified bracket [ε_lower, ε_upper] holds the exact ε, so the MPFR
// δ(ε) of one step lies on either side of the requested δ.
TEST(EpsilonWorkflow, DpsgdBracketHoldsTheMpfrReference) {
  const double q = 0.1, sigma = 1.2, delta = 1e-5;
  workflow::EpsilonRequest request;
  request.mechanism = {"dpsgd", {}, Schedule::constant(q, sigma, 1)};
  request.delta = delta_of(delta);
  const workflow::EpsilonOutput out = workflow::run_epsilon(workflow_registry(), request);
  EXPECT_EQ(out.method, "PLD accountant, add/remove, Poisson sampling");
  const EpsilonResult& e = out.epsilon;
  EXPECT_LE(verify::reference_subsampled_gaussian_delta(q, sigma, e.epsilon_upper).value, delta);
  EXPECT_GE(verify::reference_subsampled_gaussian_delta(q, sigma, e.epsilon_lower).value, delta);
  EXPECT_EQ(workflow::to_json(out)["segments"].size(), 1u);
}

TEST(EpsilonWorkflow, AnyMechanismWithAnAccountant) {
  workflow::EpsilonRequest request;
  request.mechanism = noisy_double(9, 3.0);
  request.delta = delta_of(1e-5);
  const workflow::EpsilonOutput out = workflow::run_epsilon(workflow_registry(), request);
  EXPECT_DOUBLE_EQ(out.epsilon.epsilon_upper, noisy_epsilon(9, 3.0, 1e-5));
  EXPECT_EQ(out.method, "classical Gaussian bound");
  request.mechanism = noisy_double(9, 3.0, false);
  EXPECT_EQ(invalid_input_message([&] { workflow::run_epsilon(workflow_registry(), request); }),
            "mechanism noisy-double provides no (epsilon, delta) accounting");
  request.mechanism = {"codebook", Params::parse("bits=2"), std::nullopt};
  EXPECT_EQ(invalid_input_message([&] { workflow::run_epsilon(workflow_registry(), request); }),
            "mechanism codebook provides no (epsilon, delta) accounting");
}

TEST(EpsilonWorkflow, DeltaFromTheTrainingSetSize) {
  workflow::DeltaRequest request;
  request.exponent = 1.1;
  request.n_train = 60000;
  EXPECT_DOUBLE_EQ(workflow::resolve_delta(request), std::pow(60000.0, -1.1));  // mathematics §8
  request.delta = 1e-5;
  EXPECT_NE(invalid_input_message([&] { workflow::resolve_delta(request); }).find("not both"), std::string::npos);
  EXPECT_NE(invalid_input_message([] { workflow::resolve_delta({}); }).find("no delta"), std::string::npos);
}

// The factor c meets the target, and one two tolerances smaller misses it: with
// ε(c) = √k·√(2 ln(1.25/δ))/(cσ), the threshold is c* = ε(1)/target.
TEST(CalibrateWorkflow, EpsilonTargetOfAnyMechanismWithNoise) {
  workflow::CalibrateEpsilonRequest request;
  request.mechanism = noisy_double(4, 2.0);
  request.target_epsilon = 1.5;
  request.delta = delta_of(1e-6);
  request.calibration.sigma_tolerance = 1e-3;
  const auto out = workflow::run_calibrate_epsilon(workflow_registry(), request);
  const double threshold = noisy_epsilon(4, 2.0, 1e-6) / 1.5;
  EXPECT_GE(out.calibration.sigma, threshold);
  EXPECT_LE(out.calibration.sigma, threshold * (1.0 + 1e-3));
  EXPECT_LE(out.calibration.epsilon.epsilon_upper, 1.5);
  EXPECT_DOUBLE_EQ(out.gamma_bits, noisy_gamma_bits(4, 2.0 * out.calibration.sigma));
  EXPECT_EQ(out.steps, 0u);
  EXPECT_EQ(workflow::to_json(out)["sigma"].get<double>(), out.calibration.sigma);
}

TEST(CalibrateWorkflow, RefusedMechanismsAndMissingDelta) {
  workflow::CalibrateEpsilonRequest request;
  request.target_epsilon = 1.0;
  request.delta = delta_of(1e-5);
  request.mechanism = {"codebook", Params::parse("bits=2"), std::nullopt};
  EXPECT_EQ(invalid_input_message([&] { workflow::run_calibrate_epsilon(workflow_registry(), request); }),
            "mechanism codebook provides no (epsilon, delta) accounting");
  request.mechanism = {"dpsgd", {}, Schedule::constant(0.01, 1.0, 100)};
  request.delta = {};
  EXPECT_NE(invalid_input_message([&] { workflow::run_calibrate_epsilon(workflow_registry(), request); })
                .find("needs a delta"),
            std::string::npos);
  workflow::CalibrateRhoRequest rho;
  rho.target_rho = 0.5;
  rho.mechanism = {"codebook", Params::parse("bits=2"), std::nullopt};
  EXPECT_EQ(invalid_input_message([&] { workflow::run_calibrate_rho(workflow_registry(), rho); }),
            "mechanism codebook has no noise to calibrate");
}

// ρ* target: the budget is the converse's inverse (its ρ at the budget, by the MPFR converse
// on the budget pair's entropy, reaches the target) and the factor is the closed-form inverse
// of γ(c) = budget, to the tolerance.
TEST(CalibrateWorkflow, RhoTargetOfAnyMechanismWithNoise) {
  workflow::CalibrateRhoRequest request;
  request.mechanism = noisy_double(4, 1.0);
  request.target_rho = 0.2;
  request.data = test::t10k_ranges(0, 300, 600);
  request.representation = presets::kPaperRepresentation;
  request.bound = test::small_bound_config();
  request.calibration.sigma_tolerance = 1e-3;
  request.delta = delta_of(1e-5);
  const auto out = workflow::run_calibrate_rho(workflow_registry(), request);
  const double threshold = std::sqrt(4.0 / (2.0 * std::numbers::ln2 * out.budget.gamma_bits));
  EXPECT_GE(out.sigma, threshold);
  EXPECT_LE(out.sigma, threshold * (1.0 + 1e-3));
  EXPECT_LE(out.gamma_bits, out.budget.gamma_bits);
  EXPECT_GE(out.result.converse.rho_star, 0.2);
  for (const GridEntropy& e : out.report.entropies) {
    if (!(e.pair == out.budget.pair)) continue;
    const auto at_budget = verify::reference_converse(e.pair.k, e.s, e.h_lb, out.budget.gamma_bits,
                                                      out.report.normaliser);
    EXPECT_NEAR(at_budget.rho.value, 0.2, 1e-6);
  }
  ASSERT_TRUE(out.epsilon.has_value());
  EXPECT_DOUBLE_EQ(out.epsilon->epsilon_upper, noisy_epsilon(4, out.sigma, 1e-5));
}

TEST(SpectrumWorkflow, EveryTargetIsMetAndEveryCurveHasAPoint) {
  workflow::SpectrumRequest request;
  request.target_epsilons = {4.0, 1.0, 4.0};
  request.mechanism = noisy_double(4, 1.0);
  request.delta = delta_of(1e-5);
  request.data = test::t10k_ranges(0, 300, 600);
  request.representations = {"pixel", "downsample:2"};
  request.bound = test::small_bound_config();
  request.calibration.sigma_tolerance = 1e-3;
  const auto out = workflow::run_spectrum(workflow_registry(), request);
  ASSERT_EQ(out.points.size(), 2u);  // sorted, repeats dropped
  EXPECT_EQ(out.points[0].target_epsilon, 1.0);
  for (const auto& p : out.points) {
    EXPECT_LE(p.calibration.epsilon.epsilon_upper, p.target_epsilon);
    EXPECT_DOUBLE_EQ(p.gamma_bits, noisy_gamma_bits(4, p.calibration.sigma));
  }
  ASSERT_EQ(out.curves.size(), 2u);
  for (const auto& c : out.curves) {
    ASSERT_EQ(c.report.results.size(), 2u);
    EXPECT_EQ(c.report.results[1].gamma_bits, out.points[1].gamma_bits);
    // More leakage (smaller ε target → more noise → less γ): ρ* does not grow with ε.
    EXPECT_GE(c.report.results[0].converse.rho_star, c.report.results[1].converse.rho_star);
  }
  const nlohmann::json json = workflow::to_json(out);
  EXPECT_EQ(json["representations"][1]["representation"], "downsample:2");
  EXPECT_EQ(json["calibrations"].size(), 2u);
  request.mechanism = noisy_double(4, 1.0, false);
  EXPECT_EQ(invalid_input_message([&] { workflow::run_spectrum(workflow_registry(), request); }),
            "mechanism noisy-double provides no (epsilon, delta) accounting");
}

}  // namespace
