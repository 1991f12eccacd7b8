#pragma once
// The fields of a certificate claim beyond its numbers (mathematics §6.8): the normaliser, the
// normaliser's share of α, and which of the optional margins form a complete statement.
#include "claim_reader.hpp"
#include "reconbound/claims/claim.hpp"

namespace reconbound::claims::detail {

// The normaliser's share f of α when a "ucb" claim gives none: the default of mathematics §6.8,
// written here rather than taken from core, so that the check does not follow a change of it.
inline constexpr double kDefaultNormaliserShare = 0.1;

// Reads "normaliser" into claim.normaliser, sets the default share for "ucb" (refuses one for
// "sample") and checks that the margins given are complete: t_md needs n; t_mc needs k, blocks,
// n and n_mc; n alone is refused. Call after the numeric inputs are read.
void read_certificate_fields(ClaimReader& reader, Claim& claim);

}  // namespace reconbound::claims::detail
