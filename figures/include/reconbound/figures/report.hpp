#pragma once
// The report job's JSON (docs/report.md): the numbers the report page shows
// (reconbound/figures/report_page.hpp), with the chain in the paper's view (presets/). The job
// itself is the jobs' (reconbound/workflow/report.hpp).
#include <nlohmann/json.hpp>

#include "reconbound/workflow/report.hpp"

namespace reconbound::figures {

// The report's numbers: `sigma`, `epsilon` and `leakage` (the JSON of the epsilon and leakage
// jobs), `representation`, the headline `gamma_bits`, `gamma_error_bits`, `rho_star`, `k_star`,
// `nu2_star`, `abs_bound`, `rho_point`, `n_perp`, `n_est`, `alpha`, the `certificate` with its
// statement, the `spectrum` and the `chain` (their jobs' JSON; the chain null when not asked
// for), `software` and `data_files`; with output.by_label also `labels_source`, `by_label` and
// `by_label_certificate` (as `bound --by-label --json` writes them, mathematics §6.10).
nlohmann::json to_json(const workflow::ReportOutput& output);

}  // namespace reconbound::figures
