// Fuzz target for the label readers (mathematics §6.10): the first byte picks the reader (0: an
// IDX label file, 1: an .npy label file, 2: a file of class names), the rest is the file. Any
// input either parses — a non-empty list of labels below 2^31, or non-empty names — or throws
// reconbound::Error; anything else aborts.
#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <vector>

#include "reconbound/error.hpp"
#include "reconbound/workflow/labels.hpp"

namespace {

void check_labels(const std::vector<std::size_t>& labels) {
  if (labels.empty()) std::abort();
  for (const std::size_t c : labels) {
    if (c >= (std::size_t{1} << 31)) std::abort();
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::span<const std::uint8_t> file(data + 1, size - 1);
  try {
    switch (data[0] % 3) {
      case 0:
        check_labels(reconbound::workflow::parse_idx_labels(file, "fuzz"));
        break;
      case 1:
        check_labels(reconbound::workflow::parse_npy_labels(file, "fuzz"));
        break;
      default:
        for (const std::string& name :
             reconbound::workflow::parse_label_names(std::string(file.begin(), file.end()), "fuzz")) {
          if (name.empty()) std::abort();
        }
    }
  } catch (const reconbound::Error&) {
  }
  return 0;
}
