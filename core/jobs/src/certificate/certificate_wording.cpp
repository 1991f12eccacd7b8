// What a bound says in words (mathematics §6.8): the certificate's sentences and the names pages
// give ρ*, each decided by what the certificate certifies.
#include <fmt/format.h>

#include <cmath>
#include <string>

#include "reconbound/certificate.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

namespace {

// The symbols a sentence is written with: the terminal's ASCII or a page's Unicode.
struct Symbols {
  const char* at_least;
  const char* rho;
  const char* psi;
  const char* trace_hat;
  const char* percent;
};

Symbols symbols(Script script) {
  if (script == Script::unicode) return {"≥", "ρ*", "Ψ", "tr Σ̂", " %"};
  return {">=", "rho*", "Psi", "tr Sigma-hat", "%"};
}

std::string percent(double fraction, const Symbols& s) { return fmt::format("{:.4g}{}", 100.0 * fraction, s.percent); }

}  // namespace

std::string certificate_sentence(const Certificate& c, const BoundReport& r, const BoundResult& result, Script script) {
  const Symbols s = symbols(script);
  const ConverseResult& b = result.converse;
  const double rmse = std::sqrt(b.abs_bound / static_cast<double>(r.m));  // per-coordinate RMSE of eq 13's bound
  const std::string over = fmt::format("With probability {} {} over the data sample and the Monte Carlo draws",
                                       s.at_least, percent(c.level, s));
  if (c.certifies == "rho_star") {
    return fmt::format("{}, every attack's RMSE in {} is at least {:.1f}{} of the prior's ({} = {:.5f}; "
                       "per-coordinate RMSE {} {:.4g}).",
                       over, s.psi, 100.0 * b.rho_star, s.percent, s.rho, b.rho_star, s.at_least, rmse);
  }
  return fmt::format("{}, every attack's mean squared error in {} is at least {:.6g} (per-coordinate RMSE {} {:.4g}); "
                     "{} = {:.5f} divides it by the point estimate {} and is not certified.",
                     over, s.psi, b.abs_bound, s.at_least, rmse, s.rho, b.rho_star, s.trace_hat);
}

std::string certificate_table_sentence(const Certificate& c, Script script) {
  const Symbols s = symbols(script);
  const std::string where = fmt::format("with probability {} {} over the data sample and the Monte Carlo draws ({})",
                                        s.at_least, percent(c.level, s), c.scope);
  if (c.certifies == "rho_star") return fmt::format("Every {} of this table holds, all rows at once, {}.", s.rho, where);
  return fmt::format("Every row's absolute bound holds, all rows at once, {}; {} divides it by the point "
                     "estimate {} and is not certified.", where, s.rho, s.trace_hat);
}

CertificateWording certificate_wording(const std::string& certifies, double level) {
  if (!(level > 0.0 && level < 1.0)) throw InvalidInput(fmt::format("certificate level {} is outside (0, 1)", level));
  if (certifies == "rho_star") {
    const std::string p = percent(level, symbols(Script::unicode));
    return {true, fmt::format("ρ* (certified, probability ≥ {})", p),
            fmt::format("Certified lower bound ρ* on reconstruction error (probability ≥ {})", p),
            "certified reconstruction error ρ*"};
  }
  if (certifies == "abs_bound") {
    return {false, "ρ* (point normalisation, not certified)",
            "ρ*, the certified absolute bound over the point estimate tr Σ̂ (ρ* not certified)",
            "ρ* (point normalisation, not certified)"};
  }
  throw InvalidInput(fmt::format("a certificate certifies 'rho_star' or 'abs_bound', not '{}'", certifies));
}

CertificateWording certificate_wording(const Certificate& c) { return certificate_wording(c.certifies, c.level); }

}  // namespace reconbound
