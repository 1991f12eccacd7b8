// The goldfeld estimator's own laws: h̄_LB = ĥ_MC − t_MC − t_MD − t_num from the margins it reports
// (details n_mc, t_mc, t_md; mathematics §6.4), those margins against the MPFR references of
// mathematics §6 (verify/reference_entropy.hpp: t_MD of eq 35, t_MC of eq 34 with σ_MC of §6.3), its
// ĥ_MC against the plug-in entropy computed by quadrature (eq 31), and the margins it predicts for
// grid selection (mathematics §6.6) against those it certifies with.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "reconbound/grid_selection.hpp"
#include "reconbound/verify/reference_entropy.hpp"
#include "reconbound/verify/tolerances.hpp"
#include "plugin_references.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance::detail {
namespace {

using verify::tolerance::kEntropyMargins;

// A goldfeld detail of `e` (NaN when missing, which fails every check it enters).
double detail(const GridEntropy& e, const char* name) { return find_detail(e.details, name).value_or(std::nan("")); }

// |value − reference| ≤ kEntropyMargins·|reference| + the reference's own error.
void add_agreement(WorstCase& worst, const std::string& what, double value, const verify::ReferenceValue& reference) {
  const double allowed = kEntropyMargins * std::abs(reference.value) + reference.abs_error;
  const double discrepancy = std::abs(value - reference.value);
  worst.add(allowed - discrepancy, fmt::format("{} = {}, reference = {}, |diff| = {} {} {}", what, precise(value),
                                               precise(reference.value), num(discrepancy), relation("<="), num(allowed)));
}

void check_margins(const EntropyEstimator& estimator, const EstimatorTestInputs& in, CheckList& list) {
  const EntropyRequest request = entropy_request(in.rows, in.grid, in.trace_sigma);
  const double alpha_mc = request.alpha * request.alpha_mc_fraction;  // α₁ (mathematics §6.2)
  const double alpha_md = request.alpha - alpha_mc;                   // α₂
  list.run("lower_bound_is_estimate_minus_margins", [&] {
    WorstCase worst;
    for (const GridEntropy& e : estimator.estimate(request)) {
      const double t_mc = detail(e, "t_mc"), t_md = detail(e, "t_md");
      const double assembled = e.h_point - t_mc - t_md - e.t_num;  // mathematics §6.4
      const double allowed = 1e-9 * (1.0 + std::abs(e.h_point));
      worst.add(std::min(allowed - std::abs(e.h_lb - assembled), std::min(t_mc, t_md)),
                fmt::format("(k = {}, nu2 = {}): h_LB = {}, h_MC - t_MC - t_MD - t_num = {} bits, allowed {}; "
                            "t_MC = {}, t_MD = {}", e.pair.k, e.pair.nu2, precise(e.h_lb), precise(assembled),
                            num(allowed), num(t_mc), num(t_md)));
    }
    return worst.verdict("h_LB = h_MC - t_MC - t_MD - t_num within 1e-9 (1 + |h_MC|), t_MC and t_MD >= 0");
  });
  list.run("margins_match_mpfr_reference", [&] {
    WorstCase worst;
    for (const GridEntropy& r : estimator.estimate(request)) {
      const std::size_t blocks = static_cast<std::size_t>(in.rows.cols()) / r.pair.k;
      const auto n_mc = static_cast<std::size_t>(detail(r, "n_mc"));
      const verify::ReferenceValue sigma_mc = verify::reference_sigma_mc(r.pair.k, blocks, r.n, n_mc);
      const verify::ReferenceMargins margins =
          verify::reference_margins(r.n, request.union_size, alpha_mc, alpha_md, sigma_mc.value);
      add_agreement(worst, fmt::format("t_MD(k = {})", r.pair.k), detail(r, "t_md"), margins.t_md);
      add_agreement(worst, fmt::format("t_MC(k = {}, n_MC = {})", r.pair.k, n_mc), detail(r, "t_mc"), margins.t_mc);
    }
    return worst.verdict("eq 34-35 (sigma_MC of mathematics §6.3) against MPFR, 1e-12 relative + the reference's error");
  });
}

// The prediction at the estimate's own n and |G| uses the margins the estimate certifies with:
// the same n_MC, t_MC and t_MD, so predicted h_point − h_LB = certified h_point − h_LB − t_num.
void check_predicted_margins(const EntropyEstimator& estimator, const EstimatorTestInputs& in, CheckList& list) {
  list.run("predicted_margins_are_certified_margins", [&] {
    const EntropyRequest request = entropy_request(in.rows, in.grid, in.trace_sigma);
    const std::vector<GridEntropy> certified = estimator.estimate(request);
    const SelectionSettings settings{.alpha = request.alpha, .alpha_mc_fraction = request.alpha_mc_fraction,
                                     .seed = request.seed};
    const PredictionTarget target{.n = static_cast<std::size_t>(in.rows.rows()),
                                  .m = static_cast<std::size_t>(in.rows.cols()),
                                  .union_size = request.union_size,
                                  .alpha = request.alpha,
                                  .alpha_mc_fraction = request.alpha_mc_fraction};
    const std::vector<PilotEstimate> pilots = run_pilot(estimator, in.rows, in.grid, in.trace_sigma, settings);
    WorstCase worst;
    for (std::size_t i = 0; i < std::min(certified.size(), pilots.size()); ++i) {
      const GridEntropy& e = certified[i];
      const EntropyPrediction p = estimator.predict(pilots[i], target);
      const double predicted_margins = p.h_point - p.h_lb;
      const double certified_margins = e.h_point - e.h_lb - e.t_num;
      const double allowed = 1e-12 * (1.0 + std::abs(e.h_point));
      bool same_details = p.details.size() == e.details.size();
      for (std::size_t d = 0; same_details && d < p.details.size(); ++d) {
        same_details = p.details[d].name == e.details[d].name && p.details[d].value == e.details[d].value;
      }
      worst.add(same_details ? allowed - std::abs(predicted_margins - certified_margins) : std::nan(""),
                fmt::format("(k = {}, nu2 = {}): n_MC {} and {}, t_MC {} and {}, t_MD {} and {} (predicted, certified); "
                            "margins {} and {} bits", e.pair.k, e.pair.nu2, num(find_detail(p.details, "n_mc").value_or(0)),
                            num(detail(e, "n_mc")), precise(find_detail(p.details, "t_mc").value_or(0)),
                            precise(detail(e, "t_mc")), precise(find_detail(p.details, "t_md").value_or(0)),
                            precise(detail(e, "t_md")), precise(predicted_margins), precise(certified_margins)));
    }
    const bool all = certified.size() == in.grid.size() && pilots.size() == in.grid.size();
    return all ? worst.verdict("predicted n_MC, t_MC, t_MD equal the certified ones at n = 60, |G| = 4 (mathematics §6.6)")
               : Verdict{false, fmt::format("{} results for {} grid pairs", certified.size(), in.grid.size())};
  });
}

// E[ĥ_MC | sample] is the plug-in entropy ĥ_n (eq 31), and Var ĥ_MC ≤ σ_MC², so by Chebyshev
// |ĥ_MC − ĥ_n| > t_MC has probability ≤ σ_MC²/t_MC² = α₁/(|G| − α₁) (eq 34): 1/399 here.
void check_plugin_entropy(const EntropyEstimator& estimator, CheckList& list) {
  list.run("plugin_entropy_matches_quadrature", [&] {
    const RowMatrix rows = gaussian_rows(24, 2, 30.0, 12);  // ≤ 50 centres: the quadrature's scope
    const double trace = 900.0 * 2;
    EntropyRequest request = entropy_request(rows, {{1, 0.3}, {2, 1.0}}, trace);
    request.alpha = 0.01;
    WorstCase worst;
    for (const GridEntropy& r : estimator.estimate(request)) {
      const verify::ReferenceValue plug_in =
          verify::reference_block_averaged_entropy(rows, {}, r.pair.k, dither_scale(r.pair, trace));
      const double allowed = detail(r, "t_mc") + r.t_num + plug_in.abs_error;
      const double discrepancy = std::abs(r.h_point - plug_in.value);
      worst.add(allowed - discrepancy,
                fmt::format("(k = {}, nu2 = {}): h_MC = {}, plug-in by quadrature = {} bits, |diff| = {} {} t_MC + "
                            "t_num = {}", r.pair.k, r.pair.nu2, precise(r.h_point), precise(plug_in.value),
                            num(discrepancy), relation("<="), num(allowed)));
    }
    return worst.verdict("|h_MC - h_n| <= t_MC + t_num (eq 31, 34), n = 24, alpha = 0.01");
  });
}

// h̄_LB assembled from its margins, the margins and the plug-in entropy against
// reference_entropy.hpp, and its predicted margins those it certifies with.
void check_goldfeld_reference(const EntropyEstimator& estimator, const EstimatorTestInputs& inputs, CheckList& list) {
  check_margins(estimator, inputs, list);
  check_predicted_margins(estimator, inputs, list);
  check_plugin_entropy(estimator, list);
}

}  // namespace

void register_estimator_references(PluginReferences& references) {
  references.estimators.add("goldfeld", check_goldfeld_reference);
}

}  // namespace reconbound::conformance::detail
