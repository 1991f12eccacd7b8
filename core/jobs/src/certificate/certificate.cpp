// The certificate of a bound (mathematics §6.8): the union bound over its random events.
#include "reconbound/certificate.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

namespace reconbound {

namespace {

// The devices that computed `entropies` (GridEntropy::computed_on), each once.
std::string devices_of(const std::vector<GridEntropy>& entropies) {
  std::vector<std::string> seen;
  for (const GridEntropy& e : entropies) {
    if (std::find(seen.begin(), seen.end(), e.computed_on) == seen.end()) seen.push_back(e.computed_on);
  }
  return fmt::format("{}", fmt::join(seen, "; "));
}

double largest_t_num(const std::vector<GridEntropy>& entropies) {
  double out = 0.0;
  for (const GridEntropy& e : entropies) out = std::max(out, e.t_num);
  return out;
}

CertificateIngredient normaliser_ingredient(const BoundReport& r) {
  if (r.normaliser_kind == Normaliser::sample) {
    return {"normaliser", "point estimate", 0.0, "D_perp",
            fmt::format("tr Sigma-hat = {:.6g} on D_perp divides: rho* is a point normalisation of the "
                        "certified abs_bound, not itself certified", r.trace_sigma)};
  }
  return {"normaliser", "probability", r.alpha_shares.normaliser, "D_est, centred at the mean of D_perp",
          fmt::format("tr Sigma <= {:.6g}: empirical Bernstein bound (eq 6.5b) on the mean of "
                      "||Psi(x) - c||^2 over {} records (tr Sigma-hat on D_perp: {:.6g})",
                      r.trace_sigma_ucb, r.n_est, r.trace_sigma)};
}

CertificateIngredient leakage_ingredient(LeakageOrigin origin, double error) {
  switch (origin) {
    case LeakageOrigin::given:
      return {"leakage", "exact", 0.0, "none", "gamma given by the caller, taken as an exact upper bound"};
    case LeakageOrigin::mechanism_with_error:
      return {"leakage", "numerical, bound added", 0.0, "none",
              fmt::format("gamma + its numerical error bound (at most {:.3g} bits) enters the converse", error)};
    case LeakageOrigin::mechanism_exact:
      break;
  }
  return {"leakage", "exact", 0.0, "none", "the mechanism reports no numerical error bound: gamma taken as exact"};
}

// Mathematics §7: the margins hold for D_est i.i.d. and independent of D⊥.
CertificateIngredient split_ingredient(const SplitOrigin& split) {
  if (split.random) {
    return {"split", "exchangeable by construction", 0.0, "the seed",
            fmt::format("{}: D_perp and D_est are disjoint random subsets, so D_est is an i.i.d. sample "
                        "independent of D_perp when the data set's records are", split.how)};
  }
  return {"split", "assumed", 0.0, "none",
          fmt::format("{}, not a random split: assumes D_est is an i.i.d. sample independent of D_perp "
                      "(mathematics §7)", split.how)};
}

}  // namespace

std::string split_assumption_note(const Certificate& c) {
  if (c.split.random) return {};
  return fmt::format("D_perp and D_est were not drawn at random ({}): the certificate assumes D_est is an i.i.d. "
                     "sample independent of D_perp (mathematics §7)", c.split.how);
}

double largest_gamma_error(const std::vector<BoundResult>& results) {
  double out = 0.0;
  for (const BoundResult& result : results) out = std::max(out, result.gamma_error_bits);
  return out;
}

Certificate make_certificate(const BoundReport& r, LeakageOrigin leakage, double gamma_error_bits,
                             const SplitOrigin& split) {
  Certificate c;
  const bool ucb = r.normaliser_kind == Normaliser::ucb;
  c.certifies = ucb ? "rho_star" : "abs_bound";
  c.normaliser = ucb ? "ucb" : "sample";
  c.scope = "this representation";
  c.union_size = r.entropies.size();
  // The estimator's own events over |G'| (its margins), then the normaliser's.
  for (const ConfidenceEvent& e : r.entropy_events) {
    c.ingredients.push_back({e.name, "probability", e.alpha, e.data, e.detail});
  }
  c.ingredients.push_back(normaliser_ingredient(r));
  const double t_num = largest_t_num(r.entropies);
  // Every path bounds its rounding (mathematics §6.9); an estimator that reports t_num = 0 claims
  // exact arithmetic, which the certificate names as its claim.
  c.ingredients.push_back(
      t_num > 0.0 ? CertificateIngredient{"numerical", "numerical, bound added", 0.0, "none",
                                          fmt::format("the estimator's proven rounding error t_num <= {:.3g} bits "
                                                      "is subtracted from every h_LB; computed on {}",
                                                      t_num, devices_of(r.entropies))}
                  : CertificateIngredient{"numerical", "claimed exact by the estimator", 0.0, "none",
                                          fmt::format("the estimator reports t_num = 0 for every h_LB; computed "
                                                      "on {}", devices_of(r.entropies))});
  c.ingredients.push_back(
      {"residue", "numerical, bound added", 0.0, "D_perp",
       fmt::format("the features' rounding (rotation {}, block scaling) moves a record by at most {:.3g} in Psi: "
                   "every pair's RMSE bound is lowered by it; the converse bounds its own arithmetic "
                   "(mathematics §6.9)", r.rotation, r.residue_rmse)});
  c.ingredients.push_back(leakage_ingredient(leakage, gamma_error_bits));
  c.ingredients.push_back({"plugin_bias", "exact", 0.0, "none",
                           "the plug-in entropy's bias is downward (mathematics §6): no margin needed"});
  c.ingredients.push_back(
      {"grid_selection", "fixed before D_est", 0.0, r.selection.method == "pilot" ? "D_perp" : "none",
       fmt::format("G' = {} of {} pairs ({})", c.union_size, r.selection.candidates,
                   r.selection.method == "pilot" ? "pilot on D_perp" : "the whole grid")});
  c.split = split;
  c.ingredients.push_back(split_ingredient(split));
  c.ingredients.push_back({"rotation_and_dither", "fixed before D_est", 0.0, "D_perp and the seed",
                           fmt::format("rotation {} and dither s = nu*sqrt(tr Sigma-hat/k) from D_perp", r.rotation)});
  for (const CertificateIngredient& i : c.ingredients) c.alpha += i.alpha;
  c.level = 1.0 - c.alpha;
  return c;
}

}  // namespace reconbound
