#include "chain_bits_option.hpp"

#include <fmt/format.h>

#include <cmath>

#include "reconbound/error.hpp"
#include "reconbound/workflow/setting_text.hpp"

namespace reconbound::cli {

std::vector<unsigned> parse_chain_bits(const std::string& text, const std::string& option) {
  std::vector<unsigned> out;
  if (text.empty()) return out;
  for (const double r : workflow::parse_number_list(text, option)) {
    if (r != std::floor(r) || r < 1 || r > 16) {
      throw InvalidInput(fmt::format("{}: {} is not a whole number of bits in 1..16", option, r));
    }
    out.push_back(static_cast<unsigned>(r));
  }
  return out;
}

}  // namespace reconbound::cli
