// The `dct` representation plugin: the F×F lowest-frequency 2-D DCT-II coefficients of each
// channel, orthonormal scaling (mathematics §3, frequency truncation), computed with FFTW.
//
//   Ψ(x)[c, k, l] = a_k(H)·a_l(W)·Σ_{i<H, j<W} x[c, i, j]·cos(π(i+½)k/H)·cos(π(j+½)l/W),
//   a_0(N) = sqrt(1/N), a_k(N) = sqrt(2/N) for k ≥ 1,   0 ≤ k, l < F,
//
// m = C·F², in grey levels (the orthonormal DCT keeps the units of x).
#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include <fmt/format.h>

#include "dct_plan_cache.hpp"
#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/plugin.hpp"

namespace reconbound::dct {

namespace {

// Orthonormal scale of frequency k of an N-point DCT-II relative to FFTW's REDFT10, which
// computes 2·Σ_j x_j cos(π(j+½)k/N): a_k(N)/2.
double orthonormal_scale(std::size_t k, std::size_t n) {
  return 0.5 * std::sqrt((k == 0 ? 1.0 : 2.0) / static_cast<double>(n));
}

class DctRepresentation final : public Representation {
 public:
  explicit DctRepresentation(std::size_t frequencies) : frequencies_(frequencies) {}

  bool accepts(const ImageShape& input_shape, std::string& why) const override {
    if (input_shape.size() == 0) {
      why = fmt::format("dct:{} needs a non-empty image, got shape {}", frequencies_, input_shape.to_string());
      return false;
    }
    if (frequencies_ > input_shape.height || frequencies_ > input_shape.width) {
      why = fmt::format("dct:{}: F = {} frequencies per axis need H ≥ F and W ≥ F, got H = {}, W = {}; "
                        "choose F ≤ {}",
                        frequencies_, frequencies_, input_shape.height, input_shape.width,
                        std::min(input_shape.height, input_shape.width));
      return false;
    }
    if (input_shape.height > static_cast<std::size_t>(std::numeric_limits<int>::max()) ||
        input_shape.width > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
      why = fmt::format("dct:{}: the image {} is too large for FFTW", frequencies_, input_shape.to_string());
      return false;
    }
    return true;
  }

  RepresentationInfo describe(const ImageShape& input_shape) const override {
    require_accepted(*this, input_shape);
    const std::size_t m = output_dim(input_shape);
    const auto d = static_cast<double>(input_shape.size());
    return {
        .output_dim = m,
        // Ψ is an orthonormal transform followed by a coordinate restriction, so
        // ‖Ψ(x) − Ψ(x')‖² ≤ ‖x − x'‖² ≤ 255²·d (mathematics §6.5), in squared grey levels.
        .max_squared_distance = kMaxGreyLevel * kMaxGreyLevel * d,
        .prefers_data_free_rotation = false,
        .unit = "grey levels",
    };
  }

  void map(const ImageShape& input_shape, MatrixView batch, MutableMatrixView out) const override {
    require_accepted(*this, input_shape);
    const auto d = static_cast<Eigen::Index>(input_shape.size());
    const auto m = static_cast<Eigen::Index>(output_dim(input_shape));
    if (batch.cols() != d || out.cols() != m || out.rows() != batch.rows()) {
      throw InvalidInput(fmt::format("dct: expected a {} × {} input and a {} × {} output, got {} × {} and {} × {}",
                                     batch.rows(), d, batch.rows(), m, batch.rows(), batch.cols(), out.rows(),
                                     out.cols()));
    }
    const std::size_t height = input_shape.height;
    const std::size_t width = input_shape.width;
    const std::size_t f = frequencies_;
    const fftw_plan plan = plans_.plan(height, width);
    const detail::FftwBuffer plane = detail::make_fftw_buffer(height * width);
    const detail::FftwBuffer spectrum = detail::make_fftw_buffer(height * width);
    std::vector<double> row_scale(f);
    std::vector<double> column_scale(f);
    for (std::size_t k = 0; k < f; ++k) {
      row_scale[k] = orthonormal_scale(k, height);
      column_scale[k] = orthonormal_scale(k, width);
    }
    require_grey_levels(batch, fmt::format("dct:{}", frequencies_));
    for (Eigen::Index r = 0; r < batch.rows(); ++r) {
      const double* record = batch.row(r).data();
      double* coefficients = out.row(r).data();
      for (std::size_t c = 0; c < input_shape.channels; ++c) {
        std::copy_n(record + c * height * width, height * width, plane.get());
        fftw_execute_r2r(plan, plane.get(), spectrum.get());
        for (std::size_t k = 0; k < f; ++k) {
          for (std::size_t l = 0; l < f; ++l) {
            coefficients[(c * f + k) * f + l] = spectrum[k * width + l] * row_scale[k] * column_scale[l];
          }
        }
      }
    }
  }

 private:
  std::size_t output_dim(const ImageShape& shape) const { return shape.channels * frequencies_ * frequencies_; }

  std::size_t frequencies_;
  detail::DctPlanCache plans_;
};

std::unique_ptr<Representation> make(const Params& params) {
  params.require_only({"arg"}, "the dct representation");
  return std::make_unique<DctRepresentation>(
      params.get_positive_arg("dct", "the number of frequencies per axis", "dct:8"));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::representation,
      .name = "dct",
      .version = "1.0.0",
      .description = "lowest F x F orthonormal 2-D DCT-II coefficients per channel (FFTW), m = C*F^2",
      .parameters = "arg=<F: integer, 1 <= F <= min(H, W)> (CLI: dct:F)",
      .example = "arg=8",
      .make_representation = &make,
  };
  return plugin;
}

}  // namespace

}  // namespace reconbound::dct

RECONBOUND_PLUGIN(reconbound::dct::info)
