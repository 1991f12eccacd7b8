#pragma once
// The network of the `onnx` representation plugin: Ψ(x) = bound(flatten(N((x·scale − mean)/std)))
// for a record x in grey levels (mathematics §3), N the ONNX network run in OpenCV DNN on a
// float32 N × C × H × W batch, bound the unit normalisation or the clip of onnx_settings.hpp.
//
// Every forward pass has exactly kChunk records (a partial chunk is zero-padded): OpenCV's
// float32 layers round differently for different batch sizes, and with one fixed size Ψ(x)
// depends on x alone, not on the batch it came in or its position there.
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <tuple>

#include "onnx_network.hpp"
#include "onnx_settings.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound::onnx::detail {

inline constexpr int kChunk = 16;  // records in every forward pass

// What one forward pass on zero records of a shape found: m, or why the network refuses it.
struct ShapeProbe {
  bool runs = false;
  std::size_t output_dim = 0;  // m: the product of the output's dimensions past the batch axis
  std::string why;
};

class OnnxModel {
 public:
  // Reads the network (FileError when the file is missing, or not an ONNX model OpenCV reads,
  // or crashes OpenCV's importer).
  explicit OnnxModel(OnnxSettings settings);

  const OnnxSettings& settings() const { return settings_; }
  const std::string& origin() const { return network_.path(); }

  // The forward pass on zero records of `shape`, run once per shape and cached; thread safe.
  ShapeProbe probe(const ImageShape& shape) const;

  // out.row(first + i) = Ψ(batch.row(first + i)) for i < count ≤ kChunk, on a borrowed network;
  // m = probe(shape).output_dim. NumericalError when the network's output is not finite.
  void map_chunk(cv::dnn::Net& net, const ImageShape& shape, std::size_t m, const MatrixView& batch,
                 Eigen::Index first, Eigen::Index count, MutableMatrixView& out) const;

  opencv_onnx::OnnxNetwork::Lease borrow() const { return network_.borrow(); }

 private:
  ShapeProbe run_probe(const ImageShape& shape) const;
  // The kChunk × C × H × W float32 input of `count` records from row `first` (the rest zeros).
  cv::Mat input_blob(const ImageShape& shape, const MatrixView& batch, Eigen::Index first, Eigen::Index count) const;
  // One record's flattened output → Ψ, by the bound of the settings.
  void bound_output(const float* raw, std::size_t m, Eigen::Index record, double* out) const;

  OnnxSettings settings_;
  opencv_onnx::OnnxNetwork network_;
  mutable std::mutex probe_mutex_;
  mutable std::map<std::tuple<std::size_t, std::size_t, std::size_t>, ShapeProbe> probes_;
};

}  // namespace reconbound::onnx::detail
