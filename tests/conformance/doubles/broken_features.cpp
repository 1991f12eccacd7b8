// A test double: a representation that copies the pixels, broken as its argument says —
// broken_features:nan writes NaN for the first coordinate of every batch, broken_features:short
// declares output_dim = d but leaves the last coordinate unwritten. The jobs must refuse both
// where Ψ crosses the plugin boundary, naming the plugin (one line, exit code 2).
#include <fmt/format.h>

#include <limits>
#include <string>

#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

class BrokenFeatures final : public Representation {
 public:
  explicit BrokenFeatures(bool short_output) : short_output_(short_output) {}
  bool accepts(const ImageShape& input_shape, std::string& why) const override {
    if (input_shape.size() >= 2) return true;
    why = "broken_features needs records of at least 2 values";
    return false;
  }
  RepresentationInfo describe(const ImageShape& input_shape) const override {
    require_accepted(*this, input_shape);
    const auto d = static_cast<double>(input_shape.size());
    return {.output_dim = input_shape.size(), .max_squared_distance = kMaxGreyLevel * kMaxGreyLevel * d};
  }
  void map(const ImageShape& input_shape, MatrixView batch, MutableMatrixView out) const override {
    require_accepted(*this, input_shape);
    if (short_output_) {
      out.leftCols(batch.cols() - 1) = batch.leftCols(batch.cols() - 1);  // the defect: one coordinate short
      return;
    }
    out = batch;
    out(0, 0) = std::numeric_limits<double>::quiet_NaN();  // the defect
  }

 private:
  bool short_output_;
};

std::unique_ptr<Representation> make(const Params& params) {
  params.require_only({"arg"}, "the broken_features double");
  const std::string defect = params.get_string("arg");
  if (defect != "nan" && defect != "short") {
    throw InvalidInput(fmt::format("broken_features: the defect '{}' is not nan or short", defect));
  }
  return std::make_unique<BrokenFeatures>(defect == "short");
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .kind = PluginKind::representation,
      .name = "broken_features",
      .version = "0.0.1",
      .description = "test double: the pixels with a NaN (arg=nan) or one coordinate short (arg=short)",
      .parameters = "arg=nan|short",
      .example = "arg=nan",
      .make_representation = &make,
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
