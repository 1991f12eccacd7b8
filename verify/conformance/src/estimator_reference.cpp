// The goldfeld estimator against the MPFR references of mathematics §6 (verify/reference_entropy.hpp):
// its margins t_MD (eq 35) and t_MC (eq 34), its per-block variance bound σ_b² (§6.3), and its
// ĥ_MC against the plug-in entropy computed by quadrature (eq 31).
#include <fmt/format.h>

#include <cmath>

#include "reconbound/verify/reference_entropy.hpp"
#include "reconbound/verify/tolerances.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance::detail {
namespace {

using verify::tolerance::kEntropyMargins;

// |value − reference| ≤ kEntropyMargins·|reference| + the reference's own error.
void add_agreement(WorstCase& worst, const std::string& what, double value, const verify::ReferenceValue& reference) {
  const double allowed = kEntropyMargins * std::abs(reference.value) + reference.abs_error;
  const double discrepancy = std::abs(value - reference.value);
  worst.add(allowed - discrepancy, fmt::format("{} = {}, reference = {}, |diff| = {} <= {}", what, precise(value),
                                               precise(reference.value), num(discrepancy), num(allowed)));
}

void check_margins(const EntropyEstimator& estimator, const EstimatorTestInputs& in, CheckList& list) {
  const EntropyRequest request = entropy_request(in.rows, in.grid, in.trace_sigma);
  const double alpha_mc = request.alpha * request.alpha_mc_fraction;  // α₁ (mathematics §6.2)
  const double alpha_md = request.alpha - alpha_mc;                   // α₂
  list.run("margins_match_mpfr_reference", [&] {
    WorstCase worst;
    for (const GridEntropy& r : estimator.estimate(request)) {
      const std::size_t blocks = static_cast<std::size_t>(in.rows.cols()) / r.pair.k;
      const verify::ReferenceValue sigma_mc = verify::reference_sigma_mc(r.pair.k, blocks, r.n, r.n_mc);
      const verify::ReferenceMargins margins =
          verify::reference_margins(r.n, request.union_size, alpha_mc, alpha_md, sigma_mc.value);
      add_agreement(worst, fmt::format("t_MD(k = {})", r.pair.k), r.t_md, margins.t_md);
      add_agreement(worst, fmt::format("t_MC(k = {}, n_MC = {})", r.pair.k, r.n_mc), r.t_mc, margins.t_mc);
    }
    return worst.verdict("eq 34-35 against MPFR, 1e-12 relative + the reference's error");
  });
  list.run("variance_bound_matches_mpfr_reference", [&] {
    WorstCase worst;
    for (const GridEntropy& r : estimator.estimate(request)) {
      const verify::ReferenceValue bound = verify::reference_block_variance_bound(r.pair.k, r.n, r.n_mc);
      for (const BlockEntropy& block : r.blocks) {
        add_agreement(worst, fmt::format("sigma_b^2(k = {}, block {})", r.pair.k, block.block),
                      block.variance_bound_bits2, bound);
      }
    }
    return worst.verdict("sigma_b^2 = k / (n n_MC ln^2 2) against MPFR (mathematics §6.3), 1e-12 relative");
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
      const double allowed = r.t_mc + r.t_num + plug_in.abs_error;
      const double discrepancy = std::abs(r.h_mc - plug_in.value);
      worst.add(allowed - discrepancy,
                fmt::format("(k = {}, nu2 = {}): h_MC = {}, plug-in by quadrature = {} bits, |diff| = {} <= t_MC + "
                            "t_num = {}", r.pair.k, r.pair.nu2, precise(r.h_mc), precise(plug_in.value),
                            num(discrepancy), num(allowed)));
    }
    return worst.verdict("|h_MC - h_n| <= t_MC + t_num (eq 31, 34), n = 24, alpha = 0.01");
  });
}

}  // namespace

void check_estimator_reference(const EntropyEstimator& estimator, std::string_view name,
                               const EstimatorTestInputs& inputs, CheckList& list) {
  if (name != "goldfeld") return;
  check_margins(estimator, inputs, list);
  check_plugin_entropy(estimator, list);
}

}  // namespace reconbound::conformance::detail
