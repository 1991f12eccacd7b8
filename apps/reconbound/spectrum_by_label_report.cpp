#include "spectrum_by_label_report.hpp"

#include <fmt/format.h>

#include "spectrum_report.hpp"

namespace reconbound::cli {

namespace {

// Beside each pooled row: the label with the smallest certified absolute bound at that ε, its
// ρ* and the per-coordinate RMSE of its bound.
SpectrumColumns worst_label_columns(const workflow::SpectrumByLabelOutput& o) {
  const std::string unit = o.pooled.curves.front().representation_unit;
  return {fmt::format("  | {:<18} {:>9} {:>10}", "worst label", "rho*", "RMSE >="),
          [&o](std::size_t r, std::size_t i) {
            const workflow::WorstLabel& w = o.worst[r][i];
            const workflow::LabelSpectrum& row = o.labels[w.row];
            // Several labels with nothing certified at this ε: their count, not the lowest of them.
            const std::string who =
                w.tied > 1 ? fmt::format("({} labels tie)", w.tied) : fmt::format("{} {}", row.label, row.name);
            return fmt::format("  | {:<18} {:>9.5f} {:>10.4g}", who, w.rho_star,
                               workflow::rmse_per_coordinate(w.abs_bound, o.pooled.curves[r].report.m));
          }};
}

// One representation's ρ* of every label at every ε, and why a label has none.
void print_label_rows(const workflow::SpectrumByLabelOutput& o, std::size_t r) {
  fmt::print("\nrepresentation {}: rho* of each label at each target epsilon\n", o.pooled.curves[r].representation);
  std::string header = fmt::format("{:>5}  {:<16} {:>6} {:>6}", "label", "name", "n_perp", "n_est");
  for (const workflow::SpectrumPoint& p : o.pooled.points) header += fmt::format(" {:>8.4g}", p.target_epsilon);
  fmt::print("{}\n", header);
  for (const workflow::LabelSpectrum& row : o.labels) {
    std::string line = fmt::format("{:>5}  {:<16} {:>6} {:>6}", row.label, row.name, row.perp_indices.size(),
                                   row.est_indices.size());
    for (std::size_t i = 0; i < o.pooled.points.size(); ++i) line += fmt::format(" {:>8.5f}", row.rho_star(r, i));
    fmt::print("{}{}\n", line, row.trivial.empty() ? "" : "  " + row.trivial);
  }
}

}  // namespace

void print_spectrum_by_label_table(const workflow::SpectrumByLabelOutput& o) {
  const std::size_t n = o.labels.size();
  fmt::print("pooled spectrum (all labels, its own statement), beside it the worst of {} labels at each epsilon "
             "(the smallest certified absolute bound; RMSE per coordinate in {})\n",
             n, o.pooled.curves.front().representation_unit);
  print_spectrum_table(o.pooled, worst_label_columns(o));
  // Each curve at α/C, or α/(C·R) with --joint over R representations (mathematics §6.10).
  const std::size_t curves = o.pooled.curves.size(), share = o.pooled.joint && curves > 1 ? n * curves : n;
  const char* which = o.pooled.joint && curves > 1 ? "every curve of every label and representation at once"
                      : curves > 1                 ? "every label's curve at once, per representation"
                                                   : "every label's curve at once";
  fmt::print("\nby label ({}; {} with probability >= {:.4g}%, each curve at alpha/{} = {:.4g})\n", o.labels_source,
             which, 100.0 * (1.0 - o.alpha), share, o.alpha / static_cast<double>(share));
  for (std::size_t r = 0; r < o.pooled.curves.size(); ++r) print_label_rows(o, r);
  fmt::print("\n{}\n", workflow::spectrum_by_label_statement(o));
}

std::vector<figures::SpectrumCurve> worst_label_curves(const workflow::SpectrumByLabelOutput& o) {
  std::vector<figures::SpectrumCurve> out;
  for (std::size_t r = 0; r < o.worst.size(); ++r) {
    figures::SpectrumCurve line{fmt::format("{}: worst of {} labels", o.pooled.curves[r].representation,
                                            o.labels.size()), {}, {}, true, r};
    for (std::size_t i = 0; i < o.worst[r].size(); ++i) {
      line.epsilons.push_back(o.pooled.points[i].target_epsilon);
      line.rho_star.push_back(o.worst[r][i].rho_star);
    }
    out.push_back(std::move(line));
  }
  return out;
}

}  // namespace reconbound::cli
