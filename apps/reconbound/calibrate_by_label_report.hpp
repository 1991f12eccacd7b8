#pragma once
// The table of `calibrate --target-rho R --by-label` (mathematics §6.10, §8.2; its JSON is
// workflow::to_json).
#include "reconbound/workflow/calibrate_by_label.hpp"

namespace reconbound::cli {

// The ε line of calibrate's tables: ε at σ, its error bar, δ and the relation.
void print_epsilon(const EpsilonResult& epsilon);

// The pooled calibration as its own statement, the common σ and γ at it, one row per label (its
// budget and ρ* at σ, the binding label first) and the joint statement.
void print_calibrate_by_label_table(const workflow::CalibrateRhoByLabelOutput& output);

}  // namespace reconbound::cli
