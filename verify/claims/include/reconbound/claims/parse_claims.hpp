#pragma once
// Reads a claims file (JSON; the schema is docs/verifying-a-bound.md, the fields of each kind
// are claim_kinds.hpp). Every problem is a FileError of one line naming the file, the claim
// (1-based) and the field, thrown before anything is computed.
#include <string>
#include <string_view>
#include <vector>

#include "reconbound/claims/claim.hpp"

namespace reconbound::claims {

std::vector<Claim> parse_claims(std::string_view text, const std::string& origin);
std::vector<Claim> read_claims_file(const std::string& path);

}  // namespace reconbound::claims
