#pragma once
// The bytes one rank sends the others for its share of an estimate: GridEntropy results with
// every double bit-exact, so that the combination on every rank equals one process's.
#include <string>
#include <vector>

#include "reconbound/estimator.hpp"

namespace reconbound {

std::string encode_entropies(const std::vector<GridEntropy>& results);

// InvalidInput when `bytes` is not what encode_entropies wrote (a truncated or foreign message).
std::vector<GridEntropy> decode_entropies(const std::string& bytes);

}  // namespace reconbound
