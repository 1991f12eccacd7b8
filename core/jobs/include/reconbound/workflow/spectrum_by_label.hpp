#pragma once
// The spectrum per label (mathematics §6.10): the pooled spectrum, and for every class c of the
// data set the spectrum's curves on the class-c records of D⊥ and of D_est alone at α/C (each
// curve at α/(C·R) with --joint over R representations), at the pooled run's σ and γ (the
// calibration reads no record); at each target ε the worst label, the one with the smallest
// certified absolute bound.
#include <nlohmann/json.hpp>

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/workflow/label_split.hpp"
#include "reconbound/workflow/spectrum.hpp"

namespace reconbound::workflow {

struct SpectrumByLabelRequest {
  SpectrumRequest spectrum;  // the pooled spectrum; its α is the joint statement's over the labels
  LabelSource labels;
};

// A label, its records (the index files that re-compute its curves with `spectrum`) and its
// spectrum: `spectrum` run on those records at α/C, without calibrating again.
struct LabelSpectrum : LabelRecords {
  // nullopt when the records are too few for the bound (`trivial` says why).
  std::optional<SpectrumOutput> output;
  std::string trivial;  // "" unless output is nullopt

  // Curve r's ρ* and eq 13's bound on E‖Ψ(x) − ẑ‖² at point i; 0 without an output.
  double rho_star(std::size_t r, std::size_t i) const { return at(r, i) ? at(r, i)->rho_star : 0.0; }
  double abs_bound(std::size_t r, std::size_t i) const { return at(r, i) ? at(r, i)->abs_bound : 0.0; }
  const ConverseResult* at(std::size_t r, std::size_t i) const {
    return output ? &output->curves[r].report.results[i].converse : nullptr;
  }
};

// At one target ε of one representation: the label with the smallest certified absolute bound
// (the lowest label among equal ones).
struct WorstLabel {
  std::size_t row = 0;  // its index in SpectrumByLabelOutput::labels
  double rho_star = 0.0, abs_bound = 0.0;
  std::size_t tied = 1;  // the labels with that bound (several where nothing is certified)
};

struct SpectrumByLabelOutput {
  SpectrumOutput pooled;               // the spectrum on all of D⊥ and D_est: its own statement
  std::vector<LabelSpectrum> labels;   // ascending label
  std::vector<std::vector<WorstLabel>> worst;  // [representation][ε], as pooled.curves and pooled.points
  double alpha = 0.0;                  // the joint statement's: every label's curves at alpha / C
  std::string labels_source;
};

// Reads the labels, calibrates σ and γ once, runs the pooled spectrum, then every label's curves
// (each on the ranks and with the checkpoint of request.spectrum.bound, as a spectrum runs).
// InvalidInput as run_spectrum, and for a label count that differs from the data set's records,
// a label with no record in D⊥ or in D_est, a names file with fewer names than labels, and
// records given as views.
RECONBOUND_API SpectrumByLabelOutput run_spectrum_by_label(const Registry& registry,
                                                           const SpectrumByLabelRequest& request);

// The per-coordinate RMSE of an absolute bound on m coordinates: sqrt(abs_bound / m).
RECONBOUND_API double rmse_per_coordinate(double abs_bound, std::size_t m);

// The sentence of the joint statement: its level, what it covers (every label's curves, per
// representation or jointly over them) and what the worst-label curve bounds.
RECONBOUND_API std::string spectrum_by_label_statement(const SpectrumByLabelOutput& output);

// `spectrum --by-label --json`: the pooled spectrum's object, with `labels_source`, `by_label`
// (one row per label: its records and its curves as `spectrum --json`'s representations),
// `worst_label` (per representation, per ε) and `by_label_certificate` (the joint level).
RECONBOUND_API nlohmann::json to_json(const SpectrumByLabelOutput& output);

}  // namespace reconbound::workflow
