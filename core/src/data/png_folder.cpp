// A folder of PNG images, one record each, decoded with OpenCV imgcodecs.
#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <opencv2/core.hpp>
#include <opencv2/core/utils/logger.hpp>
#include <opencv2/imgcodecs.hpp>
#include <string_view>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/silenced_stderr.hpp"

namespace reconbound {

namespace {

namespace fs = std::filesystem;

bool has_png_extension(const fs::path& path) {
  std::string ext = path.extension().string();
  std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return std::tolower(c); });
  return ext == ".png";
}

// The *.png files directly in dir, sorted by file name (byte order).
std::vector<fs::path> list_png_files(const std::string& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) throw FileError(fmt::format("{}: no such folder; check the path", dir));
  if (!fs::is_directory(dir, ec)) throw FileError(fmt::format("{}: not a folder; png:DIR names a folder of images", dir));
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    if (entry.is_regular_file() && has_png_extension(entry.path())) files.push_back(entry.path());
  }
  if (ec) throw FileError(fmt::format("{}: cannot list the folder ({})", dir, ec.message()));
  if (files.empty()) throw FileError(fmt::format("{}: the folder holds no *.png files", dir));
  std::sort(files.begin(), files.end(),
            [](const fs::path& a, const fs::path& b) { return a.filename().string() < b.filename().string(); });
  return files;
}

// The colour type in a PNG's IHDR chunk (file bytes 12–15 "IHDR", colour type at byte 25;
// PNG spec §11.2.2): 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA. Needed because OpenCV
// decodes grey + alpha as 4-channel BGRA; -1 when the header cannot be read.
int png_color_type(const fs::path& file) {
  std::ifstream in(file, std::ios::binary);
  char header[26] = {};
  if (!in.read(header, sizeof header) || std::string_view(header + 12, 4) != "IHDR") return -1;
  return static_cast<unsigned char>(header[25]);
}

// One decoded image and the number of channels its record keeps: grey (+ alpha) → 1, colour
// or palette (+ alpha) → 3. Alpha is dropped.
struct PngImage {
  cv::Mat pixels;  // 8-bit, interleaved grey(, A) or B, G, R(, A) as OpenCV decodes them
  std::size_t channels = 1;
};

PngImage decode_png(const fs::path& file) {
  PngImage image;
  try {
    const SilencedStderr quiet;
    image.pixels = cv::imread(file.string(), cv::IMREAD_UNCHANGED);
  } catch (const cv::Exception& e) {
    throw FileError(fmt::format("{}: cannot decode the image ({})", file.string(), e.what()));
  }
  const cv::Mat& m = image.pixels;
  if (m.empty()) throw FileError(fmt::format("{}: cannot decode the file as an image", file.string()));
  if (m.depth() != CV_8U) {
    throw FileError(
        fmt::format("{}: only 8-bit images are read (this one has {}-byte channels); "
                    "convert it to 8 bits per channel",
                    file.string(), m.elemSize1()));
  }
  if (m.channels() < 1 || m.channels() > 4) {
    throw FileError(fmt::format("{}: unsupported channel count {}", file.string(), m.channels()));
  }
  const int color_type = png_color_type(file);
  image.channels = (m.channels() <= 2 || color_type == 0 || color_type == 4) ? 1 : 3;
  return image;
}

}  // namespace

Dataset read_png_folder(const std::string& dir) {
  // Our FileError names the problem; OpenCV's own warnings (e.g. an unreadable file) are silenced.
  cv::utils::logging::setLogLevel(cv::utils::logging::LOG_LEVEL_SILENT);
  const std::vector<fs::path> files = list_png_files(dir);
  const PngImage first = decode_png(files.front());
  Dataset out;
  out.shape = ImageShape{first.channels, static_cast<std::size_t>(first.pixels.rows),
                         static_cast<std::size_t>(first.pixels.cols)};
  const std::size_t d = out.shape.size();
  if (d > kMaxDatasetValues / files.size()) {
    throw FileError(fmt::format("{}: {} images of {} values exceed the limit of {} values; use fewer images", dir,
                                files.size(), d, kMaxDatasetValues));
  }
  out.records.resize(static_cast<Eigen::Index>(files.size()), static_cast<Eigen::Index>(d));
  const std::size_t h = out.shape.height, w = out.shape.width;
  for (std::size_t r = 0; r < files.size(); ++r) {
    const PngImage image = r == 0 ? first : decode_png(files[r]);
    const cv::Mat& m = image.pixels;
    if (image.channels != out.shape.channels || static_cast<std::size_t>(m.rows) != h ||
        static_cast<std::size_t>(m.cols) != w) {
      throw FileError(fmt::format(
          "{}: image is {}x{} with {} channel(s) but {} is {}x{} with {}; all images must "
          "have one size and colour type",
          files[r].string(), m.cols, m.rows, image.channels, files.front().string(), w, h, out.shape.channels));
    }
    // OpenCV stores interleaved B, G, R(, A), or grey(, A), or for grey + alpha grey, grey,
    // grey, A; the record is channel-major R, G, B or grey.
    const std::size_t stride = static_cast<std::size_t>(m.channels());
    double* record = out.records.row(static_cast<Eigen::Index>(r)).data();
    for (std::size_t c = 0; c < image.channels; ++c) {
      const std::size_t source_channel = image.channels == 3 ? 2 - c : 0;
      for (std::size_t y = 0; y < h; ++y) {
        const std::uint8_t* row = m.ptr<std::uint8_t>(static_cast<int>(y));
        for (std::size_t x = 0; x < w; ++x) record[(c * h + y) * w + x] = row[x * stride + source_channel];
      }
    }
  }
  out.source = "png:" + dir;
  return out;
}

}  // namespace reconbound
