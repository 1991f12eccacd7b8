// Fuzz target for the NPY parser (parse_npy): any input either parses to a consistent Dataset
// (at least one record, d == C·H·W ≥ 1, every value finite) or throws reconbound::Error;
// anything else (crash, other exception, inconsistent result) aborts.
#include <cstdint>
#include <cstdlib>
#include <span>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  try {
    const reconbound::Dataset set = reconbound::parse_npy(std::span(data, size), "fuzz");
    const bool consistent = set.records.rows() >= 1 && set.records.cols() >= 1 &&
                            static_cast<std::size_t>(set.records.cols()) == set.shape.size() && set.records.allFinite();
    if (!consistent) std::abort();
  } catch (const reconbound::Error&) {
  }
  return 0;
}
