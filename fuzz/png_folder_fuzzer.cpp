// Fuzz target for the PNG-folder loader (read_png_folder): the input is split at each
// "--next-file--" into at most four files 0.png, 1.png, … of one folder. The folder either
// loads to a consistent Dataset (one record per file, C ∈ {1, 3}, d == C·H·W ≥ 1, every value
// a whole number in [0, 255]) or throws reconbound::Error; anything else aborts.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "scratch_folder.hpp"

namespace {

constexpr std::string_view kSeparator = "--next-file--";
constexpr std::size_t kMaxFiles = 4;

bool consistent(const reconbound::Dataset& set, std::size_t files) {
  const auto& x = set.records;
  if (static_cast<std::size_t>(x.rows()) != files || x.cols() < 1) return false;
  if (static_cast<std::size_t>(x.cols()) != set.shape.size()) return false;
  if (set.shape.channels != 1 && set.shape.channels != 3) return false;
  for (Eigen::Index r = 0; r < x.rows(); ++r) {
    for (Eigen::Index c = 0; c < x.cols(); ++c) {
      const double v = x(r, c);
      if (!(v >= 0.0 && v <= 255.0) || v != std::floor(v)) return false;
    }
  }
  return true;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const reconbound::fuzz::ScratchFolder folder;
  folder.clear();
  std::string_view rest(reinterpret_cast<const char*>(data), size);
  std::size_t files = 0;
  while (files < kMaxFiles) {
    const std::size_t cut = files + 1 == kMaxFiles ? std::string_view::npos : rest.find(kSeparator);
    folder.write(std::to_string(files) + ".png", rest.substr(0, cut));
    ++files;
    if (cut == std::string_view::npos) break;
    rest.remove_prefix(cut + kSeparator.size());
  }
  try {
    if (!consistent(reconbound::read_png_folder(folder.path()), files)) std::abort();
  } catch (const reconbound::Error&) {
  }
  return 0;
}
