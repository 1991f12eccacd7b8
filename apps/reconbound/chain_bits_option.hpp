#pragma once
// The rates R of the codebook's releases in a chain (mathematics §9), as `chain --bits` and
// `report --chain-bits` give them.
#include <string>
#include <vector>

namespace reconbound::cli {

// "1,2,3" → {1, 2, 3}; "" → none. InvalidInput naming `option` for a value that is not a whole
// number of bits in 1..16.
std::vector<unsigned> parse_chain_bits(const std::string& text, const std::string& option);

}  // namespace reconbound::cli
