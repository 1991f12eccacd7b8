// Fuzz target for the claims file parser (reconbound verify): any input either parses to
// claims whose every input lies in its kind's domain, or throws reconbound::Error; nothing
// else (crash, nlohmann exception, out-of-domain value) is allowed.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "reconbound/claims/claim_kinds.hpp"
#include "reconbound/claims/parse_claims.hpp"
#include "reconbound/error.hpp"

namespace {

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
