// The attack rows of the chain job (mathematics §9): a row named by its spec.
#include <fmt/format.h>

#include "reconbound/error.hpp"
#include "reconbound/workflow/chain.hpp"

namespace reconbound::workflow {

ChainAttackRow named_attack_row(const std::string& spec) {
  const std::size_t colon = spec.find(':');
  ChainAttackRow row;
  row.mechanism = spec.substr(0, colon);
  if (row.mechanism.empty()) {
    throw InvalidInput(fmt::format("mechanism row '{}' has no name: write NAME or NAME:key=value,...", spec));
  }
  if (colon != std::string::npos) row.params = Params::parse(spec.substr(colon + 1));
  row.label = spec;
  return row;
}

}  // namespace reconbound::workflow
