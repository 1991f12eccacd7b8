// The `onnx` representation plugin: any ONNX network as Ψ (mathematics §3), run in OpenCV DNN.
// The network receives (x·scale − mean)/std in float32, N × C × H × W, for records x in grey
// levels; its output, flattened to m values per record, is divided by its L2 norm
// (normalize=unit, B = 4) or clipped to [a, b] (clip=a/b, B = m·(b − a)²): see onnx_model.cpp
// for both bounds. m is found by one forward pass per input shape (onnx_model.hpp).
//
// Thread safe: every map() borrows its own network from a pool (cv::dnn::Net is not thread
// safe), and OpenCV parallelises each forward pass over its own threads.
#include <limits>
#include <memory>

#include <fmt/format.h>

#include "onnx_model.hpp"
#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/plugin.hpp"

namespace reconbound::onnx {

namespace {

// Above this m the data-free rotation is preferred (mathematics §4): the eigenbasis needs
// |D⊥| ≥ m records and an m × m eigendecomposition, and a network with more outputs than this
// is a spatial feature map (as LPIPS's, m ≫ |D⊥|) rather than an embedding (128 to 1,024
// values), whose covariance the eigenbasis concentrates.
constexpr std::size_t kEmbeddingDimLimit = 1024;

class OnnxRepresentation final : public Representation {
 public:
  explicit OnnxRepresentation(std::unique_ptr<detail::OnnxModel> model) : model_(std::move(model)) {}

  bool accepts(const ImageShape& input_shape, std::string& why) const override {
    constexpr auto kMaxSide = static_cast<std::size_t>(std::numeric_limits<int>::max());
    if (input_shape.size() == 0 || input_shape.channels > kMaxSide || input_shape.height > kMaxSide ||
        input_shape.width > kMaxSide) {
      why = fmt::format("onnx needs records of at least 1 × 1 × 1 values that fit an OpenCV blob, got shape {}",
                        input_shape.to_string());
      return false;
    }
    const detail::OnnxSettings& settings = model_->settings();
    for (const auto& [key, values] : {std::pair{"scale", &settings.scale}, std::pair{"mean", &settings.mean},
                                      std::pair{"std", &settings.std}}) {
      if (values->size() != 1 && values->size() != input_shape.channels) {
        why = fmt::format("onnx: {} has {} values for records of {} channels (shape {}); give one value or one per "
                          "channel",
                          key, values->size(), input_shape.channels, input_shape.to_string());
        return false;
      }
    }
    const detail::ShapeProbe probe = model_->probe(input_shape);
    if (!probe.runs) why = probe.why;
    return probe.runs;
  }

  RepresentationInfo describe(const ImageShape& input_shape) const override {
    require_accepted(*this, input_shape);
    const std::size_t m = model_->probe(input_shape).output_dim;
    const detail::OnnxSettings& settings = model_->settings();
    // The bounds of onnx_model.cpp's bound_output (mathematics §6.5).
    const double width = settings.clip_high - settings.clip_low;
    const double bound =
        settings.bound == detail::OutputBound::unit_norm ? 4.0 : static_cast<double>(m) * width * width;
    return {
        .output_dim = m,
        .max_squared_distance = bound,
        .prefers_data_free_rotation = m > kEmbeddingDimLimit,
        .unit = "feature units",
    };
  }

  void map(const ImageShape& input_shape, MatrixView batch, MutableMatrixView out) const override {
    require_accepted(*this, input_shape);
    const auto d = static_cast<Eigen::Index>(input_shape.size());
    const std::size_t m = model_->probe(input_shape).output_dim;
    if (batch.cols() != d || out.cols() != static_cast<Eigen::Index>(m) || out.rows() != batch.rows()) {
      throw InvalidInput(fmt::format("onnx: expected a {} × {} input and a {} × {} output, got {} × {} and {} × {}",
                                     batch.rows(), d, batch.rows(), m, batch.rows(), batch.cols(), out.rows(),
                                     out.cols()));
    }
    require_grey_levels(batch, "onnx");
    opencv_onnx::OnnxNetwork::Lease lease = model_->borrow();
    for (Eigen::Index first = 0; first < batch.rows(); first += detail::kChunk) {
      const Eigen::Index count = std::min<Eigen::Index>(detail::kChunk, batch.rows() - first);
      model_->map_chunk(lease.net(), input_shape, m, batch, first, count, out);
    }
  }

 private:
  std::unique_ptr<detail::OnnxModel> model_;
};

std::unique_ptr<Representation> make(const Params& params) {
  return std::make_unique<OnnxRepresentation>(std::make_unique<detail::OnnxModel>(detail::parse_settings(params)));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::representation,
      .name = "onnx",
      .version = "1.0.0",
      .description = "any ONNX network's output, unit-normalised (B = 4) or clipped (B = m(b-a)^2)",
      .parameters = "arg=<FILE.onnx> (CLI: onnx:PATH), normalize=unit or clip=<a/b> (one is required), "
                    "scale=<number or a/b/c per channel, default 1/255>, mean=<default 0>, std=<default 1>",
      // The committed test network (tests/representations/models/), for the conformance suite.
      .example = "arg=" RECONBOUND_ONNX_EXAMPLE_MODEL ",normalize=unit",
      .make_representation = &make,
  };
  return plugin;
}

}  // namespace

}  // namespace reconbound::onnx

RECONBOUND_PLUGIN(reconbound::onnx::info)
