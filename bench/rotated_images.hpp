#pragma once
// The data of the kernel benchmarks: the first RECONBOUND_BENCH_N records of
// RECONBOUND_BENCH_DATA (default Fashion-MNIST, 784 pixels), rotated by the data-free sign
// rotation (seed 42), and tr Σ̂ of the rotated rows (mathematics §3.3, §5). Made once per process.
#include <cstdlib>
#include <stdexcept>
#include <string>

#include "reconbound/dataset.hpp"
#include "reconbound/rotation.hpp"

namespace reconbound::bench {

inline constexpr std::size_t kColumns = 784;

inline std::string env_or(const char* name, const std::string& fallback) {
  const char* value = std::getenv(name);
  return value != nullptr ? std::string(value) : fallback;
}

struct Images {
  RowMatrix rotated;
  double trace = 0.0;
};

// `default_n`: the record count when RECONBOUND_BENCH_N is not set; the first call's is kept.
inline const Images& rotated_images(const char* default_n) {
  static const Images data = [default_n] {
    const auto n = static_cast<Eigen::Index>(std::stoul(env_or("RECONBOUND_BENCH_N", default_n)));
    const Dataset set = load_dataset(env_or("RECONBOUND_BENCH_DATA", "fashion-mnist"));
    if (set.records.cols() != static_cast<Eigen::Index>(kColumns) || set.records.rows() < n) {
      throw std::runtime_error("the benchmark needs RECONBOUND_BENCH_N images of 784 pixels");
    }
    const RowMatrix rows = set.records.topRows(n);
    Images out;
    out.rotated = Rotation::random_signs(kColumns, 42).apply(rows, 1).leftCols(kColumns);
    const Eigen::RowVectorXd mean = out.rotated.colwise().mean();
    out.trace = (out.rotated.rowwise() - mean).squaredNorm() / static_cast<double>(n - 1);
    return out;
  }();
  return data;
}

}  // namespace reconbound::bench
