#pragma once
// The steps of a calibration for a target ρ* (mathematics §8.2), shared by the pooled job
// (run_calibrate_rho) and the job per label (run_calibrate_rho_by_label, mathematics §6.10):
// the checked request, an entropy estimate and its budget (eq 14 inverted), the threshold search
// for the smallest factor whose γ(σ) + error meets a budget, and what ρ* at that factor certifies.
#include <memory>
#include <optional>
#include <string>

#include "reconbound/workflow/calibrate.hpp"

namespace reconbound::workflow {

// The request checked before any estimate: the target, the tolerance, the mechanism (with an
// accountant when a δ asks for ε at the answer), and the bound's settings for the target.
struct RhoCalibrationPlan {
  std::shared_ptr<Mechanism> mechanism;
  BoundConfig config;           // the representation resolved, target_rho set
  std::optional<double> delta;  // when ε at the answer is asked for
};

// InvalidInput as run_calibrate_rho documents for its checks before the data.
RhoCalibrationPlan plan_rho_calibration(const Registry& registry, const CalibrateRhoRequest& request);

// The budget of one entropy estimate: the largest γ whose ρ* reaches the target (eq 14 inverted,
// mathematics §5; the entropies do not depend on γ). InvalidInput when no γ > 0 reaches it,
// naming `whose` ("this data", "label 3 (Dress) …") and the best ρ* it certifies without leakage.
LeakageBudget reachable_budget(const Registry& registry, const BoundReport& report, const BoundConfig& config,
                               double target_rho, const std::string& whose);

// The smallest factor in the mechanism's range, to the tolerance, with γ(σ) + its error bound ≤
// budget_bits (the threshold search of mathematics §8.2), for records of `shape` under the plan's Ψ.
struct SigmaForBudget {
  GammaCalibration calibration;
  MechanismInput input;         // the request's input at factor 1, told the records' shape and m
  std::string representation_unit;
};
SigmaForBudget sigma_for_budget(const Registry& registry, const CalibrateRhoRequest& request,
                                const RhoCalibrationPlan& plan, const ImageShape& shape, double budget_bits);

// What ρ* at the factor certifies (mathematics §6.8): the leakage charged with its error bound.
Certificate certificate_at_sigma(const BoundReport& report, const GammaCalibration& at, const SplitOrigin& split);

// ε at the factor, by the mechanism's accountant (the plan holds a δ).
EpsilonResult epsilon_at_sigma(const CalibrateRhoRequest& request, const RhoCalibrationPlan& plan,
                               const SigmaForBudget& answer);

}  // namespace reconbound::workflow
