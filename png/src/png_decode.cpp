// PNG decoding with libpng's low-level API (libpng manual §III). libpng reports an error by
// longjmp to the setjmp point of its png_struct; the functions that hold that point
// (read_header, read_rows) keep only trivially destructible locals, so that the jump skips no
// C++ destructor, and their callers turn a failed read into a PngError.
#include <fmt/format.h>
#include <png.h>

#include <csetjmp>
#include <cstring>
#include <string>
#include <vector>

#include "libpng_errors.hpp"
#include "reconbound/png_codec.hpp"

namespace reconbound::png {

namespace {

// deflate codes a run of 258 bytes in 2 bits at best, so a PNG's image data can be at most
// 1032 times the size of the file that holds it: a header promising more is refused before its
// rows are allocated.
constexpr std::size_t kMaxDeflateRatio = 1032;

// What libpng's callbacks share: the file's bytes, the read position, libpng's last error.
struct Source {
  std::span<const std::uint8_t> file;
  std::size_t offset = 0;
  detail::LibpngMessage error;
};

void read_bytes(png_structp png, png_bytep out, std::size_t count) {
  auto* source = static_cast<Source*>(png_get_io_ptr(png));
  if (count > source->file.size() - source->offset) png_error(png, "the file ends early");
  std::memcpy(out, source->file.data() + source->offset, count);
  source->offset += count;
}

// The header as the rows will be delivered: low-bit grey and palette expanded to 8 bits,
// 16-bit samples cut to their high byte, interlaced passes combined.
struct Layout {
  png_uint_32 width = 0, height = 0;
  int color_type = 0, bit_depth = 0;
  std::size_t file_row_bytes = 0;  // one row as stored (before the transformations)
  std::size_t row_channels = 0;    // samples per pixel in a delivered row, alpha included
  std::size_t row_bytes = 0;       // one delivered row
};

bool read_header(png_structp png, png_infop info, Layout* layout) noexcept {
  if (setjmp(png_jmpbuf(png))) return false;
  png_read_info(png, info);
  layout->width = png_get_image_width(png, info);
  layout->height = png_get_image_height(png, info);
  layout->color_type = png_get_color_type(png, info);
  layout->bit_depth = png_get_bit_depth(png, info);
  layout->file_row_bytes = png_get_rowbytes(png, info);
  if (layout->color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
  if (layout->color_type == PNG_COLOR_TYPE_GRAY && layout->bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
  if (layout->bit_depth == 16) png_set_strip_16(png);
  png_set_interlace_handling(png);
  png_read_update_info(png, info);
  layout->row_channels = png_get_channels(png, info);
  layout->row_bytes = png_get_rowbytes(png, info);
  return true;
}

bool read_rows(png_structp png, png_infop info, png_bytepp rows) noexcept {
  if (setjmp(png_jmpbuf(png))) return false;
  png_read_image(png, rows);
  png_read_end(png, info);
  return true;
}

// Owns libpng's read structures.
class ReadStruct {
 public:
  explicit ReadStruct(Source* source)
      : png_(png_create_read_struct(PNG_LIBPNG_VER_STRING, &source->error, detail::keep_error_and_jump,
                                     detail::ignore_warning)),
        info_(png_ != nullptr ? png_create_info_struct(png_) : nullptr) {
    if (info_ == nullptr) {
      png_destroy_read_struct(&png_, nullptr, nullptr);
      throw PngError("libpng could not allocate its decoder");
    }
    png_set_read_fn(png_, source, read_bytes);
  }
  ReadStruct(const ReadStruct&) = delete;
  ReadStruct& operator=(const ReadStruct&) = delete;
  ~ReadStruct() { png_destroy_read_struct(&png_, &info_, nullptr); }
  png_structp png() const { return png_; }
  png_infop info() const { return info_; }

 private:
  png_structp png_;
  png_infop info_;
};

}  // namespace

PngImage decode_png(std::span<const std::uint8_t> file, std::size_t max_samples) {
  if (file.size() < 8 || png_sig_cmp(file.data(), 0, 8) != 0) throw PngError("not a PNG file (no PNG signature)");
  Source source{file, 0, {}};
  const ReadStruct reader(&source);
  Layout layout;
  if (!read_header(reader.png(), reader.info(), &layout)) throw PngError(source.error.text);
  const std::size_t width = layout.width, height = layout.height;
  if ((layout.file_row_bytes + 1) * height / kMaxDeflateRatio > file.size()) {
    throw PngError(fmt::format("the file is too short for a {}x{} image", width, height));
  }
  if (layout.row_channels == 0 || width * height > max_samples / layout.row_channels) {
    throw PngError(fmt::format("a {}x{} image is over the limit of {} samples", width, height, max_samples));
  }
  std::vector<std::uint8_t> rows(layout.row_bytes * height);
  std::vector<png_bytep> row_pointers(height);
  for (std::size_t y = 0; y < height; ++y) row_pointers[y] = rows.data() + y * layout.row_bytes;
  if (!read_rows(reader.png(), reader.info(), row_pointers.data())) throw PngError(source.error.text);

  PngImage image;
  image.width = width;
  image.height = height;
  image.color_type = layout.color_type;
  image.bit_depth = layout.bit_depth;
  image.channels = (layout.color_type & PNG_COLOR_MASK_COLOR) != 0 ? 3 : 1;
  // The delivered rows hold grey(, alpha) or R, G, B(, alpha): keep the first channels.
  image.samples.resize(width * height * image.channels);
  for (std::size_t y = 0; y < height; ++y) {
    for (std::size_t x = 0; x < width; ++x) {
      for (std::size_t c = 0; c < image.channels; ++c) {
        image.samples[(y * width + x) * image.channels + c] = row_pointers[y][x * layout.row_channels + c];
      }
    }
  }
  return image;
}

}  // namespace reconbound::png
