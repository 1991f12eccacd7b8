#include "mask_file.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <utility>

#include <fmt/format.h>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/png_codec.hpp"

namespace reconbound::select::detail {

namespace {

std::string lower_extension(const std::string& path) {
  std::string ext = std::filesystem::path(path).extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char ch) { return std::tolower(ch); });
  return ext;
}

// The number of axes in a .npy header's shape tuple ("'shape': (3, 28, 28)" → 3): read_npy
// folds a leading axis into the record count, which cannot tell H × W from 1 × H × W.
std::size_t npy_dimensions(const std::string& path) {
  const std::vector<std::uint8_t> bytes = reconbound::detail::read_file_bytes(path);
  const std::string text(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(std::min<std::size_t>(bytes.size(), 4096)));
  const auto key = text.find("'shape'");
  const auto open = key == std::string::npos ? key : text.find('(', key);
  const auto close = open == std::string::npos ? open : text.find(')', open);
  if (close == std::string::npos) {
    throw FileError(fmt::format("select: mask file {} has no shape in its .npy header; write it with numpy.save", path));
  }
  const std::string tuple = text.substr(open + 1, close - open - 1);
  std::size_t digits_runs = 0;
  bool in_number = false;
  for (const char ch : tuple) {
    const bool digit = std::isdigit(static_cast<unsigned char>(ch)) != 0;
    if (digit && !in_number) ++digits_runs;
    in_number = digit;
  }
  return digits_runs;
}

Mask read_png_mask(const std::string& path) {
  png::PngImage image;
  try {
    image = png::decode_png(reconbound::detail::read_file_bytes(path), kMaxDatasetValues);
  } catch (const png::PngError& e) {
    throw FileError(fmt::format("select: cannot read the mask PNG {} ({}); check that it is a PNG", path, e.what()));
  }
  // Grey only (colour type 0): grey + alpha, colour and palette masks are refused, not converted.
  if (image.bit_depth > 8 || image.color_type != 0) {
    throw FileError(fmt::format("select: mask PNG {} must be 8-bit with one (grey) channel and no alpha, "
                                "got PNG colour type {} at {} bits per sample",
                                path, image.color_type, image.bit_depth));
  }
  Mask mask;
  mask.shape = {1, image.height, image.width};
  mask.all_channels = true;
  mask.origin = path;
  mask.values = std::move(image.samples);
  return mask;
}

Mask read_npy_mask(const std::string& path) {
  const std::size_t dims = npy_dimensions(path);
  if (dims != 2 && dims != 3) {
    throw FileError(fmt::format("select: mask {} has {} axes; a .npy mask must be H × W or C × H × W", path, dims));
  }
  const Dataset data = read_npy(path);
  Mask mask;
  mask.origin = path;
  if (dims == 2) {  // read_npy: H records of shape (1, 1, W)
    mask.shape = {1, static_cast<std::size_t>(data.records.rows()), data.shape.width};
    mask.all_channels = true;
  } else {  // read_npy: C records of shape (1, H, W)
    mask.shape = {static_cast<std::size_t>(data.records.rows()), data.shape.height, data.shape.width};
    mask.all_channels = false;
  }
  mask.values.reserve(mask.shape.size());
  for (Eigen::Index r = 0; r < data.records.rows(); ++r) {
    for (Eigen::Index j = 0; j < data.records.cols(); ++j) {
      const double v = data.records(r, j);
      mask.values.push_back(v == 1.0 ? 1 : (v == 0.0 ? 0 : 2));
    }
  }
  return mask;
}

}  // namespace

Mask read_mask_file(const std::string& path) {
  const std::string ext = lower_extension(path);
  Mask mask;
  if (ext == ".png") {
    mask = read_png_mask(path);
  } else if (ext == ".npy") {
    mask = read_npy_mask(path);
  } else {
    throw InvalidInput(fmt::format("select: mask file {} must end in .png or .npy", path));
  }
  const auto bad = std::find_if(mask.values.begin(), mask.values.end(), [](std::uint8_t v) { return v > 1; });
  if (bad != mask.values.end()) {
    throw InvalidInput(fmt::format("select: mask {} has a value other than 0 or 1 at flat index {}; "
                                   "store 1 for selected and 0 for dropped coordinates (not 255)",
                                   path, bad - mask.values.begin()));
  }
  if (std::find(mask.values.begin(), mask.values.end(), 1) == mask.values.end()) {
    throw InvalidInput(fmt::format("select: mask {} selects nothing (every value is 0)", path));
  }
  return mask;
}

}  // namespace reconbound::select::detail
