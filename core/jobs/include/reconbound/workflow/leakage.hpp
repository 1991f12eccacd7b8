#pragma once
// The leakage job (mathematics §2, Theorem 4.1): γ in bits that a mechanism charges for what it
// releases, per schedule segment when it has a schedule.
#include <string>

#include "reconbound/export.hpp"
#include "reconbound/workflow/mechanism_request.hpp"

namespace reconbound::workflow {

struct LeakageRequest {
  MechanismRequest mechanism;
};

struct LeakageOutput {
  std::string mechanism;  // the plugin's name
  Leakage leakage;        // γ (bits), its numerical error bound, the segments and details
};

// InvalidInput for a mechanism fitted on data (it needs records: the bound job fits it on
// Ψ(D_est)), a schedule given to a mechanism without one or missing for one with one, and
// the mechanism's own errors.
RECONBOUND_API LeakageOutput run_leakage(const Registry& registry, const LeakageRequest& request);

}  // namespace reconbound::workflow
