// The bound per label in words and in JSON (mathematics §6.10).
#include <fmt/format.h>

#include <cmath>

#include "json_joint_labels.hpp"
#include "reconbound/workflow/by_label.hpp"
#include "reconbound/workflow/json.hpp"

namespace reconbound::workflow {

namespace {

// The per-coordinate RMSE of eq 13's bound: sqrt(abs_bound / m), in Ψ's unit.
double rmse_per_coordinate(const LabelBound& row) {
  return row.output ? std::sqrt(row.abs_bound() / static_cast<double>(row.output->report.m)) : 0.0;
}

nlohmann::json label_results(const LabelBound& row) {
  nlohmann::json results = nlohmann::json::array();
  if (!row.output) return results;
  for (const BoundResult& r : row.output->report.results) {
    results.push_back({{"gamma_bits", r.gamma_bits}, {"rho_star", r.converse.rho_star},
                       {"k_star", r.converse.arg_max.k}, {"nu2_star", r.converse.arg_max.nu2},
                       {"abs_bound", r.converse.abs_bound}});
  }
  return results;
}

nlohmann::json label_row(const LabelBound& row, std::size_t labels, double alpha) {
  const BoundOutput* b = row.output ? &*row.output : nullptr;
  const ConverseResult* first = row.first();
  nlohmann::json out{{"label", row.label},
                     {"name", row.name},
                     {"n_perp", row.perp_indices.size()},
                     {"n_est", row.est_indices.size()},
                     {"rho_star", row.rho_star()},
                     {"k_star", first ? nlohmann::json(first->arg_max.k) : nlohmann::json(nullptr)},
                     {"nu2_star", first ? nlohmann::json(first->arg_max.nu2) : nlohmann::json(nullptr)},
                     {"abs_bound", row.abs_bound()},
                     {"rmse_per_coordinate", rmse_per_coordinate(row)},
                     {"certificate_alpha", alpha / static_cast<double>(labels)},
                     {"trivial", row.trivial.empty() ? nlohmann::json(nullptr) : nlohmann::json(row.trivial)},
                     {"results", label_results(row)}};
  out["trace_sigma"] = b ? nlohmann::json(b->report.trace_sigma) : nlohmann::json(nullptr);
  out["trace_sigma_ucb"] = b ? nlohmann::json(b->report.trace_sigma_ucb) : nlohmann::json(nullptr);
  out["certificate"] = b && first ? to_json(b->certificate, certificate_sentence(b->certificate, b->report,
                                                                                 b->report.results.front()))
                                  : nlohmann::json(nullptr);
  return out;
}

}  // namespace

std::string most_exposed_sentence(const ByLabelOutput& o) {
  const std::size_t n = o.labels.size();
  const std::string joint = fmt::format("With probability >= {:.4g}% over the data sample and the Monte Carlo draws, "
                                        "jointly for all {} labels (each at alpha/{})",
                                        100.0 * (1.0 - o.alpha), n, n);
  const LabelBound& worst = o.labels.front();
  if (!worst.trivial.empty()) {
    return fmt::format("{}, the most exposed: records of class {}: nothing is certified ({}).", joint, worst.name,
                       worst.trivial);
  }
  const std::string unit = worst.output->representation_unit;
  const double x = 100.0 * worst.rho_star(), y = rmse_per_coordinate(worst);
  if (worst.output->certificate.certifies == "rho_star") {
    return fmt::format("{}, the most exposed: records of class {}: every attack's RMSE is at least {:.1f}% of the best "
                       "guess that knows the class (at least {:.4g} {} per coordinate).", joint, worst.name, x, y, unit);
  }
  return fmt::format("{}, the most exposed: records of class {}: every attack's RMSE is at least {:.4g} {} per "
                     "coordinate ({:.1f}% of the best guess that knows the class, a point normalisation, not "
                     "certified).", joint, worst.name, y, unit, x);
}

nlohmann::json to_json(const ByLabelOutput& o) {
  nlohmann::json rows = nlohmann::json::array();
  for (const LabelBound& row : o.labels) rows.push_back(label_row(row, o.labels.size(), o.alpha));
  const std::size_t n = o.labels.size();
  return {{"pooled", to_json(o.pooled)},
          {"labels_source", o.labels_source},
          {"by_label", rows},
          {"by_label_certificate",
           joint_label_certificate(n, o.alpha, o.pooled.certificate.certifies, most_exposed_sentence(o),
                                   fmt::format("every row of by_label at once, by the union bound over the {} labels "
                                               "(mathematics §6.10); the pooled bound is its own statement at its "
                                               "own level",
                                               n))}};
}

}  // namespace reconbound::workflow
