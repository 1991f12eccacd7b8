#pragma once
// What the dpsgd plugin charges for a MechanismInput: its schedule with every σ multiplied by
// the input's noise scale c (σ_t → c·σ_t; c = 1 leaves the schedule as given).
#include "reconbound/mechanism.hpp"

namespace reconbound::dpsgd {

// Throws InvalidInput without a schedule, or for a noise scale that is not finite and > 0.
Schedule charged_schedule(const MechanismInput& input);

}  // namespace reconbound::dpsgd
