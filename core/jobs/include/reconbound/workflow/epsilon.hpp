#pragma once
// The epsilon job (mathematics §8): ε(δ) with guaranteed error bars of everything a mechanism
// releases, by the mechanism's own accountant (Mechanism::accountant()). ε and δ in nats.
#include <optional>
#include <string>

#include "reconbound/export.hpp"
#include "reconbound/workflow/mechanism_request.hpp"

namespace reconbound::workflow {

// δ given, or δ = n_train^−exponent (mathematics §8: exponent 1.1).
struct DeltaRequest {
  std::optional<double> delta;
  std::optional<double> exponent;
  std::optional<double> n_train;

  bool given() const { return delta || exponent || n_train; }
};

// δ of the request. InvalidInput when it gives both forms, neither, an incomplete exponent
// form, or a δ outside [1e-15, 1).
RECONBOUND_API double resolve_delta(const DeltaRequest& request);

struct EpsilonRequest {
  MechanismRequest mechanism;
  DeltaRequest delta;
  AccountantOptions accountant;
};

struct EpsilonOutput {
  std::string mechanism;
  std::string method;      // the accountant's PrivacyAccountant::method()
  EpsilonResult epsilon;   // ε, its bounds and δ
  Schedule schedule;       // the schedule charged (empty for a mechanism without one)
};

// InvalidInput "mechanism NAME provides no (epsilon, delta) accounting" for a mechanism
// without an accountant; the schedule checked against needs() (make_mechanism); δ resolved.
RECONBOUND_API EpsilonOutput run_epsilon(const Registry& registry, const EpsilonRequest& request);

}  // namespace reconbound::workflow
