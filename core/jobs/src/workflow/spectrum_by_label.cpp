// The spectrum per label (mathematics §6.10): the spectrum's curves on each class's records of D⊥
// and D_est at α/C from the pooled run's calibration, the union bound joining the C labels, and
// the worst label at every target ε.
#include "reconbound/workflow/spectrum_by_label.hpp"

#include <fmt/format.h>

#include <cmath>

#include "reconbound/error.hpp"
#include "spectrum_steps.hpp"

namespace reconbound::workflow {

namespace {

// The request of one label's spectrum: `spectrum` on its records of D⊥ and D_est at α/C, all
// else as the pooled run (mathematics §6.10, eq 6.10b).
SpectrumRequest label_request(const SpectrumRequest& pooled, const LabelledSplit& split, const LabelRecords& row) {
  SpectrumRequest request = pooled;
  request.data = label_data(pooled.data, split, row);
  request.bound.alpha = pooled.bound.alpha / static_cast<double>(split.labels.size());
  return request;
}

// Each curve's certificate: the class's records of the pooled split, and the levels it joins.
void state_label_levels(SpectrumOutput& output, const LabelRecords& row, const LabelledSplit& split, double alpha) {
  const std::size_t labels = split.labels.size(), curves = output.curves.size();
  for (SpectrumCurve& curve : output.curves) {
    state_class_split(curve.certificate, row, split.origin, labels);
    if (!output.joint || curves < 2) continue;
    // With --joint, each curve at α/(C·R): a union bound over C labels and R representations.
    curve.certificate.scope =
        fmt::format("{}, one of {} labels, joint over {} representations (alpha/{} each; every "
                    "label's curves hold together with probability >= {:.4g}%)",
                    label_title(row), labels, curves, labels * curves, 100.0 * (1.0 - alpha));
  }
}

// One label's curves at the pooled points; too few records for the bound give a row with the
// reason (the pooled spectrum ran with the same settings, so what refuses is the label's records).
void run_label(const Registry& registry, const SpectrumRequest& pooled, const LabelledSplit& split,
               const SpectrumOutput& pooled_output, const std::vector<RepresentationInfo>& infos, LabelSpectrum& row) {
  const SpectrumRequest request = label_request(pooled, split, row);
  const SpectrumSetup setup = checked_spectrum_setup(registry, request);
  SpectrumOutput output = spectrum_output(request, setup);
  output.data_source = pooled_output.data_source;
  output.points = pooled_output.points;  // σ and γ read no record: the pooled run's (mathematics §8)
  const SplitData data = load_split_data(request.data);
  try {
    output.curves = spectrum_curves(registry, request, setup, data, output.points, infos);
  } catch (const InvalidInput& too_few) {
    row.trivial = fmt::format("too few records ({} in D_perp, {} in D_est): {}", row.perp_indices.size(),
                              row.est_indices.size(), too_few.what());
    return;
  }
  state_label_levels(output, row, split, pooled.bound.alpha);
  row.output = std::move(output);
}

// At every ε of every representation, the label with the smallest absolute bound.
std::vector<std::vector<WorstLabel>> worst_labels(const std::vector<LabelSpectrum>& labels, std::size_t curves,
                                                  std::size_t points) {
  std::vector<std::vector<WorstLabel>> worst(curves, std::vector<WorstLabel>(points));
  for (std::size_t r = 0; r < curves; ++r) {
    for (std::size_t i = 0; i < points; ++i) {
      WorstLabel& w = worst[r][i];
      w = {0, labels[0].rho_star(r, i), labels[0].abs_bound(r, i), 1};
      for (std::size_t c = 1; c < labels.size(); ++c) {
        const double bound = labels[c].abs_bound(r, i);
        if (bound < w.abs_bound) w = {c, labels[c].rho_star(r, i), bound, 1};
        else if (bound == w.abs_bound) ++w.tied;
      }
    }
  }
  return worst;
}

}  // namespace

double rmse_per_coordinate(double abs_bound, std::size_t m) {
  return m > 0 ? std::sqrt(abs_bound / static_cast<double>(m)) : 0.0;  // eq 13's bound per coordinate
}

SpectrumByLabelOutput run_spectrum_by_label(const Registry& registry, const SpectrumByLabelRequest& request) {
  const SpectrumRequest& pooled = request.spectrum;
  const SpectrumSetup setup = checked_spectrum_setup(registry, pooled);  // before the labels are read
  const LabelledSplit split = split_by_label(pooled.data, request.labels);
  SpectrumByLabelOutput out;
  out.labels_source = split.source;
  out.alpha = pooled.bound.alpha;
  out.pooled = spectrum_output(pooled, setup);
  const SplitData data = load_split_data(pooled.data);
  out.pooled.data_source = data.dataset->source;
  const std::vector<RepresentationInfo> infos = spectrum_infos(setup, data.dataset->shape);
  out.pooled.points = calibrate_spectrum(registry, pooled, setup, data.dataset->shape);  // once for all
  out.pooled.curves = spectrum_curves(registry, pooled, setup, data, out.pooled.points, infos);
  for (const LabelRecords& label : split.labels) {
    out.labels.push_back(LabelSpectrum{label, std::nullopt, ""});
    run_label(registry, pooled, split, out.pooled, infos, out.labels.back());
  }
  out.worst = worst_labels(out.labels, out.pooled.curves.size(), out.pooled.points.size());
  return out;
}

}  // namespace reconbound::workflow
