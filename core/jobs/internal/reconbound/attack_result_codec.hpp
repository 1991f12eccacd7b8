#pragma once
// The bytes of one attack's result (reconbound/attack.hpp): the payload of a chain attack's
// checkpoint item (docs/checkpoints.md). Every double is kept by its bits, so a restored result
// equals the computed one exactly.
#include <string>

#include "reconbound/attack.hpp"
#include "reconbound/export.hpp"

namespace reconbound {

RECONBOUND_API std::string encode_attack_result(const AttackResult& result);

// InvalidInput when `bytes` is not what encode_attack_result wrote (a truncated, overlong or
// foreign payload): a malformed payload is never trusted.
RECONBOUND_API AttackResult decode_attack_result(const std::string& bytes);

}  // namespace reconbound
