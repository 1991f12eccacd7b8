// PNG encoding with libpng's low-level API. As in png_decode.cpp, libpng's errors longjmp to
// the setjmp point in write_rows, which keeps only trivially destructible locals.
#include <png.h>

#include <csetjmp>
#include <new>
#include <string>
#include <utility>
#include <vector>

#include "libpng_errors.hpp"
#include "reconbound/png_codec.hpp"

namespace reconbound::png {

namespace {

// What libpng's callbacks share: the bytes written so far and libpng's last error.
struct Sink {
  std::string bytes;
  detail::LibpngMessage error;
};

void write_bytes(png_structp png, png_bytep data, std::size_t count) {
  auto* sink = static_cast<Sink*>(png_get_io_ptr(png));
  bool appended = true;
  try {
    sink->bytes.append(reinterpret_cast<const char*>(data), count);
  } catch (const std::bad_alloc&) {
    appended = false;
  }
  // Outside the handler: png_error does not return.
  if (!appended) png_error(png, "out of memory for the encoded image");
}

void flush_bytes(png_structp) {}

bool write_rows(png_structp png, png_infop info, png_uint_32 width, png_uint_32 height, png_bytepp rows) noexcept {
  if (setjmp(png_jmpbuf(png))) return false;
  png_set_IHDR(png, info, width, height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT,
               PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  png_write_image(png, rows);
  png_write_end(png, nullptr);
  return true;
}

// Owns libpng's write structures.
class WriteStruct {
 public:
  explicit WriteStruct(Sink* sink)
      : png_(png_create_write_struct(PNG_LIBPNG_VER_STRING, &sink->error, detail::keep_error_and_jump,
                                     detail::ignore_warning)),
        info_(png_ != nullptr ? png_create_info_struct(png_) : nullptr) {
    if (info_ == nullptr) {
      png_destroy_write_struct(&png_, nullptr);
      throw PngError("libpng could not allocate its encoder");
    }
    png_set_write_fn(png_, sink, write_bytes, flush_bytes);
  }
  WriteStruct(const WriteStruct&) = delete;
  WriteStruct& operator=(const WriteStruct&) = delete;
  ~WriteStruct() { png_destroy_write_struct(&png_, &info_); }
  png_structp png() const { return png_; }
  png_infop info() const { return info_; }

 private:
  png_structp png_;
  png_infop info_;
};

}  // namespace

std::string encode_png_rgb(std::size_t width, std::size_t height, std::span<const std::uint8_t> rgb) {
  if (width == 0 || height == 0 || width > PNG_UINT_31_MAX || height > PNG_UINT_31_MAX ||
      rgb.size() != width * height * 3) {
    throw std::invalid_argument("encode_png_rgb: the samples are not width x height x 3 of a PNG's size");
  }
  Sink sink;
  const WriteStruct writer(&sink);
  // libpng reads the rows through non-const pointers but does not write to them.
  std::vector<png_bytep> rows(height);
  for (std::size_t y = 0; y < height; ++y) rows[y] = const_cast<png_bytep>(rgb.data() + y * width * 3);
  if (!write_rows(writer.png(), writer.info(), static_cast<png_uint_32>(width), static_cast<png_uint_32>(height),
                  rows.data())) {
    throw PngError(sink.error.text);
  }
  return std::move(sink.bytes);
}

}  // namespace reconbound::png
