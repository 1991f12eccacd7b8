#pragma once
// Rendering what a bound certifies (mathematics §6.8) under the tables of `bound`, `calibrate
// --target-rho`, `spectrum` and `chain` (the JSON is workflow::to_json).
#include "reconbound/certificate.hpp"

namespace reconbound::cli {

// "certificate     rho_star at level 0.95 (normaliser …; union over |G'| = 1 pairs; …):" and one
// line per ingredient: its name, α share or treatment, the data it read and its detail.
void print_certificate(const Certificate& certificate);

// "note: D_perp and D_est were not drawn at random (…)" on stderr, once per run, where the
// certificate rests on that assumption (mathematics §7); nothing for a random split.
void note_split_assumption(const Certificate& certificate);

}  // namespace reconbound::cli
