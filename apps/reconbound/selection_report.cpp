#include "selection_report.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdint>
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
  // The screen's sizes, then the refinement's (the last) for the contenders.
  const std::vector<std::size_t> screen(s.pilot_sizes.begin(), s.pilot_sizes.end() - 1);
  return fmt::format("pilot on D_perp ({} records, {} for {} contenders, {} draw, {:.1f} s): {} of {} pairs certified: {}",
                     fmt::join(screen, "/"), s.pilot_sizes.back(), s.contenders, s.pilot_n_mc, s.seconds,
                     s.selected.size(), s.candidates, pair_list(s.selected));
}

std::string details_header(const EstimateDetails& details) {
  std::string out;
  for (const EstimateDetail& d : details) out += d.count ? fmt::format(" {:>6}", d.name) : fmt::format(" {:>8}", d.name);
  return out;
}

std::string details_cells(const EstimateDetails& details) {
  std::string out;
  for (const EstimateDetail& d : details) {
    out += d.count ? fmt::format(" {:>6}", static_cast<std::uint64_t>(d.value)) : fmt::format(" {:>8.4f}", d.value);
  }
  return out;
}

void print_predictions(const GridSelectionReport& s) {
  const EstimateDetails none;
  const EstimateDetails& names = s.predictions.empty() ? none : s.predictions.front().details;
  fmt::print("{:>4} {:>5} {:>7} {:>12} {:>12}{} {:>12}  {}\n", "k", "nu2", "n pilot", "h pilot", "h predicted",
             details_header(names), "h_lb pred", "rho* predicted per gamma (* = certified)");
  for (const PairPrediction& p : s.predictions) {
    std::vector<std::string> rho;
    for (const double r : p.rho_predicted) rho.push_back(fmt::format("{:.4f}", r));
    if (s.goal.target_rho > 0.0) rho.push_back(fmt::format("gamma {:.4g}", p.gamma_for_target));
    fmt::print("{:>4} {:>5g} {:>7} {:>12.4f} {:>12.4f}{} {:>12.4f}  {}{}\n", p.pair.k, p.pair.nu2,
               p.sizes.empty() ? 0 : p.sizes.back(), p.h_pilot.empty() ? 0.0 : p.h_pilot.back(), p.h_predicted,
               details_cells(p.details), p.h_lb_predicted, fmt::join(rho, " "), p.selected ? " *" : "");
  }
}

}  // namespace reconbound::cli
