// The reconstruction grid of the chain (paper Figure 9), drawn on an RGB canvas with the
// bitmap font of bitmap_font.hpp and encoded as PNG with libpng.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include "bitmap_font.hpp"
#include "reconbound/error.hpp"
#include "reconbound/figures/chain_figures.hpp"
#include "reconbound/png_codec.hpp"
#include "reconbound/presets/paper_chain.hpp"

namespace reconbound::figures {

namespace {

constexpr int kHeader = 44;      // px above the first row: column heads
constexpr int kCellLabel = 16;   // px under each image: its ρ
constexpr int kGap = 6;          // px between images
constexpr int kMinTile = 84;     // smallest side of a shown image, px
constexpr std::uint8_t kInk = 20;     // grey level of the text
constexpr std::uint8_t kPaper = 255;  // grey level of the background

// An 8-bit RGB image, row-major, interleaved R, G, B.
struct Canvas {
  int width;
  int height;
  std::vector<std::uint8_t> rgb;

  Canvas(int w, int h)
      : width(w), height(h), rgb(static_cast<std::size_t>(w) * static_cast<std::size_t>(h) * 3, kPaper) {}

  std::uint8_t* pixel(int x, int y) {
    return rgb.data() + (static_cast<std::size_t>(y) * static_cast<std::size_t>(width) + static_cast<std::size_t>(x)) * 3;
  }
};

std::uint8_t grey_level(double v) { return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0L, 255L)); }

// One record (grey levels, channel-major C×H×W; grey fills R, G and B) drawn with its top-left
// corner at (left, top), each record pixel a scale × scale block (nearest-neighbour upscaling).
void draw_tile(Canvas& canvas, const Eigen::Ref<const Eigen::RowVectorXd>& record, const ImageShape& shape, int scale,
               int left, int top) {
  const std::size_t plane = shape.height * shape.width;
  for (std::size_t y = 0; y < shape.height; ++y) {
    for (std::size_t x = 0; x < shape.width; ++x) {
      std::uint8_t colour[3];
      for (std::size_t c = 0; c < 3; ++c) {
        const std::size_t channel = shape.channels == 3 ? c : 0;
        colour[c] = grey_level(record(static_cast<Eigen::Index>(channel * plane + y * shape.width + x)));
      }
      const int x0 = left + static_cast<int>(x) * scale, y0 = top + static_cast<int>(y) * scale;
      for (int dy = 0; dy < scale; ++dy) {
        for (int dx = 0; dx < scale; ++dx) std::copy_n(colour, 3, canvas.pixel(x0 + dx, y0 + dy));
      }
    }
  }
}

// s in the bitmap font, its baseline at row `baseline`, starting at column x; clipped to the canvas.
void draw_text(Canvas& canvas, const std::string& s, int x, int baseline) {
  for (std::size_t i = 0; i < s.size(); ++i) {
    const int left = x + static_cast<int>(i) * kGlyphAdvance;
    for (int row = 0; row < kGlyphHeight; ++row) {
      for (int column = 0; column < kGlyphWidth; ++column) {
        const int px = left + column, py = baseline - kGlyphAscent + row;
        if (px < 0 || py < 0 || px >= canvas.width || py >= canvas.height) continue;
        if (glyph_pixel(s[i], column, row)) std::fill_n(canvas.pixel(px, py), 3, kInk);
      }
    }
  }
}

// The column heads: "target" and the attack, then γ and the attack's mean ρ over every target
// (not only the ones shown) at each γ.
std::vector<std::pair<std::string, std::string>> column_heads(const ChainReport& report) {
  std::vector<std::pair<std::string, std::string>> out{{"target", presets::figure_label(report)}};
  for (std::size_t g = 0; g < report.figure_reconstructions.size(); ++g) {
    out.emplace_back(fmt::format("gamma={:.4g}", report.figure_gammas[g]),
                     fmt::format("rho={:.3f}", report.figure_column_rho[g]));
  }
  return out;
}

int widest_head(const std::vector<std::pair<std::string, std::string>>& heads) {
  int out = 0;
  for (const auto& [first, second] : heads) out = std::max({out, text_pixel_width(first), text_pixel_width(second)});
  return out;
}

}  // namespace

std::string reconstruction_png(const ChainReport& report, const ImageShape& shape) {
  if (shape.channels != 1 && shape.channels != 3) {
    throw InvalidInput(fmt::format("the reconstruction grid needs grey or RGB images, not {}", shape.to_string()));
  }
  const auto rows = static_cast<int>(report.figure_images.rows());
  if (rows == 0 || report.figure_reconstructions.empty()) {
    throw InvalidInput("the reconstruction grid needs at least one target and one attack with posterior weights");
  }
  const int scale = std::max(1, static_cast<int>(std::ceil(kMinTile / static_cast<double>(std::max(shape.height, shape.width)))));
  const int tw = static_cast<int>(shape.width) * scale, th = static_cast<int>(shape.height) * scale;
  const int columns = 1 + static_cast<int>(report.figure_reconstructions.size());
  const auto heads = column_heads(report);
  const int cell_w = std::max(tw, widest_head(heads) + kGap) + kGap, cell_h = th + kCellLabel + kGap;
  Canvas canvas(columns * cell_w + kGap, kHeader + rows * cell_h);
  for (std::size_t c = 0; c < heads.size(); ++c) {
    const int x = static_cast<int>(c) * cell_w + kGap;
    draw_text(canvas, heads[c].first, x, 18);
    draw_text(canvas, heads[c].second, x, 36);
  }
  for (int r = 0; r < rows; ++r) {
    const int y = kHeader + r * cell_h;
    draw_tile(canvas, report.figure_images.row(r), shape, scale, kGap, y);
    for (std::size_t g = 0; g < report.figure_reconstructions.size(); ++g) {
      const int x = (1 + static_cast<int>(g)) * cell_w + kGap;
      draw_tile(canvas, report.figure_reconstructions[g].row(r), shape, scale, x, y);
      draw_text(canvas, fmt::format("rho={:.2f}", report.figure_rho[g][static_cast<std::size_t>(r)]), x, y + th + 11);
    }
  }
  return png::encode_png_rgb(static_cast<std::size_t>(canvas.width), static_cast<std::size_t>(canvas.height),
                             canvas.rgb);
}

}  // namespace reconbound::figures
