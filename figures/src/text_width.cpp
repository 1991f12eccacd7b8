#include "text_width.hpp"

#include <algorithm>
#include <string_view>

namespace reconbound::figures {

namespace {

constexpr double kBoldFactor = 1.14;  // DejaVu Sans Bold over Book, measured on a title

// The next code point of `text` at `i` (advancing it); a stray byte counts as one code point.
char32_t next_code_point(const std::string& text, std::size_t& i) {
  const auto lead = static_cast<unsigned char>(text[i++]);
  const int extra = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
  char32_t code = extra == 0 ? lead : lead & (0x3F >> extra);
  for (int k = 0; k < extra && i < text.size(); ++k) code = (code << 6) | (static_cast<unsigned char>(text[i++]) & 0x3F);
  return code;
}

// The widest advance (em) of the class of `c` in DejaVu Sans.
double advance_em(char32_t c) {
  constexpr std::u32string_view narrow = U" .,:;!'|()[]-/ijlfrtI";
  constexpr std::u32string_view widest = U"mMWw%@Μ";
  constexpr std::u32string_view wide = U"=+<>^~#&ω";
  if (c >= 0x300 && c <= 0x36F) return 0.0;  // combining marks sit on the letter before
  if (narrow.find(c) != std::u32string_view::npos) return 0.42;
  if (widest.find(c) != std::u32string_view::npos) return 1.0;
  if (wide.find(c) != std::u32string_view::npos || (c >= U'A' && c <= U'Z') || (c >= 0x391 && c <= 0x3A9) ||
      (c >= 0x2200 && c <= 0x22FF)) {
    return 0.87;
  }
  if (c == U'–' || c == U'‖') return 0.64;
  if (c >= 0x2000) return 1.0;                   // other punctuation, arrows and symbols
  if (c >= 0x3B1 && c <= 0x3C9) return 0.72;     // Greek small letters
  return 0.64;                                   // small letters, digits, the rest of Latin
}

}  // namespace

double text_width(const std::string& text, double font_size, bool bold) {
  double em = 0.0;
  for (std::size_t i = 0; i < text.size();) em += advance_em(next_code_point(text, i));
  return em * font_size * (bold ? kBoldFactor : 1.0);
}

std::vector<std::string> wrap_text(const std::string& text, double font_size, double max_width) {
  std::vector<std::string> lines;
  std::string line;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(' ', start), text.size());
    const std::string word = text.substr(start, end - start);
    const std::string longer = line.empty() ? word : line + ' ' + word;
    if (!line.empty() && text_width(longer, font_size) > max_width) {
      lines.push_back(line);
      line = word;
    } else {
      line = longer;
    }
    start = end + 1;
  }
  if (!line.empty()) lines.push_back(line);
  return lines;
}

}  // namespace reconbound::figures
