// A certificate claim's normaliser, share and margin groups (mathematics §6.8).
#include "certificate_fields.hpp"

#include <fmt/format.h>

#include <initializer_list>
#include <string>

namespace reconbound::claims::detail {

namespace {

// Every field of `group` is given when one of `triggers` is.
void require_group(const ClaimReader& reader, const Claim& claim, std::initializer_list<const char*> triggers,
                   std::initializer_list<const char*> group, std::string_view what) {
  bool triggered = false;
  for (const char* field : triggers) triggered = triggered || claim.inputs.contains(field);
  if (!triggered) return;
  std::string names;
  for (const char* field : group) names += (names.empty() ? "" : ", ") + std::string(field);
  for (const char* field : group) {
    if (!claim.inputs.contains(field)) reader.fail(field, fmt::format("missing ({} needs {})", what, names));
  }
}

}  // namespace

void read_certificate_fields(ClaimReader& reader, Claim& claim) {
  claim.normaliser = reader.text("normaliser");
  if (claim.normaliser != "ucb" && claim.normaliser != "sample") {
    reader.fail("normaliser", fmt::format("must be \"ucb\" or \"sample\" (got \"{}\")", claim.normaliser));
  }
  const bool has_share = claim.inputs.contains("normaliser_alpha_share");
  if (claim.normaliser == "sample" && has_share) {
    reader.fail("normaliser_alpha_share", "only with \"normaliser\": \"ucb\" (the point normaliser takes no share)");
  }
  if (claim.normaliser == "ucb" && !has_share) claim.inputs["normaliser_alpha_share"] = kDefaultNormaliserShare;

  // The margins the run used: t_MD (eq 35) at (n, |G'|, α₂), t_MC (eq 34) at (k, N_k, n, n_MC,
  // |G'|, α₁).
  require_group(reader, claim, {"t_md"}, {"n", "t_md"}, "the sampling margin t_md");
  require_group(reader, claim, {"k", "blocks", "n_mc", "t_mc"}, {"k", "blocks", "n", "n_mc", "t_mc"},
                "the Monte Carlo margin t_mc");
  if (claim.inputs.contains("n") && !claim.inputs.contains("t_md") && !claim.inputs.contains("t_mc")) {
    reader.fail("n", "given without \"t_md\" or \"t_mc\", the margins it is an input of");
  }
}

}  // namespace reconbound::claims::detail
