#pragma once
// What the dpsgd plugin charges for a MechanismInput: its schedule with every σ multiplied by
// the input's noise scale c (σ_t → c·σ_t; c = 1 leaves the schedule as given).
#include <cstdint>
#include <optional>

#include "reconbound/mechanism.hpp"
#include "reconbound/params.hpp"

namespace reconbound::dpsgd {

// The release the plugin's parameters q and steps describe (for its attack in `reconbound
// chain`), when given. A schedule charged for γ or ε must be that release, so that
// `dpsgd:q=...` never leaves a number computed for another q.
struct DeclaredRelease {
  std::optional<double> q;
  std::optional<std::uint64_t> steps;
};

// q and steps of `params`, where given (their ranges are checked by attack_settings).
DeclaredRelease declared_release(const Params& params);

// Throws InvalidInput without a schedule, for a noise scale that is not finite and > 0, and
// for a schedule whose q or steps per run differ from those `declared`.
Schedule charged_schedule(const MechanismInput& input, const DeclaredRelease& declared);

}  // namespace reconbound::dpsgd
