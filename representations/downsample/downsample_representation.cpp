// The `downsample` representation plugin: average pooling by an integer factor F per spatial
// axis, per channel (mathematics §3, coarse recovery). Ψ(x)[c, i, j] = (1/F²)·Σ_{a,b<F} x[c, iF+a, jF+b],
// m = C·(H/F)·(W/F), in grey levels.
#include <fmt/format.h>

#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/plugin.hpp"

namespace reconbound::downsample {

namespace {

class DownsampleRepresentation final : public Representation {
 public:
  explicit DownsampleRepresentation(std::size_t factor) : factor_(factor) {}

  bool accepts(const ImageShape& input_shape, std::string& why) const override {
    if (input_shape.size() == 0) {
      why = fmt::format("downsample:{} needs a non-empty image, got shape {}", factor_,
                        input_shape.to_string());
      return false;
    }
    if (input_shape.height % factor_ != 0 || input_shape.width % factor_ != 0) {
      why = fmt::format("downsample:{}: the factor F = {} must divide the height H = {} and the width W = {}; "
                        "choose a common divisor of H and W",
                        factor_, factor_, input_shape.height, input_shape.width);
      return false;
    }
    return true;
  }

  RepresentationInfo describe(const ImageShape& input_shape) const override {
    require_accepted(*this, input_shape);
    const std::size_t m = output_dim(input_shape);
    return {
        .output_dim = m,
        // Every pooled value is a mean of grey levels, so lies in [0, 255]: ‖Ψ(x) − Ψ(x')‖² ≤ 255²·m,
        // attained by a black and a white image (mathematics §6.5), in squared grey levels.
        .max_squared_distance = kMaxGreyLevel * kMaxGreyLevel * static_cast<double>(m),
        .prefers_data_free_rotation = false,
        .unit = "grey levels",
    };
  }

  void map(const ImageShape& input_shape, MatrixView batch, MutableMatrixView out) const override {
    require_accepted(*this, input_shape);
    const auto d = static_cast<Eigen::Index>(input_shape.size());
    const auto m = static_cast<Eigen::Index>(output_dim(input_shape));
    if (batch.cols() != d || out.cols() != m || out.rows() != batch.rows()) {
      throw InvalidInput(fmt::format("downsample: expected a {} × {} input and a {} × {} output, got {} × {} and {} × {}",
                                     batch.rows(), d, batch.rows(), m, batch.rows(), batch.cols(),
                                     out.rows(), out.cols()));
    }
    const std::size_t height = input_shape.height;
    const std::size_t width = input_shape.width;
    const std::size_t out_height = height / factor_;
    const std::size_t out_width = width / factor_;
    const double inverse_area = 1.0 / static_cast<double>(factor_ * factor_);
    require_grey_levels(batch, fmt::format("downsample:{}", factor_));
    for (Eigen::Index r = 0; r < batch.rows(); ++r) {
      for (std::size_t c = 0; c < input_shape.channels; ++c) {
        const double* plane = batch.row(r).data() + c * height * width;
        double* pooled = out.row(r).data() + c * out_height * out_width;
        for (std::size_t i = 0; i < out_height; ++i) {
          for (std::size_t j = 0; j < out_width; ++j) {
            double sum = 0.0;
            for (std::size_t a = 0; a < factor_; ++a) {
              const double* line = plane + (i * factor_ + a) * width + j * factor_;
              for (std::size_t b = 0; b < factor_; ++b) sum += line[b];
            }
            pooled[i * out_width + j] = sum * inverse_area;
          }
        }
      }
    }
  }

 private:
  std::size_t output_dim(const ImageShape& shape) const {
    return shape.channels * (shape.height / factor_) * (shape.width / factor_);
  }

  std::size_t factor_;
};

std::unique_ptr<Representation> make(const Params& params) {
  params.require_only({"arg"}, "the downsample representation");
  return std::make_unique<DownsampleRepresentation>(
      params.get_positive_arg("downsample", "the pooling factor", "downsample:4"));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::representation,
      .name = "downsample",
      .version = "1.0.0",
      .description = "average pooling by an integer factor F per spatial axis and channel, m = C*(H/F)*(W/F)",
      .parameters = "arg=<F: integer >= 1 dividing H and W> (CLI: downsample:F)",
      .example = "arg=2",
      .make_representation = &make,
  };
  return plugin;
}

}  // namespace

}  // namespace reconbound::downsample

RECONBOUND_PLUGIN(reconbound::downsample::info)
