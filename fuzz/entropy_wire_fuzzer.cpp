// Fuzz target for the estimate's wire format (core/engine/src/ranks/entropy_wire.hpp): the bytes a rank
// sends the others for its share of an estimate, and the payload of every checkpointed work item.
// Any input either decodes to results whose encoding decodes again to the same bytes, or throws
// reconbound::InvalidInput; anything else (crash, other exception) aborts.
#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "../core/engine/src/ranks/entropy_wire.hpp"
#include "reconbound/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string bytes(reinterpret_cast<const char*>(data), size);
  try {
    const std::vector<reconbound::GridEntropy> results = reconbound::decode_entropies(bytes);
    const std::string again = reconbound::encode_entropies(results);
    if (again.size() != bytes.size()) std::abort();  // every field is read, nothing left over
    if (reconbound::encode_entropies(reconbound::decode_entropies(again)) != again) std::abort();
  } catch (const reconbound::InvalidInput&) {
  }
  return 0;
}
