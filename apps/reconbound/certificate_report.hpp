#pragma once
// Rendering what a bound certifies (mathematics §6.8) under the tables of `bound`, `calibrate
// --target-rho`, `spectrum` and `chain` (the JSON is workflow::to_json).
#include "reconbound/certificate.hpp"

namespace reconbound::cli {

// "certificate: level 95% = 1 - (...)" and one line per ingredient.
void print_certificate(const Certificate& certificate);

}  // namespace reconbound::cli
