#pragma once
// Shared numeric types: records are rows of a row-major matrix (N × d), images have a
// (C, H, W) shape in channel-major order per record.
#include <Eigen/Core>
#include <cstddef>
#include <string>

#include "reconbound/export.hpp"

namespace reconbound {

using RowMatrix = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using MatrixView = Eigen::Ref<const RowMatrix>;
using MutableMatrixView = Eigen::Ref<RowMatrix>;
using Vector = Eigen::VectorXd;

// Shape of one record: channels × height × width. A flat vector is (1, 1, d).
struct RECONBOUND_API ImageShape {
  std::size_t channels = 1;
  std::size_t height = 1;
  std::size_t width = 1;

  std::size_t size() const { return channels * height * width; }
  bool operator==(const ImageShape&) const = default;
  std::string to_string() const;  // "CxHxW"
};

}  // namespace reconbound
