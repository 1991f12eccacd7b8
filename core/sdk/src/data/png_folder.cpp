// A folder of PNG images, one record each, decoded with libpng (reconbound/png_codec.hpp): the
// folder's own images, or one sub-folder of images per class (ImageFolder layout).
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/png_codec.hpp"

namespace reconbound {

namespace {

namespace fs = std::filesystem;

bool has_png_extension(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".png";
}

// The *.png files directly in dir, sorted by file name (byte order); none when there are none.
std::vector<fs::path> png_files_in(const fs::path& dir) {
  std::error_code ec;
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && has_png_extension(entry.path())) files.push_back(entry.path());
  }
  if (ec) throw FileError(fmt::format("{}: cannot list the folder ({})", dir.string(), ec.message()));
  std::sort(files.begin(), files.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename().string() < b.filename().string(); });
  return files;
}

// The images of dir: its own *.png files, or — when it holds none — those of its sub-folders,
// one folder per class (torchvision's ImageFolder layout), the folders sorted by name and each
// folder's files by file name; the class labels follow that order (workflow::load_labels).
std::vector<fs::path> list_png_files(const std::string& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) throw FileError(fmt::format("{}: no such folder; check the path", dir));
  if (!fs::is_directory(dir, ec)) throw FileError(fmt::format("{}: not a folder; png:DIR names a folder of images", dir));
  std::vector<fs::path> files = png_files_in(dir);
  if (!files.empty()) return files;
  std::vector<fs::path> classes;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_directory()) classes.push_back(entry.path());
  }
  std::sort(classes.begin(), classes.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename().string() < b.filename().string(); });
  for (const auto& folder : classes) {
    const std::vector<fs::path> in_class = png_files_in(folder);
    if (in_class.empty()) {
      throw FileError(fmt::format("{}: the class folder holds no *.png files; remove it or add its images",
                                  folder.string()));
    }
    files.insert(files.end(), in_class.begin(), in_class.end());
  }
  if (files.empty()) {
    throw FileError(fmt::format("{}: the folder holds no *.png files (nor sub-folders of them, one per class)", dir));
  }
  return files;
}

// One decoded image: 8-bit grey (one channel) or R, G, B (three), alpha dropped.
png::PngImage decode_png_file(const fs::path& file) {
  png::PngImage image;
  try {
    image = png::decode_png(detail::read_file_bytes(file.string()), kMaxDatasetValues);
  } catch (const png::PngError& e) {
    throw FileError(fmt::format("{}: cannot decode the file as an image ({})", file.string(), e.what()));
  }
  if (image.bit_depth > 8) {
    throw FileError(
        fmt::format("{}: only 8-bit images are read (this one has {}-byte channels); "
                    "convert it to 8 bits per channel",
                    file.string(), image.bit_depth / 8));
  }
  return image;
}

}  // namespace

Dataset read_png_folder(const std::string& dir) {
  const std::vector<fs::path> files = list_png_files(dir);
  const png::PngImage first = decode_png_file(files.front());
  Dataset out;
  out.shape = ImageShape{first.channels, first.height, first.width};
  const std::size_t d = out.shape.size();
  if (d > kMaxDatasetValues / files.size()) {
    throw FileError(fmt::format("{}: {} images of {} values exceed the limit of {} values; use fewer images", dir,
                                files.size(), d, kMaxDatasetValues));
  }
  out.records.resize(static_cast<Eigen::Index>(files.size()), static_cast<Eigen::Index>(d));
  const std::size_t h = out.shape.height, w = out.shape.width;
  for (std::size_t r = 0; r < files.size(); ++r) {
    const png::PngImage image = r == 0 ? first : decode_png_file(files[r]);
    if (image.channels != out.shape.channels || image.height != h || image.width != w) {
      throw FileError(fmt::format(
          "{}: image is {}x{} with {} channel(s) but {} is {}x{} with {}; all images must "
          "have one size and colour type",
          files[r].string(), image.width, image.height, image.channels, files.front().string(), w, h,
          out.shape.channels));
    }
    // The decoder's samples are interleaved; the record is channel-major (R, G, B or grey).
    double* record = out.records.row(static_cast<Eigen::Index>(r)).data();
    for (std::size_t c = 0; c < image.channels; ++c) {
      for (std::size_t p = 0; p < h * w; ++p) record[c * h * w + p] = image.samples[p * image.channels + c];
    }
  }
  out.source = "png:" + dir;
  return out;
}

}  // namespace reconbound
