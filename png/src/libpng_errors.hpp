#pragma once
// libpng's error and warning callbacks, shared by the decoder and the encoder: an error's text
// goes into the LibpngMessage registered as the png_struct's error pointer, then libpng jumps
// back to the caller's setjmp point.
#include <png.h>

#include <cstdio>

namespace reconbound::png::detail {

struct LibpngMessage {
  char text[160] = {};
};

[[noreturn]] inline void keep_error_and_jump(png_structp png, png_const_charp message) {
  auto* kept = static_cast<LibpngMessage*>(png_get_error_ptr(png));
  std::snprintf(kept->text, sizeof kept->text, "%s", message);
  png_longjmp(png, 1);
}

// libpng goes on after a warning (e.g. it skips an ancillary chunk with a bad CRC); the
// caller's error, if any, says what matters, so warnings are not printed.
inline void ignore_warning(png_structp, png_const_charp) {}

}  // namespace reconbound::png::detail
