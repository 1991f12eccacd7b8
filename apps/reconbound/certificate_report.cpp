#include "certificate_report.hpp"

#include <fmt/format.h>

namespace reconbound::cli {

void print_certificate(const Certificate& c) {
  fmt::print("certificate     {} at level {:.6g} ({}; union over |G'| = {} pairs; {}):\n", c.certifies, c.level,
             c.normaliser == "ucb" ? "normaliser: tr Sigma's upper confidence bound"
                                   : "normaliser: the point estimate tr Sigma-hat",
             c.union_size, c.scope);
  for (const CertificateIngredient& i : c.ingredients) {
    const std::string share = i.treatment == "probability" ? fmt::format("alpha {:.4g}", i.alpha) : i.treatment;
    fmt::print("  {:<20} {:<24} reads {}: {}\n", i.name, share, i.data, i.detail);
  }
}

}  // namespace reconbound::cli
