// The report's bound per label (mathematics §6.10): the bound job on each label's records of the
// report's split at the training's γ, each at α/C so that all C hold together, the headline as the
// pooled statement beside them.
#include "report_by_label.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "reconbound/error.hpp"

namespace reconbound::workflow {

namespace {

// The γ each label's bound is given: the training's plus its numerical error bound, the value the
// converse of the headline is applied at (mathematics §6.8), so that `bound --gamma` with the
// label's index files re-computes the row.
double charged_gamma(const ReportOutput& output) {
  const Leakage& leakage = output.leakage.leakage;
  return leakage.gamma_bits + leakage.abs_error_bits;
}

// `bound` on one label's records of D⊥ and D_est at α/C (the union bound, mathematics §6.10),
// with the report's representation, settings and run handles (its ranks, checkpoint, progress).
BoundRequest label_request(const ReportRequest& request, const LabelledSplit& split, const LabelRecords& row,
                           double gamma_bits) {
  BoundRequest out;
  out.data = label_data(request.data, split, row);
  out.representation = request.representation;
  out.bound = request.bound;
  out.run = request.run;
  out.bound.alpha = request.bound.alpha / static_cast<double>(split.labels.size());
  out.gammas = {gamma_bits};
  out.run = request.run;
  return out;
}

void run_label(const Registry& registry, const BoundRequest& request, const LabelledSplit& split, LabelBound& row) {
  try {
    row.output = run_bound(registry, request);
  } catch (const InvalidInput& refused) {
    // The report's own estimate ran with these settings: what refuses here is the label's records.
    row.trivial = fmt::format("too few records ({} in D_perp, {} in D_est): {}", row.perp_indices.size(),
                              row.est_indices.size(), refused.what());
    return;
  }
  state_class_split(row.output->certificate, row, split.origin, split.labels.size());
  if (row.rho_star() <= 0.0) {
    row.trivial = fmt::format("nothing certified from {} records of D_est: the entropy's lower bound does not exceed "
                              "what the leakage can reveal", row.est_indices.size());
  }
}

// The report's headline as a bound's output: ρ* at the training's γ from the spectrum's estimate,
// with the report's certificate.
BoundOutput headline(const ReportRequest& request, const ReportOutput& output) {
  const SpectrumCurve& curve = output.spectrum.curves.front();
  BoundOutput out;
  out.report = curve.report;
  out.report.results = {output.result};
  out.data_source = output.spectrum.data_source;
  out.representation = output.representation;
  out.representation_unit = curve.representation_unit;
  out.leakage_source = fmt::format("{} at sigma {:.6g}: gamma = {:.6g} bits, numerical error bound {:.3g} bits",
                                   output.leakage.mechanism, output.sigma, output.result.gamma_bits,
                                   output.result.gamma_error_bits);
  out.seed = request.data.seed;
  out.certificate = output.certificate;
  return out;
}

}  // namespace

ByLabelOutput report_by_label(const Registry& registry, const ReportRequest& request, const LabelledSplit& split,
                              const ReportOutput& output) {
  ByLabelOutput out;
  out.pooled = headline(request, output);
  out.alpha = request.bound.alpha;
  out.labels_source = split.source;
  const double gamma_bits = charged_gamma(output);
  for (const LabelRecords& label : split.labels) {
    LabelBound row{label, std::nullopt, ""};
    run_label(registry, label_request(request, split, label, gamma_bits), split, row);
    out.labels.push_back(std::move(row));
  }
  // The smallest guaranteed error first: the absolute bound compares classes, ρ* is relative to
  // each class's own prior (mathematics §6.10).
  std::stable_sort(out.labels.begin(), out.labels.end(),
                   [](const LabelBound& a, const LabelBound& b) { return a.abs_bound() < b.abs_bound(); });
  return out;
}

}  // namespace reconbound::workflow
