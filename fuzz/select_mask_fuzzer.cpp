// Fuzz target for the mask-file parser of the `select` representation (read_mask_file): the
// first input byte picks the file name (even: mask.png, odd: mask.npy), the rest is the file.
// The file either reads to a consistent Mask (C, H, W ≥ 1, one value per coordinate, each 0 or 1,
// at least one 1, one channel when it applies to every channel) or throws reconbound::Error;
// anything else aborts.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "../representations/select/mask_file.hpp"
#include "reconbound/error.hpp"
#include "scratch_folder.hpp"

namespace {

bool consistent(const reconbound::select::detail::Mask& mask) {
  const auto& s = mask.shape;
  if (s.channels < 1 || s.height < 1 || s.width < 1) return false;
  if (mask.values.size() != s.size()) return false;
  if (mask.all_channels && s.channels != 1) return false;
  if (std::any_of(mask.values.begin(), mask.values.end(), [](std::uint8_t v) { return v > 1; })) return false;
  return std::find(mask.values.begin(), mask.values.end(), 1) != mask.values.end();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  static const reconbound::fuzz::ScratchFolder folder;
  folder.clear();
  const char* name = data[0] % 2 == 0 ? "mask.png" : "mask.npy";
  const std::string file = folder.write(name, std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1));
  try {
    if (!consistent(reconbound::select::detail::read_mask_file(file))) std::abort();
  } catch (const reconbound::Error&) {
  }
  return 0;
}
