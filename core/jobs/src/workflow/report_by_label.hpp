#pragma once
// The report's bound per label (mathematics §6.10), run by run_report after its headline.
#include "reconbound/registry.hpp"
#include "reconbound/workflow/label_split.hpp"
#include "reconbound/workflow/report.hpp"

namespace reconbound::workflow {

// Every label of `split` (split_by_label of request.data) with its bound at the training's γ plus
// its numerical error bound (output.leakage), each the bound job on the label's records alone at
// α/C; `output`'s headline beside them as the pooled statement. A label with too few records for
// the bound is a row with the reason; the errors of the bound job otherwise.
ByLabelOutput report_by_label(const Registry& registry, const ReportRequest& request, const LabelledSplit& split,
                              const ReportOutput& output);

}  // namespace reconbound::workflow
