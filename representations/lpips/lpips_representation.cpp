// The `lpips` representation plugin: Ψ_LPIPS of mathematics §3, so that ‖Ψ(x) − Ψ(x')‖² is the LPIPS
// distance (dimensionless). The ONNX trunk runs in OpenCV DNN; the resize, scaling and the
// channel unit-normalisation with the linear-layer weights are done in C++ (lpips_features.hpp).
// m = Σ_ℓ C_ℓ·H_ℓ·W_ℓ (31,872 for AlexNet).
//
// Batched and multithreaded: records are cut into chunks of kChunk in batch order, and up to
// `threads` workers each take whole chunks, each with its own network (cv::dnn::Net is not
// thread safe). The workers run on OpenCV's own thread pool (cv::parallel_for_), whose threads
// stay for the whole process: OpenCV 4.6 keeps about 850 bytes until exit for every thread that
// ever entered its parallel loops, so threads started here for each call would leave that much
// behind each call. Every forward pass has exactly kChunk records (a partial chunk is zero-padded):
// OpenCV's float32 convolutions round differently for different batch sizes (about 1e-7
// relative), and with one fixed size Ψ(x) depends on x alone — not on the batch it came in, its
// position there, or the number of threads.
#include <algorithm>
#include <atomic>
#include <exception>
#include <filesystem>
#include <limits>
#include <memory>
#include <thread>

#include <fmt/format.h>
#include <opencv2/core/utility.hpp>

#include "lpips_features.hpp"
#include "lpips_model.hpp"
#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/plugin.hpp"

namespace reconbound::lpips {

namespace {

constexpr Eigen::Index kChunk = 16;  // records in every forward pass

class LpipsRepresentation final : public Representation {
 public:
  LpipsRepresentation(std::unique_ptr<detail::LpipsModel> model, std::size_t threads)
      : model_(std::move(model)), threads_(threads) {}

  bool accepts(const ImageShape& input_shape, std::string& why) const override {
    if (input_shape.channels != 1 && input_shape.channels != 3) {
      why = fmt::format("lpips needs grey (1 channel) or RGB (3 channel) images, got shape {}", input_shape.to_string());
      return false;
    }
    constexpr auto kMaxSide = static_cast<std::size_t>(std::numeric_limits<int>::max());
    if (input_shape.height == 0 || input_shape.width == 0 || input_shape.height > kMaxSide ||
        input_shape.width > kMaxSide) {
      why = fmt::format("lpips needs images of at least 1 × 1 pixels that OpenCV can resize, got shape {}",
                        input_shape.to_string());
      return false;
    }
    return true;
  }

  RepresentationInfo describe(const ImageShape& input_shape) const override {
    require_accepted(*this, input_shape);
    // Every unit-normalised vector of non-negative (ReLU) activations has norm < 1 and lies in
    // the positive orthant, so ‖u − u'‖² ≤ 2 at every position, and
    //   ‖Ψ(x) − Ψ(x')‖² = Σ_ℓ (1/(H_ℓW_ℓ))·Σ_p Σ_c w_ℓc (u_c − u'_c)² ≤ 2·Σ_ℓ max_c w_ℓc  (mathematics §6.5).
    double bound = 0.0;
    for (const std::vector<double>& w : model_->weights()) bound += 2.0 * *std::max_element(w.begin(), w.end());
    return {
        .output_dim = model_->output_dim(),
        .max_squared_distance = bound,
        .prefers_data_free_rotation = true,  // m ≫ |D⊥| in practice (mathematics §4)
        .unit = "LPIPS units",
    };
  }

  void map(const ImageShape& input_shape, MatrixView batch, MutableMatrixView out) const override {
    require_accepted(*this, input_shape);
    const auto d = static_cast<Eigen::Index>(input_shape.size());
    const auto m = static_cast<Eigen::Index>(model_->output_dim());
    if (batch.cols() != d || out.cols() != m || out.rows() != batch.rows()) {
      throw InvalidInput(fmt::format("lpips: expected a {} × {} input and a {} × {} output, got {} × {} and {} × {}",
                                     batch.rows(), d, batch.rows(), m, batch.rows(), batch.cols(), out.rows(),
                                     out.cols()));
    }
    // Grey levels outside [0, 255] are not images the model's scaling was built for.
    require_grey_levels(batch, "lpips");
    const Eigen::Index chunks = (batch.rows() + kChunk - 1) / kChunk;
    const int workers = static_cast<int>(std::min<Eigen::Index>(static_cast<Eigen::Index>(threads_), chunks));
    std::atomic<Eigen::Index> next_chunk{0};
    std::atomic<bool> failed{false};
    std::vector<std::exception_ptr> errors(static_cast<std::size_t>(workers));
    // A worker borrows a network once it has a chunk: OpenCV may run several workers one after
    // the other on one thread, and the later ones find no chunk left.
    auto work = [&](int worker) {
      try {
        Eigen::Index chunk = next_chunk++;
        if (chunk >= chunks) return;
        detail::LpipsModel::Lease lease = model_->borrow();
        for (; chunk < chunks && !failed; chunk = next_chunk++) {
          const Eigen::Index first = chunk * kChunk;
          run_chunk(lease.net(), input_shape, batch, first, std::min(kChunk, batch.rows() - first), out);
        }
      } catch (...) {
        errors[static_cast<std::size_t>(worker)] = std::current_exception();
        failed = true;
      }
    };
    // One worker runs here, outside cv::parallel_for_: inside it, OpenCV runs the parallel loops
    // of the worker's forward passes serially (it does not nest them).
    const auto run_workers = [&](const cv::Range& range) {
      for (int worker = range.start; worker < range.end; ++worker) work(worker);
    };
    if (workers > 1) {
      cv::parallel_for_(cv::Range(0, workers), run_workers, workers);
    } else {
      run_workers(cv::Range(0, workers));
    }
    for (const std::exception_ptr& error : errors) {
      if (error) std::rethrow_exception(error);
    }
  }

 private:
  void run_chunk(cv::dnn::Net& net, const ImageShape& shape, const MatrixView& batch, Eigen::Index first,
                 Eigen::Index count, MutableMatrixView& out) const {
    const int blob_shape[] = {static_cast<int>(kChunk), detail::kInputChannels, detail::kSide, detail::kSide};
    cv::Mat blob(4, blob_shape, CV_32F, cv::Scalar(0.0F));
    const std::size_t per_record = static_cast<std::size_t>(detail::kInputChannels) * detail::kSide * detail::kSide;
    for (Eigen::Index i = 0; i < count; ++i) {
      detail::preprocess(shape, batch.row(first + i).data(), blob.ptr<float>() + static_cast<std::size_t>(i) * per_record);
    }
    std::vector<cv::Mat> activations;
    try {
      net.setInput(blob);
      net.forward(activations, detail::output_names());
    } catch (const cv::Exception& e) {
      throw NumericalError(fmt::format("lpips: OpenCV failed to run the model {}: {}", model_->origin(), e.err));
    }
    for (Eigen::Index i = 0; i < count; ++i) {
      double* features = out.row(first + i).data();
      for (std::size_t l = 0; l < detail::kLayers; ++l) {
        const detail::LayerShape& layer = model_->layers()[l];
        const float* record_activations = activations[l].ptr<float>() + static_cast<std::size_t>(i) * layer.size();
        detail::normalise_layer(record_activations, layer, model_->weights()[l], l, features);
        features += layer.size();
      }
    }
  }

  std::unique_ptr<detail::LpipsModel> model_;
  std::size_t threads_;
};

// MODEL.onnx → MODEL.lin.npy (the weights file written beside the model by the tools).
std::string default_weights_path(const std::string& onnx_path) {
  std::filesystem::path path(onnx_path);
  if (path.extension() == ".onnx") path.replace_extension();
  return path.string() + ".lin.npy";
}

std::unique_ptr<Representation> make(const Params& params) {
  params.require_only({"arg", "weights", "threads"}, "the lpips representation");
  if (!params.has("arg")) {
    throw InvalidInput("lpips: missing the model; write lpips:MODEL.onnx (export one with tools/export_lpips_onnx.py)");
  }
  const std::string onnx_path = params.get_string("arg");
  const std::string weights_path = params.get_string("weights", default_weights_path(onnx_path));
  const std::int64_t hardware = std::max<std::int64_t>(1, static_cast<std::int64_t>(std::thread::hardware_concurrency()));
  const std::int64_t threads = params.get_int("threads", hardware);
  if (threads < 1) {
    throw InvalidInput(fmt::format("lpips: threads = {} must be ≥ 1", threads));
  }
  return std::make_unique<LpipsRepresentation>(std::make_unique<detail::LpipsModel>(onnx_path, weights_path),
                                               static_cast<std::size_t>(threads));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::representation,
      .name = "lpips",
      .version = "1.0.0",
      .description = "LPIPS (AlexNet) features from an ONNX export, ||Psi(x)-Psi(x')||^2 = LPIPS distance",
      .parameters = "arg=<MODEL.onnx> (CLI: lpips:PATH), weights=<path, default MODEL.lin.npy>, "
                    "threads=<integer >= 1, default: hardware threads>",
      // The committed test model (tests/representations/models/), for the conformance suite.
      .example = "arg=" RECONBOUND_LPIPS_EXAMPLE_MODEL,
      .make_representation = &make,
  };
  return plugin;
}

}  // namespace

}  // namespace reconbound::lpips

RECONBOUND_PLUGIN(reconbound::lpips::info)
