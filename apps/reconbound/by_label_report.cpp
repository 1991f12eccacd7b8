#include "by_label_report.hpp"

#include <fmt/format.h>

#include <cmath>

namespace reconbound::cli {

namespace {

void print_pooled(const workflow::BoundOutput& pooled) {
  const BoundReport& r = pooled.report;
  fmt::print("data            {}\n", pooled.data_source);
  fmt::print("representation  {} (m = {})\n", pooled.representation, r.m);
  fmt::print("leakage         {}\n", pooled.leakage_source);
  fmt::print("split           |D_perp| = {}, n_est = {}, seed {}\n\n", r.n_perp, r.n_est, pooled.seed);
  if (r.results.empty()) return;
  const BoundResult& first = r.results.front();
  fmt::print("pooled (all labels, its own statement): rho* = {:.5f} (k* = {}, nu2* = {:.2g})\n",
             first.converse.rho_star, first.converse.arg_max.k, first.converse.arg_max.nu2);
  fmt::print("  {}\n\n", certificate_sentence(pooled.certificate, r, first));
}

}  // namespace

void print_by_label_table(const workflow::ByLabelOutput& o) {
  print_pooled(o.pooled);
  const std::size_t n = o.labels.size();
  fmt::print("by label (every row at once with probability >= {:.4g}%, each at alpha/{} = {:.4g}; "
             "the smallest guaranteed error first)\n", 100.0 * (1.0 - o.alpha), n, o.alpha / static_cast<double>(n));
  const std::string unit = o.pooled.representation_unit;
  fmt::print("{:>5}  {:<16} {:>6} {:>6} {:>8} {:>4} {:>5} {:>14}  {}\n", "label", "name", "n_perp", "n_est", "rho*",
             "k*", "nu2*", "RMSE >=", fmt::format("(per coordinate, {})", unit));
  for (const workflow::LabelBound& row : o.labels) {
    const ConverseResult* c = row.first();
    const double rmse = c ? std::sqrt(c->abs_bound / static_cast<double>(row.output->report.m)) : 0.0;
    fmt::print("{:>5}  {:<16} {:>6} {:>6} {:>8.5f} {:>4} {:>5} {:>14.4g}  {}\n", row.label, row.name,
               row.perp_indices.size(), row.est_indices.size(), row.rho_star(),
               c ? fmt::format("{}", c->arg_max.k) : "-", c ? fmt::format("{:.2g}", c->arg_max.nu2) : "-", rmse,
               row.trivial);
  }
  fmt::print("\n{}\n", workflow::most_exposed_sentence(o));
}

}  // namespace reconbound::cli
