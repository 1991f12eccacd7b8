// A test double: the Sobel gradient magnitude per channel, |G| = sqrt(Gx² + Gy²) with
// Gx = [-1 0 1; -2 0 2; -1 0 1] and Gy its transpose, at the (H − 2)·(W − 2) interior pixels of
// each channel (no border: a pixel whose 3×3 patch leaves the image has no output), so
// m = C·(H − 2)·(W − 2). B by enumeration: |G|² is convex in the patch, so its largest value over
// the box [0, 255]^9 is at one of the 2^9 vertices; enumerating them gives
// Gx = 4·255 with Gy = 2·255 (the patch 0 0 0 / 0 · 255 / 255 255 255), |G|² = 20·255² = 1,300,500
// (|Gx|, |Gy| ≤ 4·255 each only gives 32·255²). With Ψ ≥ 0, ‖Ψ(x) − Ψ(x')‖² ≤ Σ max(Ψ_p(x), Ψ_p(x'))²
// ≤ m·20·255² = B (mathematics §6.5).
//
// Its parameter `fault` (the example) breaks one law, as a plugin written from the docs might:
// "none" keeps every law; "nan_edges" gives NaN where a gradient component reaches ±4·255 (a
// full-contrast step edge: a normalisation by 4·255 − |g|); "small_bound" declares B = 255²·m;
// "extra_row" declares m one row of each channel too large and leaves it unwritten;
// "nondeterministic" lets a call counter into the output; "shared_scratch" computes each record
// in scratch buffers shared by every call, so concurrent calls overwrite each other's.
#include <fmt/format.h>

#include <array>
#include <atomic>
#include <cmath>
#include <limits>
#include <string>

#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

constexpr double kLargestComponent = 4.0 * kMaxGreyLevel;                      // |Gx|, |Gy| ≤ 4·255
constexpr double kLargestSquaredMagnitude = 20.0 * kMaxGreyLevel * kMaxGreyLevel;  // by enumeration, above
constexpr std::size_t kScratchSize = 3 * 64 * 64;                              // shared_scratch's buffers

class Sobel final : public Representation {
 public:
  explicit Sobel(std::string fault) : fault_(std::move(fault)) {}

  bool accepts(const ImageShape& shape, std::string& why) const override {
    if (shape.height < 3 || shape.width < 3) {
      why = "the Sobel double needs records of at least 3 x 3 pixels";
      return false;
    }
    if (shape.size() > kScratchSize) {
      why = fmt::format("the Sobel double takes at most {} values per record", kScratchSize);
      return false;
    }
    return true;
  }

  RepresentationInfo describe(const ImageShape& shape) const override {
    require_accepted(*this, shape);
    const std::size_t rows = shape.height - 2 + (fault_ == "extra_row" ? 1 : 0);
    const std::size_t m = shape.channels * rows * (shape.width - 2);
    const double per_pixel = fault_ == "small_bound" ? kMaxGreyLevel * kMaxGreyLevel : kLargestSquaredMagnitude;
    return {.output_dim = m, .max_squared_distance = per_pixel * static_cast<double>(m), .unit = "grey levels"};
  }

  void map(const ImageShape& shape, MatrixView batch, MutableMatrixView out) const override {
    require_accepted(*this, shape);
    require_grey_levels(batch, "the Sobel double");
    std::array<double, kScratchSize> local_gx{}, local_gy{};
    double* gx = fault_ == "shared_scratch" ? shared_gx_.data() : local_gx.data();
    double* gy = fault_ == "shared_scratch" ? shared_gy_.data() : local_gy.data();
    const double jitter = fault_ == "nondeterministic" ? 1e-9 * static_cast<double>(calls_++ % 2) : 0.0;
    for (Eigen::Index r = 0; r < batch.rows(); ++r) {
      gradients(shape, batch.row(r), gx, gy);
      for (std::size_t i = 0; i < shape.channels * (shape.height - 2) * (shape.width - 2); ++i) {
        out(r, static_cast<Eigen::Index>(i)) = magnitude(gx[i], gy[i]) + jitter;
      }
    }
  }

 private:
  // Gx and Gy of each interior pixel, channel by channel, in output order.
  static void gradients(const ImageShape& s, const Eigen::Ref<const Eigen::RowVectorXd>& x, double* gx, double* gy) {
    const auto at = [&](std::size_t c, std::size_t y, std::size_t col) {
      return x(static_cast<Eigen::Index>((c * s.height + y) * s.width + col));
    };
    std::size_t i = 0;
    for (std::size_t c = 0; c < s.channels; ++c) {
      for (std::size_t y = 1; y + 1 < s.height; ++y) {
        for (std::size_t col = 1; col + 1 < s.width; ++col, ++i) {
          gx[i] = (at(c, y - 1, col + 1) + 2 * at(c, y, col + 1) + at(c, y + 1, col + 1)) -
                  (at(c, y - 1, col - 1) + 2 * at(c, y, col - 1) + at(c, y + 1, col - 1));
          gy[i] = (at(c, y + 1, col - 1) + 2 * at(c, y + 1, col) + at(c, y + 1, col + 1)) -
                  (at(c, y - 1, col - 1) + 2 * at(c, y - 1, col) + at(c, y - 1, col + 1));
        }
      }
    }
  }

  double magnitude(double gx, double gy) const {
    if (fault_ == "nan_edges") {
      // The defect: a "relative contrast" factor (4·255 − |g|)/(4·255 − |g|), 0/0 on a full edge.
      const double slack = kLargestComponent - std::max(std::abs(gx), std::abs(gy));
      return std::sqrt(gx * gx + gy * gy) * (slack / slack);
    }
    return std::sqrt(gx * gx + gy * gy);
  }

  std::string fault_;
  mutable std::atomic<std::uint64_t> calls_{0};
  mutable std::array<double, kScratchSize> shared_gx_{}, shared_gy_{};
};

std::unique_ptr<Representation> make(const Params& params) {
  params.require_only({"fault"}, "the Sobel double");
  std::string fault = params.get_string("fault", "none");
  if (fault != "none" && fault != "nan_edges" && fault != "small_bound" && fault != "extra_row" &&
      fault != "nondeterministic" && fault != "shared_scratch") {
    throw InvalidInput(fmt::format("the Sobel double: the fault '{}' is not none, nan_edges, small_bound, extra_row, "
                                   "nondeterministic or shared_scratch", fault));
  }
  return std::make_unique<Sobel>(std::move(fault));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .kind = PluginKind::representation,
      .name = RECONBOUND_DOUBLE_NAME,
      .version = "0.0.1",
      .description = "test double: the Sobel gradient magnitude, with one fault (fault=...)",
      .parameters = "fault=none|nan_edges|small_bound|extra_row|nondeterministic|shared_scratch",
      .example = RECONBOUND_DOUBLE_EXAMPLE,
      .make_representation = &make,
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
