// The spectrum per label in words and in JSON (mathematics §6.10).
#include <fmt/format.h>

#include <utility>

#include "json_joint_labels.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/spectrum_by_label.hpp"

namespace reconbound::workflow {

namespace {

// The α of each of a label's curves: α/C, or α/(C·R) with --joint over R representations.
double curve_alpha(const SpectrumByLabelOutput& o) {
  const double labels = static_cast<double>(o.labels.size());
  const std::size_t curves = o.pooled.curves.size();
  return o.pooled.joint && curves > 1 ? o.alpha / labels / static_cast<double>(curves) : o.alpha / labels;
}

nlohmann::json label_row(const SpectrumByLabelOutput& o, const LabelSpectrum& row) {
  return {{"label", row.label},
          {"name", row.name},
          {"n_perp", row.perp_indices.size()},
          {"n_est", row.est_indices.size()},
          {"certificate_alpha", o.alpha / static_cast<double>(o.labels.size())},
          {"curve_alpha", curve_alpha(o)},
          {"trivial", row.trivial.empty() ? nlohmann::json(nullptr) : nlohmann::json(row.trivial)},
          // As `spectrum --json` prints them for the label's index files (certificates aside).
          {"representations", row.output ? to_json(*row.output).at("representations") : nlohmann::json::array()}};
}

nlohmann::json worst_curves(const SpectrumByLabelOutput& o) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t r = 0; r < o.worst.size(); ++r) {
    const SpectrumCurve& pooled = o.pooled.curves[r];
    nlohmann::json points = nlohmann::json::array();
    for (std::size_t i = 0; i < o.worst[r].size(); ++i) {
      const WorstLabel& w = o.worst[r][i];
      points.push_back({{"target_epsilon", o.pooled.points[i].target_epsilon},
                        {"label", o.labels[w.row].label},
                        {"name", o.labels[w.row].name},
                        {"rho_star", w.rho_star},
                        {"abs_bound", w.abs_bound},
                        {"labels_tied", w.tied},
                        {"rmse_per_coordinate", rmse_per_coordinate(w.abs_bound, pooled.report.m)}});
    }
    out.push_back({{"representation", pooled.representation},
                   {"representation_unit", pooled.representation_unit},
                   {"points", points}});
  }
  return out;
}

}  // namespace

std::string spectrum_by_label_statement(const SpectrumByLabelOutput& o) {
  const std::size_t n = o.labels.size(), curves = o.pooled.curves.size();
  std::string which = fmt::format("jointly for all {0} labels (each label's curve at alpha/{0})", n);
  if (curves > 1 && o.pooled.joint) {
    which = fmt::format("jointly for all {} labels and all {} representations (each curve at alpha/{})", n, curves,
                        n * curves);
  } else if (curves > 1) {
    which = fmt::format("jointly for all {0} labels, for each representation on its own (each label's curve at "
                        "alpha/{0}; --joint joins the representations)", n);
  }
  return fmt::format("With probability >= {:.4g}% over the data sample and the Monte Carlo draws, {}: at every "
                     "target epsilon, every attack's expected squared error on the records of each class is at "
                     "least that class's abs_bound, so on the class it reconstructs best at least the worst "
                     "label's (the smallest of them).", 100.0 * (1.0 - o.alpha), which);
}

nlohmann::json to_json(const SpectrumByLabelOutput& o) {
  nlohmann::json out = to_json(o.pooled);
  nlohmann::json rows = nlohmann::json::array();
  for (const LabelSpectrum& row : o.labels) rows.push_back(label_row(o, row));
  const std::size_t n = o.labels.size();
  out["labels_source"] = o.labels_source;
  out["by_label"] = rows;
  out["worst_label"] = worst_curves(o);
  nlohmann::json joint = joint_label_certificate(
      n, o.alpha, o.pooled.curves.front().certificate.certifies, spectrum_by_label_statement(o),
      fmt::format("every curve of by_label at once, by the union bound over the {} labels (mathematics §6.10); "
                  "worst_label is their pointwise minimum, valid on the same event; the pooled spectrum is its own "
                  "statement at its own level", n));
  joint["alpha_per_curve"] = curve_alpha(o);
  joint["levels"] = o.pooled.joint && o.pooled.curves.size() > 1 ? "joint over labels and representations"
                                                                 : "joint over labels, per representation";
  out["by_label_certificate"] = std::move(joint);
  return out;
}

}  // namespace reconbound::workflow
