// The `select` representation plugin: a coordinate subset of the record (mathematics §3,
// region/attribute recovery). Ψ(x) = (x_i)_{i ∈ S} in increasing channel-major index order,
// m = |S|, in grey levels. S is a rectangle, a channel or a mask file (selection.hpp).
#include <fmt/format.h>

#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/plugin.hpp"
#include "selection.hpp"

namespace reconbound::select {

namespace {


class SelectRepresentation final : public Representation {
 public:
  explicit SelectRepresentation(detail::Selection selection) : selection_(std::move(selection)) {}

  bool accepts(const ImageShape& input_shape, std::string& why) const override {
    return !selection_.indices(input_shape, why).empty();
  }

  RepresentationInfo describe(const ImageShape& input_shape) const override {
    const std::size_t m = require_indices(input_shape).size();
    return {
        .output_dim = m,
        // Each output is one grey level in [0, 255]: ‖Ψ(x) − Ψ(x')‖² ≤ 255²·m, attained by a
        // black and a white image (mathematics §6.5), in squared grey levels.
        .max_squared_distance = kMaxGreyLevel * kMaxGreyLevel * static_cast<double>(m),
        .prefers_data_free_rotation = false,
        .unit = "grey levels",
    };
  }

  void map(const ImageShape& input_shape, MatrixView batch, MutableMatrixView out) const override {
    const std::vector<std::size_t> indices = require_indices(input_shape);
    const auto d = static_cast<Eigen::Index>(input_shape.size());
    const auto m = static_cast<Eigen::Index>(indices.size());
    if (batch.cols() != d || out.cols() != m || out.rows() != batch.rows()) {
      throw InvalidInput(fmt::format("select: expected a {} × {} input and a {} × {} output, got {} × {} and {} × {}",
                                     batch.rows(), d, batch.rows(), m, batch.rows(), batch.cols(), out.rows(),
                                     out.cols()));
    }
    // Grey levels outside [0, 255] would void max_squared_distance (the tr Σ UCB's range).
    require_grey_levels(batch, "select:" + selection_.spec());
    for (Eigen::Index r = 0; r < batch.rows(); ++r) {
      const double* record = batch.row(r).data();
      double* selected = out.row(r).data();
      for (std::size_t i = 0; i < indices.size(); ++i) selected[i] = record[indices[i]];
    }
  }

 private:
  std::vector<std::size_t> require_indices(const ImageShape& input_shape) const {
    std::string why;
    std::vector<std::size_t> indices = selection_.indices(input_shape, why);
    if (indices.empty()) throw InvalidInput(why);
    return indices;
  }

  detail::Selection selection_;
};

std::unique_ptr<Representation> make(const Params& params) {
  params.require_only({"arg"}, "the select representation");
  if (!params.has("arg")) {
    throw InvalidInput("select: missing the selection; write select:rect:y0,x0,h,w, select:channel:c or select:mask:PATH");
  }
  return std::make_unique<SelectRepresentation>(detail::Selection::parse(params.get_string("arg")));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::representation,
      .name = "select",
      .version = "1.0.0",
      .description = "a coordinate subset: a rectangle of every channel, one channel, or a 0/1 mask file, m = |S|",
      .parameters = "arg=<rect:y0,x0,h,w | channel:c | mask:PATH.png|PATH.npy> (CLI: select:SPEC)",
      .example = "arg=channel:0",
      .make_representation = &make,
  };
  return plugin;
}

}  // namespace

}  // namespace reconbound::select

RECONBOUND_PLUGIN(reconbound::select::info)
