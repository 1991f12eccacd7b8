#include "per_block_support.hpp"

#include <random>

#include "reconbound/verify/reference_entropy.hpp"

namespace reconbound::test {

RowMatrix gaussian_columns(std::size_t n, const std::vector<double>& offsets, const std::vector<double>& scales,
                           std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  RowMatrix y(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(offsets.size()));
  for (Eigen::Index i = 0; i < y.rows(); ++i) {
    for (Eigen::Index b = 0; b < y.cols(); ++b) {
      y(i, b) = offsets[static_cast<std::size_t>(b)] + scales[static_cast<std::size_t>(b)] * normal(rng);
    }
  }
  return y;
}

std::vector<std::size_t> round_robin_cells(std::size_t n, std::size_t cells) {
  std::vector<std::size_t> cell(n);
  for (std::size_t i = 0; i < n; ++i) cell[i] = i % cells;
  return cell;
}

RowMatrix symmetric_channel(double keep) {
  RowMatrix channel(2, 2);
  channel << keep, 1.0 - keep, 1.0 - keep, keep;
  return channel;
}

std::vector<double> reference_output_probability(const std::vector<std::size_t>& cell, const RowMatrix& channel) {
  std::vector<double> probability(static_cast<std::size_t>(channel.cols()), 0.0);
  for (const std::size_t c : cell) {
    for (Eigen::Index z = 0; z < channel.cols(); ++z) {
      probability[static_cast<std::size_t>(z)] +=
          channel(static_cast<Eigen::Index>(c), z) / static_cast<double>(cell.size());
    }
  }
  return probability;
}

verify::ReferenceValue reference_output_entropy(const RowMatrix& y, const std::vector<std::size_t>& cell,
                                                const RowMatrix& channel, long output, std::size_t b, double s) {
  const auto n = static_cast<Eigen::Index>(y.rows());
  // Unnormalised weights: Pr(c_i)·channel(c_i, z)/n_{c_i} = channel(c_i, z)/n; the reference
  // normalises by their sum, which is Pr(Z = z).
  std::vector<double> weights;
  for (Eigen::Index i = 0; i < n; ++i) {
    const auto c = static_cast<Eigen::Index>(cell[static_cast<std::size_t>(i)]);
    weights.push_back(output < 0 ? 1.0 : channel(c, output));
  }
  return verify::reference_mixture_entropy(y.col(static_cast<Eigen::Index>(b)), weights, s);
}

}  // namespace reconbound::test
