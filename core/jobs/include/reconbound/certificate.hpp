#pragma once
// What a bound certifies (mathematics §6.8): the statement, its probability and every ingredient
// it rests on — each random event with its share of α, each deterministic one with how it is
// handled — so that a reader (or `reconbound verify`) can check that the printed level is the
// one the union bound proves.
#include <cstddef>
#include <string>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/export.hpp"

namespace reconbound {

// Where the leakage γ came from, which decides how its numerical error is treated.
enum class LeakageOrigin {
  given,                 // γ values given by the caller: taken as exact upper bounds
  mechanism_with_error,  // charged by a mechanism that reports an error bound: γ + error enters
  mechanism_exact,       // charged by a mechanism that reports none: taken as exact
};

// How D⊥ and D_est were chosen (mathematics §7): every margin needs D_est i.i.d. and independent
// of D⊥. A seeded random split of a data set gives that by construction (from records that are
// themselves exchangeable); sets the caller chose (ranges, index files, arrays) only by assumption.
struct SplitOrigin {
  bool random = false;  // drawn by a seeded random permutation of the data set
  std::string how;      // one line: "random split of 70000 records, seed 0", "ranges 0:2000 and 2000:10000", ...
};

struct CertificateIngredient {
  std::string name;       // "monte_carlo", "sampling", "normaliser", "numerical", "leakage", ...
  std::string treatment;  // "probability", "exact", "numerical, bound added", "point estimate",
                          // "exchangeable by construction", "assumed", ...
  double alpha = 0.0;     // its share of α (> 0 only for treatment "probability")
  std::string data;       // which data it read
  std::string detail;     // one line: the argument and the number it added
};

struct Certificate {
  std::string certifies;      // "rho_star" (UCB normaliser) or "abs_bound" (point normaliser)
  double alpha = 0.0;         // Σ of the ingredients' shares
  double level = 0.0;         // 1 − alpha: the probability the statement holds with
  std::size_t union_size = 0; // |G'|, the pairs the entropy margins' union bound runs over
  std::string normaliser;     // "ucb" or "sample"
  std::string scope;          // "this representation", or the joint statement of a spectrum
  SplitOrigin split;          // how D⊥ and D_est were chosen (its ingredient: "split")
  std::vector<CertificateIngredient> ingredients;
};

// The certificate of a finished bound report whose γ came from `leakage`, the largest error bound
// added to a γ being gamma_error_bits, and whose D⊥ and D_est were chosen as `split` says.
RECONBOUND_API Certificate make_certificate(const BoundReport& report, LeakageOrigin leakage,
                                            double gamma_error_bits, const SplitOrigin& split);

// When D⊥ and D_est were not drawn at random: the one-line note a front end prints once, that the
// certificate assumes D_est i.i.d. and independent of D⊥; empty for a random split.
RECONBOUND_API std::string split_assumption_note(const Certificate& certificate);

// The largest gamma_error_bits among `results` (0 for none).
RECONBOUND_API double largest_gamma_error(const std::vector<BoundResult>& results);

// How a sentence writes its mathematics: ASCII for the terminal and JSON ("rho*", ">=", "Psi"),
// Unicode for pages and figures ("ρ*", "≥", "Ψ").
enum class Script { ascii, unicode };

// The one sentence a front end prints for `result` of `report`, literally true for its
// normaliser: the probability, over what, and the bound it applies to.
RECONBOUND_API std::string certificate_sentence(const Certificate& certificate, const BoundReport& report,
                                                const BoundResult& result, Script script = Script::ascii);

// The sentence for a table of ρ* at several γ from one report (spectrum, chain): on the certificate's
// event every row holds at once.
RECONBOUND_API std::string certificate_table_sentence(const Certificate& certificate,
                                                      Script script = Script::ascii);

// The names every page, figure and table gives ρ* (mathematics §6.8), from what the certificate
// certifies, in Unicode: one source, so that where only the absolute bound is certified (the point
// normaliser) nothing calls ρ* certified or a bound on attacks, and where ρ* is, its level is named.
struct CertificateWording {
  bool rho_certified = false;  // certifies == "rho_star"
  std::string rho;             // a label: "ρ* (certified, probability ≥ 95 %)" | "ρ* (point normalisation, not certified)"
  std::string rho_curve;       // a figure's title for ρ* against a variable (followed by " against …")
  std::string rho_axis;        // a figure's axis of ρ*
};

// InvalidInput for a `certifies` other than "rho_star" and "abs_bound" or a level outside (0, 1).
RECONBOUND_API CertificateWording certificate_wording(const std::string& certifies, double level);
RECONBOUND_API CertificateWording certificate_wording(const Certificate& certificate);

}  // namespace reconbound
