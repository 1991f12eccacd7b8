#pragma once
// How much room a label takes, without a font engine: a conservative estimate of its rendered
// width, so that legends, titles and subtitles are laid out to fit inside the figure.
#include <string>
#include <vector>

namespace reconbound::figures {

// The width (px) of `text` (UTF-8) at `font_size` px: every code point counted at the widest
// advance of its class in DejaVu Sans (the figures' first font and the widest of their
// fallbacks), combining marks at zero; bold text 10 % wider. Never below the rendered width in
// those fonts.
double text_width(const std::string& text, double font_size, bool bold = false);

// `text` broken at spaces into lines no wider than `max_width` (a single word wider than that
// keeps a line of its own).
std::vector<std::string> wrap_text(const std::string& text, double font_size, double max_width);

}  // namespace reconbound::figures
