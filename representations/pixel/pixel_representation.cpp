// The `pixel` representation plugin: Ψ = identity, m = d (mathematics §3).
#include <fmt/format.h>

#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/plugin.hpp"

namespace reconbound::pixel {

namespace {

class PixelRepresentation final : public Representation {
 public:
  bool accepts(const ImageShape& input_shape, std::string& why) const override {
    if (input_shape.size() == 0) {
      why = fmt::format("the pixel representation needs at least one coordinate, got shape {}",
                        input_shape.to_string());
      return false;
    }
    return true;
  }

  RepresentationInfo describe(const ImageShape& input_shape) const override {
    require_accepted(*this, input_shape);
    const auto d = static_cast<double>(input_shape.size());
    return {
        .output_dim = input_shape.size(),
        // ‖x − x'‖² ≤ 255²·d for 8-bit images (mathematics §6.5), in squared grey levels.
        .max_squared_distance = kMaxGreyLevel * kMaxGreyLevel * d,
        .prefers_data_free_rotation = false,
        .unit = "grey levels",
    };
  }

  void map(const ImageShape& input_shape, MatrixView batch, MutableMatrixView out) const override {
    require_accepted(*this, input_shape);
    const auto d = static_cast<Eigen::Index>(input_shape.size());
    if (batch.cols() != d || out.cols() != d || out.rows() != batch.rows()) {
      throw InvalidInput(fmt::format("pixel: expected {} × {} input and output, got {} × {} and {} × {}",
                                     batch.rows(), d, batch.rows(), batch.cols(), out.rows(), out.cols()));
    }
    // Grey levels outside [0, 255] would void max_squared_distance (the tr Σ UCB's range).
    require_grey_levels(batch, "pixel");
    out = batch;
  }
};

std::unique_ptr<Representation> make(const Params& params) {
  params.require_only({}, "the pixel representation");
  return std::make_unique<PixelRepresentation>();
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::representation,
      .name = "pixel",
      .version = "1.0.0",
      .description = "identity: Psi(x) = x in grey levels, m = d",
      .parameters = "none",
      .make_representation = &make,
  };
  return plugin;
}

}  // namespace

}  // namespace reconbound::pixel

RECONBOUND_PLUGIN(reconbound::pixel::info)
