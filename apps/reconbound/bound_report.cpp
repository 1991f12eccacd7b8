#include "bound_report.hpp"

#include <fmt/format.h>

#include <cmath>

#include "certificate_report.hpp"
#include "selection_report.hpp"

namespace reconbound::cli {

namespace {

const PairBound* pair_bound(const ConverseResult& result, const GridPair& pair) {
  for (const auto& p : result.pairs) {
    if (p.pair == pair) return &p;
  }
  return nullptr;
}

}  // namespace

void print_bound_table(const workflow::BoundOutput& c) {
  const BoundReport& r = c.report;
  fmt::print("data            {}\n", c.data_source);
  fmt::print("representation  {} (m = {}; Hadamard order {}, padding {:.2f}%)\n", c.representation, r.m,
             r.m_padded, 100.0 * r.padding_fraction);
  fmt::print("split           |D_perp| = {}, n_est = {}, seed {}\n", r.n_perp, r.n_est, c.seed);
  fmt::print("rotation        {}\n", r.rotation);
  fmt::print("tr Sigma        {:.6g} on D_perp; upper confidence bound {:.6g} from D_est (alpha = {:.4g}); "
             "normaliser {:.6g} ({})\n",
             r.trace_sigma, r.trace_sigma_ucb, r.trace_sigma_ucb_alpha, r.normaliser,
             r.normaliser_kind == Normaliser::ucb ? "the UCB" : "the point estimate, the UCB only reported");
  fmt::print("leakage         {}\n", c.leakage_source);
  for (const auto& [name, value] : c.leakage_details) fmt::print("                {} = {:.6g}\n", name, value);
  fmt::print("grid            {}\n\n", selection_summary(r.selection));
  if (r.entropies.empty()) {  // --select-only: the prediction is the result
    print_predictions(r.selection);
    return;
  }

  fmt::print("{:>12} {:>9} {:>5} {:>6} {:>12} {:>9}\n", "gamma (bits)", "rho*", "k*", "nu2*",
             "abs bound", "rho point");
  for (const auto& result : r.results) {
    const auto& cr = result.converse;
    fmt::print("{:>12.6g} {:>9.5f} {:>5} {:>6.2g} {:>12.6g} {:>9.5f}\n", result.gamma_bits, cr.rho_star,
               cr.arg_max.k, cr.arg_max.nu2, cr.abs_bound, cr.rho_point);
  }
  if (!r.results.empty()) {
    fmt::print("\n{}\n", certificate_sentence(c.certificate, r, r.results.front()));
    print_certificate(c.certificate);
  }

  // The generic columns around the estimator's own (goldfeld: n_mc, t_mc, t_md).
  fmt::print("\n{:>4} {:>5} {:>10} {:>10}{} {:>9} {:>10} {:>9}\n", "k", "nu2", "s", "h_point",
             details_header(r.entropies.front().details), "t_num", "h_lb", "rho");
  const ConverseResult* first = r.results.empty() ? nullptr : &r.results.front().converse;
  for (const auto& e : r.entropies) {
    const PairBound* p = first ? pair_bound(*first, e.pair) : nullptr;
    fmt::print("{:>4} {:>5.2g} {:>10.4g} {:>10.4f}{} {:>9.2g} {:>10.4f} {:>9.5f}\n", e.pair.k, e.pair.nu2, e.s,
               e.h_point, details_cells(e.details), e.t_num, e.h_lb, p ? p->rho : NAN);
  }
  const auto& t = r.timings;
  fmt::print("\ntimings (s): represent {:.2f}, tr Sigma {:.2f}, rotation {:.2f}, grid selection {:.2f}, "
             "entropy {:.2f}, converse {:.3f}\n", t.represent_s, t.trace_s, t.rotation_s, t.selection_s,
             t.entropy_s, t.converse_s);
  fmt::print("entropy computed on: {}\n", r.entropies.front().computed_on);
}

}  // namespace reconbound::cli
