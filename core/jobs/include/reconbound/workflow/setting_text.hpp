#pragma once
// Settings as a user types them — the CLI's option values, Python's strings — read into the
// numbers BoundSettings and the other requests hold. InvalidInput names the setting (`what`).
#include <cstddef>
#include <string>
#include <vector>

#include "reconbound/export.hpp"

namespace reconbound::workflow {

// "1,2,4" → {1, 2, 4}; "0.2,0.4" → {0.2, 0.4}. InvalidInput naming `what` for an item that is not
// a number of the type (whole, ≥ 0, for sizes) and for an empty list.
RECONBOUND_API std::vector<std::size_t> parse_size_list(const std::string& text, const std::string& what);
RECONBOUND_API std::vector<double> parse_number_list(const std::string& text, const std::string& what);

// "512M", "8G", "1.5T" (binary units) or "1048576" (bytes) → bytes; InvalidInput naming
// memory_limit for anything else, for less than one byte and for more than 2^62.
RECONBOUND_API std::size_t parse_memory_size(const std::string& text);

}  // namespace reconbound::workflow
