// The bound per label (mathematics §6.10): the bound job on each class's records of D⊥ and D_est
// at α/C, the union bound joining the C statements, and the pooled bound as its own statement.
#include "reconbound/workflow/by_label.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "reconbound/error.hpp"

namespace reconbound::workflow {

namespace {

// The request of one label's bound: `bound` on its records of D⊥ and D_est at α/L, all else as the
// pooled run.
BoundRequest label_request(const BoundRequest& pooled, const LabelledSplit& split, const LabelRecords& row) {
  BoundRequest request = pooled;
  request.data = label_data(pooled.data, split, row);
  request.bound.alpha = pooled.bound.alpha / static_cast<double>(split.labels.size());  // the union bound, mathematics §6.10
  return request;
}

void run_label(const Registry& registry, const BoundRequest& pooled, const LabelledSplit& split, LabelBound& row) {
  try {
    row.output = run_bound(registry, label_request(pooled, split, row));
  } catch (const InvalidInput& too_few) {
    // The pooled bound ran with the same settings, so what refuses here is the label's records.
    row.trivial = fmt::format("too few records ({} in D_perp, {} in D_est): {}", row.perp_indices.size(),
                              row.est_indices.size(), too_few.what());
    return;
  }
  state_class_split(row.output->certificate, row, split.origin, split.labels.size());
  if (row.rho_star() <= 0.0) {
    row.trivial = fmt::format("nothing certified from {} records of D_est: the entropy's lower bound does not exceed "
                              "what the leakage can reveal", row.est_indices.size());
  }
}

}  // namespace

ByLabelOutput run_bound_by_label(const Registry& registry, const ByLabelRequest& request) {
  if (request.bound.bound.selection_only) {
    throw InvalidInput(fmt::format("{} previews one bound's grid; drop it for a bound per label", parameter("select_only")));
  }
  const LabelledSplit split = split_by_label(request.bound.data, request.labels);
  ByLabelOutput out;
  for (const LabelRecords& label : split.labels) out.labels.push_back(LabelBound{label, std::nullopt, ""});
  out.labels_source = split.source;
  out.alpha = request.bound.bound.alpha;
  out.pooled = run_bound(registry, request.bound);
  for (LabelBound& row : out.labels) run_label(registry, request.bound, split, row);
  // The smallest guaranteed error first: the absolute bound compares classes, ρ* is relative to
  // each class's own prior (mathematics §6.10).
  std::stable_sort(out.labels.begin(), out.labels.end(),
                   [](const LabelBound& a, const LabelBound& b) { return a.abs_bound() < b.abs_bound(); });
  return out;
}

}  // namespace reconbound::workflow
