// The `centre_crop` example representation plugin: the centre s × s pixels of every channel
// (mathematics §3, region recovery). For an image C × H × W, with top = ⌊(H − s)/2⌋ and
// left = ⌊(W − s)/2⌋,
//   Ψ(x)[c, i, j] = x[c, top + i, left + j],   0 ≤ i, j < s,   m = C·s²,
// in grey levels, unchanged.
#include <fmt/format.h>

#include <cstdint>
#include <memory>

#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/plugin.hpp"

namespace centre_crop_example {

namespace {

using reconbound::ImageShape;
using reconbound::InvalidInput;

class CentreCrop final : public reconbound::Representation {
 public:
  explicit CentreCrop(std::size_t size) : size_(size) {}

  bool accepts(const ImageShape& shape, std::string& why) const override {
    if (shape.channels == 0 || size_ > shape.height || size_ > shape.width) {
      why = fmt::format("centre_crop: a {0} × {0} crop needs an image of at least {0} × {0} pixels, got {1}",
                        size_, shape.to_string());
      return false;
    }
    return true;
  }

  reconbound::RepresentationInfo describe(const ImageShape& shape) const override {
    reconbound::require_accepted(*this, shape);
    const std::size_t m = shape.channels * size_ * size_;
    // Every output is one grey level in [0, 255]: ‖Ψ(x) − Ψ(x')‖² ≤ 255²·m (mathematics §6.5).
    return {.output_dim = m,
            .max_squared_distance = reconbound::kMaxGreyLevel * reconbound::kMaxGreyLevel *
                                    static_cast<double>(m),
            .unit = "grey levels"};
  }

  void map(const ImageShape& shape, reconbound::MatrixView batch,
           reconbound::MutableMatrixView out) const override {
    reconbound::require_accepted(*this, shape);
    const auto d = static_cast<Eigen::Index>(shape.size());
    const auto m = static_cast<Eigen::Index>(shape.channels * size_ * size_);
    if (batch.cols() != d || out.cols() != m || out.rows() != batch.rows()) {
      throw InvalidInput(fmt::format("centre_crop: expected a {0} × {1} input and a {0} × {2} output, "
                                     "got {3} × {4} and {5} × {6}", batch.rows(), d, m,
                                     batch.rows(), batch.cols(), out.rows(), out.cols()));
    }
    // Grey levels outside [0, 255] would void max_squared_distance.
    reconbound::require_grey_levels(batch, "centre_crop");
    const std::size_t top = (shape.height - size_) / 2;
    const std::size_t left = (shape.width - size_) / 2;
    for (Eigen::Index r = 0; r < batch.rows(); ++r) {
      for (std::size_t c = 0; c < shape.channels; ++c) {
        const double* plane = batch.row(r).data() + c * shape.height * shape.width;
        double* crop = out.row(r).data() + c * size_ * size_;
        for (std::size_t i = 0; i < size_; ++i) {
          for (std::size_t j = 0; j < size_; ++j) {
            crop[i * size_ + j] = plane[(top + i) * shape.width + left + j];
          }
        }
      }
    }
  }

 private:
  std::size_t size_;
};

std::unique_ptr<reconbound::Representation> make(const reconbound::Params& params) {
  params.require_only({"size"}, "the centre_crop representation");
  const std::int64_t size = params.get_int("size");
  if (size < 1) throw InvalidInput(fmt::format("centre_crop: size = {} must be ≥ 1", size));
  return std::make_unique<CentreCrop>(static_cast<std::size_t>(size));
}

const reconbound::PluginInfo& info() {
  static const reconbound::PluginInfo plugin{
      .abi_version = reconbound::kPluginAbiVersion,
      .kind = reconbound::PluginKind::representation,
      .name = "centre_crop",
      .version = "1.0.0",
      .description = "the centre size x size pixels of every channel, m = C*size^2, grey levels unchanged",
      .parameters = "size=<int >= 1, at most H and W>",
      .example = "size=2",
      .make_representation = &make,
  };
  return plugin;
}

}  // namespace

}  // namespace centre_crop_example

RECONBOUND_PLUGIN(centre_crop_example::info)
