// Fuzz target for the IDX reader (parse_idx, after gunzip when the input starts with the gzip
// magic, as read_idx does): any input either parses to a consistent Dataset (at least one
// record, d == C·H·W ≥ 1, every value finite) or throws reconbound::Error; anything else
// (crash, other exception, inconsistent result) aborts.
#include <cstdint>
#include <cstdlib>
#include <span>
#include <vector>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    std::span<const std::uint8_t> bytes(data, size);
    std::vector<std::uint8_t> inflated;
    if (size >= 2 && data[0] == 0x1F && data[1] == 0x8B) {
      inflated = reconbound::detail::gunzip(bytes, "fuzz", std::size_t{1} << 24);  // 16 MiB cap for the fuzzer
      bytes = inflated;
    }
    const reconbound::Dataset set = reconbound::parse_idx(bytes, "fuzz");
    const bool consistent = set.records.rows() >= 1 && set.records.cols() >= 1 &&
                            static_cast<std::size_t>(set.records.cols()) == set.shape.size() && set.records.allFinite();
    if (!consistent) std::abort();
  } catch (const reconbound::Error&) {
  }
  return 0;
}
