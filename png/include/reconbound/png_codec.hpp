#pragma once
// PNG files read and written with libpng: the one codec of core's PNG folders, the `select`
// plugin's mask files and the figures' image grid. A static library of its own, so that none of
// them needs another's internals (and none needs OpenCV).
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace reconbound::png {

// A file libpng cannot decode (not a PNG, truncated, corrupt) or an image over the caller's
// limit: what() is libpng's reason or ours, one line, without the file's name.
class PngError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A decoded image as 8-bit samples, alpha dropped: one grey channel for the grey colour types
// (0, 4), three (R, G, B) for the colour ones (2, 3 palette, 6).
struct PngImage {
  std::size_t width = 0;
  std::size_t height = 0;
  int color_type = 0;  // the file's IHDR colour type (PNG spec §11.2.2): 0, 2, 3, 4 or 6
  int bit_depth = 0;   // the file's bits per sample: 1, 2, 4, 8 or 16
  std::size_t channels = 0;  // 1 or 3
  // Row-major, interleaved: samples[(y * width + x) * channels + c]. Grey below 8 bits is scaled
  // to 0–255 (a 1-bit 1 reads 255), palette entries are looked up, and 16-bit samples keep their
  // high byte: callers that need the exact values refuse bit_depth 16.
  std::vector<std::uint8_t> samples;
};

// Decodes the bytes of a PNG file. Refuses, before decoding, an image of more than max_samples
// samples as libpng would deliver them (width × height × the file's channels, alpha included).
// Warnings (e.g. a damaged ancillary chunk, which libpng skips) are not printed.
PngImage decode_png(std::span<const std::uint8_t> file, std::size_t max_samples);

// The bytes of an 8-bit RGB PNG file of width × height pixels; rgb holds width · height · 3
// samples, row-major, interleaved R, G, B. std::invalid_argument for a wrong size, PngError when
// libpng fails.
std::string encode_png_rgb(std::size_t width, std::size_t height, std::span<const std::uint8_t> rgb);

}  // namespace reconbound::png
