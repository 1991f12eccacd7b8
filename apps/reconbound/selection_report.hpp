#pragma once
// Rendering how the certified grid was chosen (mathematics §6.6) in the tables of `bound`,
// `calibrate`, `spectrum` and `chain` (the JSON is workflow::to_json).
#include <string>

#include "reconbound/grid_selection.hpp"

namespace reconbound::cli {

// "pilot on D_perp (1250/2500/5000 records, 10000 for 8 contenders, 1 draw, 4.9 s): 1 of 48 pairs
// certified: (k=28, nu2=1.6)"
std::string selection_summary(const GridSelectionReport& selection);

// An estimator's details (goldfeld: n_mc, t_mc, t_md) as table columns: the header of the
// names of `details`, and the cells of its values (counts whole, the rest to 4 decimals).
std::string details_header(const EstimateDetails& details);
std::string details_cells(const EstimateDetails& details);

// The pilot's prediction for every candidate pair, one row each (`bound --select-only`).
void print_predictions(const GridSelectionReport& selection);

}  // namespace reconbound::cli
