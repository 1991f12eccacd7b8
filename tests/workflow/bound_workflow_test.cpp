// workflow::run_bound: ρ* is the largest per-pair bound of eq 14 by the MPFR converse on the
// report's own entropies; γ comes from the values given, the mechanism's schedule, a mechanism
// without one (the noisy-double), or a mechanism fitted on Ψ(D_est) (the codebook).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>

#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/verify/reference_converse.hpp"
#include "reconbound/verify/reference_dpsgd.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/json.hpp"
#include "workflow_support.hpp"

using namespace reconbound;
using reconbound::test::invalid_input_message;
using reconbound::test::workflow_registry;

namespace {

// max over the certified pairs of the MPFR eq 14 at γ.
double reference_rho_star(const BoundReport& report, double gamma_bits) {
  double best = 0.0;
  for (const GridEntropy& e : report.entropies) {
    best = std::max(best, verify::reference_converse(e.pair.k, e.s, e.h_lb, gamma_bits, report.normaliser).rho.value);
  }
  return best;
}

TEST(BoundWorkflow, GivenGammasMatchTheMpfrConverse) {
  workflow::BoundRequest request = test::small_bound_request();
  request.gammas = {0.5, 4.0};
  request.bound.grid_select = GridSelect::none;
  const workflow::BoundOutput out = workflow::run_bound(workflow_registry(), request);
  ASSERT_EQ(out.report.results.size(), 2u);
  EXPECT_EQ(out.report.entropies.size(), 4u);  // the whole grid {4, 8} × {0.4, 1.6}
  for (const BoundResult& r : out.report.results) {
    EXPECT_NEAR(r.converse.rho_star, reference_rho_star(out.report, r.gamma_bits), 1e-9) << r.gamma_bits;
  }
  EXPECT_EQ(out.leakage_source, "gamma given: 0.5,4 bits");
  EXPECT_EQ(out.rotation_probe.size(), 8u);
  const nlohmann::json json = workflow::to_json(out);
  EXPECT_EQ(json["rho_star"].get<double>(), out.report.results[0].converse.rho_star);
  EXPECT_EQ(json["results"].size(), 2u);
  EXPECT_EQ(json["n_est"], 200);
}

TEST(BoundWorkflow, LeakageOfTheMechanism) {
  workflow::BoundRequest request = test::small_bound_request();
  request.mechanism = {"dpsgd", {}, Schedule::constant(0.05, 1.5, 200)};
  const auto charged = workflow::run_bound(workflow_registry(), request);
  const verify::ReferenceValue gamma = verify::reference_gamma_bits(*request.mechanism.schedule);
  EXPECT_NEAR(charged.report.results[0].gamma_bits, gamma.value, 1e-10 * gamma.value);

  request.mechanism = test::noisy_double(8, 2.0);
  const auto noisy = workflow::run_bound(workflow_registry(), request);
  EXPECT_DOUBLE_EQ(noisy.report.results[0].gamma_bits, test::noisy_gamma_bits(8, 2.0));
  EXPECT_NE(noisy.leakage_source.find("noisy-double (accounting=true,k=8,sigma=2)"), std::string::npos)
      << noisy.leakage_source;

  request.mechanism = {"codebook", Params::parse("bits=2"), std::nullopt};
  const auto fitted = workflow::run_bound(workflow_registry(), request);
  EXPECT_EQ(fitted.report.results[0].gamma_bits, 2.0);  // γ = R (mathematics §2 end)
  EXPECT_EQ(fitted.leakage_details.size(), 2u);
}

TEST(BoundWorkflow, LeakageChoicesAreOneLineErrors) {
  workflow::BoundRequest request = test::small_bound_request();
  // No mechanism named and no γ: the message asks for either.
  EXPECT_EQ(invalid_input_message([&] { workflow::run_bound(workflow_registry(), request); }),
            "no leakage: give ‹gamma› (bits, one value or several), or ‹mechanism› and its schedule");
  request.mechanism.name = "dpsgd";
  EXPECT_NE(invalid_input_message([&] { workflow::run_bound(workflow_registry(), request); }).find("no leakage"),
            std::string::npos);
  request.gammas = {1.0};
  request.mechanism.schedule = Schedule::constant(0.1, 1.0, 10);
  EXPECT_NE(invalid_input_message([&] { workflow::run_bound(workflow_registry(), request); }).find("not both"),
            std::string::npos);
  request.mechanism = test::noisy_double(8, 2.0);
  request.gammas.clear();
  request.mechanism.schedule = Schedule::constant(0.1, 1.0, 10);
  EXPECT_EQ(invalid_input_message([&] { workflow::run_bound(workflow_registry(), request); }),
            "mechanism noisy-double takes no schedule (‹q›, ‹sigma› and ‹steps›, or ‹schedule›)");
}

TEST(BoundWorkflow, RepresentationSpecAndExtraParameters) {
  BoundConfig base = presets::paper_bound_config();
  base.representation_params.set("threads", std::int64_t{1});
  const BoundConfig config = workflow::with_representation(base, "downsample:4");
  EXPECT_EQ(config.representation, "downsample");
  EXPECT_EQ(config.representation_params.get_int("arg"), 4);
  EXPECT_EQ(config.representation_params.get_int("threads"), 1);
}

// Core names no plugin (foundation_core_names_no_plugin): a request that leaves one unnamed is
// told which kind to name and what is there to choose from.
TEST(BoundWorkflow, UnnamedPluginsAreOneLineErrors) {
  workflow::BoundRequest request = test::small_bound_request();
  request.gammas = {1.0};
  const auto message = [&] { return invalid_input_message([&] { workflow::run_bound(workflow_registry(), request); }); };
  request.representation.clear();
  EXPECT_EQ(message().rfind("no representation plugin is named: name one (available: ", 0), 0u) << message();
  EXPECT_NE(message().find(presets::kPaperRepresentation), std::string::npos);
  request.representation = presets::kPaperRepresentation;
  request.bound.estimator.clear();
  EXPECT_EQ(message(), fmt::format("no estimator plugin is named: name one (available: {})", presets::kPaperEstimator));
  request.bound.estimator = presets::kPaperEstimator;
  request.bound.converse.clear();
  EXPECT_EQ(message(), fmt::format("no converse plugin is named: name one (available: {})", presets::kPaperConverse));
}

}  // namespace
