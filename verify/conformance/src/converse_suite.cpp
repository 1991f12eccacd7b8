// The converse suite (mathematics §5, reconbound/converse.hpp): ρ* ∈ [0, 1] is the maximum of eq 14
// over the grid at the reported arg-max, at most the point estimate; it never grows with γ and
// never falls when the entropy bounds rise; the largest admissible γ of a target inverts it
// (mathematics §8); bad inputs are refused; then the reference.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "reconbound/conformance/suites.hpp"
#include "plugin_references.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance {
namespace {

using detail::CheckList;
using detail::num;
using detail::precise;
using detail::relation;
using detail::Verdict;
using detail::WorstCase;

constexpr double kTrace = 4000.0;
const std::vector<double> kGammas{0.0, 0.1, 1.0, 5.0, 20.0, 100.0};

// Entropy bounds of a plausible estimate on the grid k ∈ {1, 4, 16}, ν² ∈ {0.2, 1.6}: a
// Gaussian of per-coordinate variance tr Σ/16 seen through the dither s (mathematics §5), shifted by
// `shift` bits, with margins t_MC = 0.1 and t_MD = 0.3 bits.
std::vector<GridEntropy> entropies(double shift = 0.0) {
  std::vector<GridEntropy> out;
  for (std::size_t k : {1U, 4U, 16U}) {
    for (double nu2 : {0.2, 1.6}) {
      GridEntropy e;
      e.pair = {k, nu2};
      e.s = std::sqrt(nu2 * kTrace / static_cast<double>(k));  // mathematics §5
      e.n = 1000;
      // (k/2)·log2(2πe·(tr Σ/16 + s²)) bits: a Gaussian block's entropy.
      e.h_point = 0.5 * static_cast<double>(k) *
                      std::log2(2.0 * std::numbers::pi * std::numbers::e * (kTrace / 16.0 + e.s * e.s)) + shift;
      e.h_lb = e.h_point - 0.4;  // margins of 0.4 bits below the point estimate (mathematics §6.4)
      out.push_back(e);
    }
  }
  return out;
}

std::string pair_name(const GridPair& pair) { return fmt::format("(k = {}, nu2 = {})", pair.k, pair.nu2); }

// ρ* is the largest pair bound, and the arg-max pair's bound is ρ*.
Verdict rho_star_is_grid_maximum(const Converse& converse, const std::vector<GridEntropy>& grid) {
  const ConverseResult r = converse.bound({1.0, &grid, kTrace});
  if (r.pairs.size() != grid.size()) {
    return Verdict{false, fmt::format("{} pair bounds for {} grid pairs", r.pairs.size(), grid.size())};
  }
  double best = 0.0;
  for (const PairBound& p : r.pairs) best = std::max(best, p.rho);
  const auto at = std::find_if(r.pairs.begin(), r.pairs.end(), [&](const PairBound& p) { return p.pair == r.arg_max; });
  const bool at_max = at != r.pairs.end() && at->rho == r.rho_star;
  return Verdict{r.rho_star == best && at_max,
                 fmt::format("rho* = {}, max over {} pairs = {}, rho at the arg-max {} = {} (gamma = 1 bit)",
                             precise(r.rho_star), r.pairs.size(), precise(best), pair_name(r.arg_max),
                             at == r.pairs.end() ? std::string("(not in the grid)") : precise(at->rho))};
}

// At the largest admissible γ the target is met, and a little more leakage misses it (mathematics §8).
Verdict largest_gamma_inverts_bound(const Converse& converse, const std::vector<GridEntropy>& grid) {
  WorstCase worst;
  for (double target : {0.05, 0.2, 0.5, 0.9}) {
    const LeakageBudget budget = converse.largest_gamma({0.0, &grid, kTrace}, target);
    const double more = budget.gamma_bits + 1e-6 * std::max(1.0, std::abs(budget.gamma_bits));
    if (budget.gamma_bits >= 0.0) {
      const double at = converse.bound({budget.gamma_bits, &grid, kTrace}).rho_star;
      worst.add(at - target, fmt::format("rho*(largest gamma = {}) = {} {} target {}", precise(budget.gamma_bits),
                                         precise(at), relation(">="), target));
    }
    if (more >= 0.0) {
      const double past = converse.bound({more, &grid, kTrace}).rho_star;
      worst.add(past < target ? target - past : std::nan(""), fmt::format("rho*(largest gamma + 1e-6 rel = {}) = {} {} target {}", precise(more),
                                           precise(past), relation("<"), target));
    }
  }
  return worst.verdict("rho*(largest_gamma(R)) >= R > rho*(a little more), R in {0.05, 0.2, 0.5, 0.9}");
}

void check_laws(const Converse& converse, const std::vector<GridEntropy>& grid, CheckList& list) {
  const auto rho_star = [&](double gamma) { return converse.bound({gamma, &grid, kTrace}).rho_star; };
  list.run("rho_star_in_unit_interval", [&] {
    WorstCase worst;
    for (double gamma : kGammas) {
      const double rho = rho_star(gamma);
      worst.add(rho, fmt::format("rho* = {} {} 0 at gamma = {} bits", precise(rho), relation(">="), gamma));
      worst.add(1.0 - rho, fmt::format("rho* = {} {} 1 at gamma = {} bits", precise(rho), relation("<="), gamma));
    }
    return worst.verdict("0 <= rho* <= 1");
  });
  list.run("rho_point_at_least_rho_star", [&] {
    WorstCase worst;
    for (double gamma : kGammas) {
      const ConverseResult r = converse.bound({gamma, &grid, kTrace});
      worst.add(r.rho_point - r.rho_star, fmt::format("rho_point = {} {} rho* = {} at gamma = {} bits",
                                                      precise(r.rho_point), relation(">="), precise(r.rho_star), gamma));
    }
    return worst.verdict("the point estimate (margins dropped) >= rho*");
  });
  list.run("rho_star_is_grid_maximum", [&] { return rho_star_is_grid_maximum(converse, grid); });
  list.run("non_increasing_in_gamma", [&] {
    WorstCase worst;
    for (std::size_t i = 1; i < kGammas.size(); ++i) {
      const double before = rho_star(kGammas[i - 1]);
      const double after = rho_star(kGammas[i]);
      worst.add(before - after, fmt::format("rho*(gamma = {}) = {} {} rho*(gamma = {}) = {}", kGammas[i - 1],
                                            precise(before), relation(">="), kGammas[i], precise(after)));
    }
    return worst.verdict("rho* never grows with gamma");
  });
  // eq 14 grows with h̄_LB: more entropy to destroy, more error left.
  list.run("non_decreasing_in_entropy", [&] {
    WorstCase worst;
    const std::vector<double> shifts{-20.0, -5.0, 0.0, 5.0, 20.0};
    double before = 0.0;
    for (std::size_t i = 0; i < shifts.size(); ++i) {
      const std::vector<GridEntropy> shifted = entropies(shifts[i]);
      const double after = converse.bound({5.0, &shifted, kTrace}).rho_star;
      if (i > 0) {
        worst.add(after - before, fmt::format("rho*(h_LB {:+} bits) = {} {} rho*(h_LB {:+} bits) = {} (gamma = 5 bits)", shifts[i - 1],
                                              precise(before), relation("<="), shifts[i], precise(after)));
      }
      before = after;
    }
    return worst.verdict("rho* never falls when every h_LB rises");
  });
  list.run("largest_gamma_inverts_bound", [&] { return largest_gamma_inverts_bound(converse, grid); });
  list.run("bad_inputs_refused", [&] {
    return detail::all_refused({{"no entropies", [&] { converse.bound({1.0, nullptr, kTrace}); }},
                                {"gamma = NaN", [&] { converse.bound({std::nan(""), &grid, kTrace}); }},
                                {"tr Sigma = -1", [&] { converse.bound({1.0, &grid, -1.0}); }}});
  });
}

}  // namespace

std::vector<Check> check_converse(const Converse& converse, std::string_view name, const Params& /*params*/) {
  CheckList list;
  const std::vector<GridEntropy> grid = entropies();
  check_laws(converse, grid, list);
  if (const auto* reference = detail::builtin_plugin_references().converses.find(name)) {
    (*reference)(converse, grid, kTrace, list);
  }
  return std::move(list).take();
}

}  // namespace reconbound::conformance
