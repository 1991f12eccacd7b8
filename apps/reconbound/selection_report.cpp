#include "selection_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <vector>

namespace reconbound::cli {

namespace {

std::string pair_list(const std::vector<GridPair>& pairs) {
  std::vector<std::string> items;
  for (const GridPair& p : pairs) items.push_back(fmt::format("(k={}, nu2={:g})", p.k, p.nu2));
  return fmt::format("{}", fmt::join(items, ", "));
}

}  // namespace

std::string selection_summary(const GridSelectionReport& s) {
  if (s.method != "pilot") {
    return fmt::format("all {} pairs certified ({})", s.selected.size(), s.reason);
  }
  return fmt::format("pilot on D_perp ({} records, {} draw, {:.1f} s): {} of {} pairs certified: {}",
                     fmt::join(s.pilot_sizes, "/"), s.pilot_n_mc, s.seconds, s.selected.size(),
                     s.candidates, pair_list(s.selected));
}

void print_predictions(const GridSelectionReport& s) {
  fmt::print("{:>4} {:>5} {:>12} {:>12} {:>5} {:>12}  {}\n", "k", "nu2", "h pilot", "h predicted",
             "n_mc", "h_lb pred", "rho* predicted per gamma (* = certified)");
  for (const PairPrediction& p : s.predictions) {
    std::vector<std::string> rho;
    for (const double r : p.rho_predicted) rho.push_back(fmt::format("{:.4f}", r));
    if (s.goal.target_rho > 0.0) rho.push_back(fmt::format("gamma {:.4g}", p.gamma_for_target));
    fmt::print("{:>4} {:>5g} {:>12.4f} {:>12.4f} {:>5} {:>12.4f}  {}{}\n", p.pair.k, p.pair.nu2,
               p.h_pilot.empty() ? 0.0 : p.h_pilot.back(), p.h_predicted, p.n_mc, p.h_lb_predicted,
               fmt::join(rho, " "), p.selected ? " *" : "");
  }
}

}  // namespace reconbound::cli
