#pragma once
// A 5 × 9 pixel bitmap font of printable ASCII, for the labels of the PNG figures (no font
// files, no anti-aliasing): capitals and digits 7 pixels high on rows 0–6, descenders on rows
// 7–8, one blank column between characters.
#include <string_view>

namespace reconbound::figures {

inline constexpr int kGlyphWidth = 5;
inline constexpr int kGlyphHeight = 9;
inline constexpr int kGlyphAscent = 7;             // rows above the baseline
inline constexpr int kGlyphAdvance = kGlyphWidth + 1;

// Whether pixel (column, row) of character ch is ink. Characters outside printable ASCII
// (including each byte of a UTF-8 sequence) are drawn as '?'.
bool glyph_pixel(char ch, int column, int row);

// The width in pixels of s drawn with the font: kGlyphAdvance per character, less the trailing gap.
inline int text_pixel_width(std::string_view s) {
  return s.empty() ? 0 : static_cast<int>(s.size()) * kGlyphAdvance - 1;
}

}  // namespace reconbound::figures
