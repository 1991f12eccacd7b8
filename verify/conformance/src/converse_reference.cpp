// The slb converse against the MPFR reference of mathematics §5 (verify/reference_converse.hpp): eq 13
// and eq 14 at every grid pair, with h̄_LB and with ĥ_MC (the point estimate).
#include <fmt/format.h>

#include <cmath>

#include "reconbound/verify/reference_converse.hpp"
#include "reconbound/verify/tolerances.hpp"
#include "plugin_references.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance::detail {
namespace {

using verify::tolerance::kConverse;

// The brackets of eq 13–14 may cancel, so the tolerance is relative to the larger of their two
// terms (abs_scale, rho2_scale), and ρ is compared as ρ².
void add_pair(WorstCase& worst, const PairBound& pair, const GridEntropy& e, double gamma, double trace) {
  const auto where = fmt::format("(k = {}, nu2 = {}, gamma = {})", e.pair.k, e.pair.nu2, gamma);
  const verify::ReferenceConverse ref = verify::reference_converse(e.pair.k, e.s, e.h_lb, gamma, trace);
  const double abs_allowed = kConverse * ref.abs_scale + ref.abs_bound.abs_error;
  const double abs_diff = std::abs(pair.abs_bound - ref.abs_bound.value);
  worst.add(abs_allowed - abs_diff, fmt::format("{}: eq 13 = {}, reference = {}, |diff| = {} {} {}", where,
                                                precise(pair.abs_bound), precise(ref.abs_bound.value), num(abs_diff),
                                                relation("<="), num(abs_allowed)));
  const auto add_rho = [&](const char* what, double rho, const verify::ReferenceConverse& r) {
    const double allowed = kConverse * r.rho2_scale + 2.0 * r.rho.abs_error;
    const double diff = std::abs(rho * rho - r.rho.value * r.rho.value);
    worst.add(allowed - diff, fmt::format("{}: {} = {}, reference = {}, |diff of squares| = {} {} {}", where, what,
                                          precise(rho), precise(r.rho.value), num(diff), relation("<="), num(allowed)));
  };
  add_rho("rho (eq 14)", pair.rho, ref);
  add_rho("rho_point", pair.rho_point, verify::reference_converse(e.pair.k, e.s, e.h_point, gamma, trace));
}

// Every pair's eq 13 and 14 against reference_converse.
void check_slb_reference(const Converse& converse, const std::vector<GridEntropy>& entropies, double trace_sigma,
                         CheckList& list) {
  list.run("pairs_match_mpfr_reference", [&] {
    WorstCase worst;
    for (double gamma : {0.0, 1.0, 20.0}) {
      const ConverseResult result = converse.bound({gamma, &entropies, trace_sigma});
      if (result.pairs.size() != entropies.size()) {
        return Verdict{false, fmt::format("{} pair bounds for {} grid pairs", result.pairs.size(), entropies.size())};
      }
      for (std::size_t i = 0; i < entropies.size(); ++i) add_pair(worst, result.pairs[i], entropies[i], gamma, trace_sigma);
    }
    return worst.verdict("eq 13-14 against MPFR, 1e-12 relative to the larger term of each bracket");
  });
}

}  // namespace

void register_converse_references(PluginReferences& references) { references.converses.add("slb", check_slb_reference); }

}  // namespace reconbound::conformance::detail
