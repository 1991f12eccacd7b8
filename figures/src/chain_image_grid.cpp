// The reconstruction grid of the chain (paper Figure 9), drawn with OpenCV and encoded as PNG.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <stdexcept>
#include <utility>
#include <vector>

#include "reconbound/error.hpp"
#include "reconbound/figures/chain_figures.hpp"

namespace reconbound::figures {

namespace {

constexpr int kHeader = 44;      // px above the first row: column heads
constexpr int kCellLabel = 16;   // px under each image: its ρ
constexpr int kGap = 6;          // px between images
constexpr int kMinTile = 84;     // smallest side of a shown image, px
constexpr double kHeadSize = 0.45;  // OpenCV font scale of the column heads
const cv::Scalar kInk(20, 20, 20);

// One record (grey levels, channel-major C×H×W) as an 8-bit BGR tile of the given scale.
cv::Mat tile(const Eigen::Ref<const Eigen::RowVectorXd>& record, const ImageShape& shape, int scale) {
  const int h = static_cast<int>(shape.height), w = static_cast<int>(shape.width);
  const std::size_t plane = shape.height * shape.width;
  cv::Mat bgr(h, w, CV_8UC3);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) {
      cv::Vec3b& px = bgr.at<cv::Vec3b>(y, x);
      for (int c = 0; c < 3; ++c) {
        // Grey images fill all three channels; colour records are RGB, OpenCV wants BGR.
        const std::size_t channel = shape.channels == 3 ? static_cast<std::size_t>(2 - c) : 0;
        const double v = record(static_cast<Eigen::Index>(channel * plane + static_cast<std::size_t>(y * w + x)));
        px[c] = static_cast<unsigned char>(std::clamp(std::lround(v), 0L, 255L));
      }
    }
  }
  cv::Mat scaled;
  cv::resize(bgr, scaled, cv::Size(w * scale, h * scale), 0, 0, cv::INTER_NEAREST);
  return scaled;
}

void text(cv::Mat& canvas, const std::string& s, int x, int y, double size = 0.4) {
  cv::putText(canvas, s, cv::Point(x, y), cv::FONT_HERSHEY_SIMPLEX, size, kInk, 1, cv::LINE_AA);
}

// The column heads: "target" and the attack, then γ and the attack's mean ρ over every target
// (not only the ones shown) at each γ.
std::vector<std::pair<std::string, std::string>> column_heads(const ChainReport& report) {
  std::vector<std::pair<std::string, std::string>> out{{"target", report.figure_attack}};
  for (std::size_t g = 0; g < report.figure_reconstructions.size(); ++g) {
    out.emplace_back(fmt::format("gamma={:.4g}", report.figure_gammas[g]),
                     fmt::format("rho={:.3f}", report.figure_column_rho[g]));
  }
  return out;
}

int widest_head(const std::vector<std::pair<std::string, std::string>>& heads) {
  int out = 0;
  int baseline = 0;
  for (const auto& [first, second] : heads) {
    for (const std::string& s : {first, second}) {
      out = std::max(out, cv::getTextSize(s, cv::FONT_HERSHEY_SIMPLEX, kHeadSize, 1, &baseline).width);
    }
  }
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
  cv::Mat canvas(kHeader + rows * cell_h, columns * cell_w + kGap, CV_8UC3, cv::Scalar(255, 255, 255));
  for (std::size_t c = 0; c < heads.size(); ++c) {
    const int x = static_cast<int>(c) * cell_w + kGap;
    text(canvas, heads[c].first, x, 18, kHeadSize);
    text(canvas, heads[c].second, x, 36, kHeadSize);
  }
  for (int r = 0; r < rows; ++r) {
    const int y = kHeader + r * cell_h;
    tile(report.figure_images.row(r), shape, scale).copyTo(canvas(cv::Rect(kGap, y, tw, th)));
    for (std::size_t g = 0; g < report.figure_reconstructions.size(); ++g) {
      const int x = (1 + static_cast<int>(g)) * cell_w + kGap;
      tile(report.figure_reconstructions[g].row(r), shape, scale).copyTo(canvas(cv::Rect(x, y, tw, th)));
      text(canvas, fmt::format("rho={:.2f}", report.figure_rho[g][static_cast<std::size_t>(r)]), x, y + th + 12, 0.38);
    }
  }
  std::vector<unsigned char> png;
  bool encoded = false;
  try {
    encoded = cv::imencode(".png", canvas, png);
  } catch (const cv::Exception&) {
    encoded = false;
  }
  if (!encoded) throw std::runtime_error("OpenCV could not encode the reconstruction grid as PNG");
  return {png.begin(), png.end()};
}

}  // namespace reconbound::figures
