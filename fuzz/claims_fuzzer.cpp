// Fuzz target for the claims file parser (reconbound verify): any input either parses to
// claims whose every input lies in its kind's domain (and, for a certificate, whose normaliser,
// share and margins form a complete statement), or throws reconbound::Error; nothing else
// (crash, nlohmann exception, out-of-domain value) is allowed.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "reconbound/claims/claim_kinds.hpp"
#include "reconbound/claims/parse_claims.hpp"
#include "reconbound/error.hpp"

namespace {

// Mathematics §6.8: "ucb" always has its share of α (given or the default), "sample" never; a
// margin comes with every input it is computed from.
void check_certificate(const reconbound::claims::Claim& claim) {
  const auto has = [&](const char* name) { return claim.inputs.contains(name); };
  if (claim.normaliser != "ucb" && claim.normaliser != "sample") std::abort();
  if (has("normaliser_alpha_share") != (claim.normaliser == "ucb")) std::abort();
  for (const char* name : {"alpha", "union_size", "alpha_monte_carlo", "alpha_sampling", "alpha_normaliser"}) {
    if (!has(name)) std::abort();
  }
  if (has("t_md") && !has("n")) std::abort();
  const bool mc = has("t_mc");
  for (const char* name : {"k", "blocks", "n_mc"}) {
    if (has(name) != mc) std::abort();
  }
  if (mc && !has("n")) std::abort();
  if (has("n") && !has("t_md") && !mc) std::abort();
}

void check(const reconbound::claims::Claim& claim, std::size_t index) {
  using namespace reconbound::claims;
  const KindSpec& spec = kind_spec(claim.kind);
  if (claim.index != index || !spec.claimed.contains(claim.claimed)) std::abort();
  for (const auto& [name, value] : claim.inputs) {
    bool known = false;
    for (const auto& input : spec.inputs) {
      if (input.name != name) continue;
      known = true;
      if (!input.domain.contains(value)) std::abort();
    }
    if (!known) std::abort();
  }
  for (const auto& run : claim.schedule.runs) {
    for (const auto& s : run.segments) {
      if (!(s.q > 0.0 && s.q <= 1.0) || !(s.sigma >= 0.1) || s.steps < 1) std::abort();
    }
  }
  if (spec.schedule == claim.schedule.runs.empty()) std::abort();
  if (claim.kind == ClaimKind::certificate) check_certificate(claim);
  else if (!claim.normaliser.empty()) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const auto claims = reconbound::claims::parse_claims(text, "fuzz");
    if (claims.empty()) std::abort();
    for (std::size_t i = 0; i < claims.size(); ++i) check(claims[i], i + 1);
  } catch (const reconbound::Error&) {
  }
  return 0;
}
