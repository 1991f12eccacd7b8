#pragma once
// The bound per label (mathematics §6.10): for every class c of the data set, the bound job run
// on the class-c records of D⊥ and of D_est alone at α/C, so that all C bounds hold together with
// probability ≥ 1 − α; the pooled bound beside them as its own statement at 1 − α.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/label_split.hpp"

namespace reconbound::workflow {

struct ByLabelRequest {
  BoundRequest bound;       // the pooled bound; its α is the joint statement's over the labels
  LabelSource labels;
};

// A label, its records (the index files that re-compute this row with `bound`) and its bound.
struct LabelBound : LabelRecords {
  // The bound job on those records at α/C; nullopt when they are too few for it (`trivial`).
  std::optional<BoundOutput> output;
  // Why ρ* = 0 ("" when the bound is non-trivial): too few records, or nothing certified.
  std::string trivial;

  // Of the first γ (ρ* and eq 13's bound on E‖Ψ(x) − ẑ‖²); 0 without an output.
  double rho_star() const { return first() ? first()->rho_star : 0.0; }
  double abs_bound() const { return first() ? first()->abs_bound : 0.0; }
  const ConverseResult* first() const {
    return output && !output->report.results.empty() ? &output->report.results.front().converse : nullptr;
  }
};

struct ByLabelOutput {
  BoundOutput pooled;              // the bound on all of D⊥ and D_est, at α: its own statement
  std::vector<LabelBound> labels;  // sorted by abs_bound, the smallest guaranteed error first
  double alpha = 0.0;              // the joint statement's: every label's bound at alpha / C
  std::string labels_source;
};

// Reads the labels, runs the pooled bound, then the bound of every label (each on the ranks and
// with the checkpoint of request.bound.bound, as a bound runs). InvalidInput for a label count
// that differs from the data set's records, a label with no record in D⊥ or in D_est, a names
// file with fewer names than labels, records given as views, or --select-only.
RECONBOUND_API ByLabelOutput run_bound_by_label(const Registry& registry, const ByLabelRequest& request);

// The sentence on the most exposed label (the first row): "With probability ≥ 95 % …, jointly
// for all C labels: records of class NAME: every attack's RMSE is at least X % of the best guess
// that knows the class (at least Y UNIT per coordinate)."
RECONBOUND_API std::string most_exposed_sentence(const ByLabelOutput& output);

// `bound --by-label --json`: `pooled` (the bound's own object), `labels_source`, `by_label` (one
// row per label, in the order of `labels`) and `by_label_certificate` (the joint level and the
// sentence on the most exposed label).
RECONBOUND_API nlohmann::json to_json(const ByLabelOutput& output);

}  // namespace reconbound::workflow
