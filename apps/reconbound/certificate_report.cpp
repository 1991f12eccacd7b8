#include "certificate_report.hpp"

#include <fmt/format.h>

#include "job.hpp"

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

void note_split_assumption(const Certificate& c) {
  const std::string note = split_assumption_note(c);
  if (!note.empty() && Job::current().leads()) fmt::print(stderr, "note: {}\n", note);  // one rank says it
}

}  // namespace reconbound::cli
