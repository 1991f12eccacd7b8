#include "reconbound/conformance/finite_support_source.hpp"

#include <cmath>
#include <random>
#include <string>

#include "reconbound/error.hpp"
#include "reconbound/verify/reference_entropy.hpp"

namespace reconbound::conformance {

FiniteSupportSource::FiniteSupportSource() : support_(4, 4), probabilities_{0.4, 0.3, 0.2, 0.1} {
  support_ << 0.0, 1.0, -2.0, 0.5,  //
      3.0, -1.0, 0.0, 2.0,          //
      -1.5, 2.5, 1.0, -1.0,         //
      1.0, 0.0, 3.0, 4.0;
}

std::size_t FiniteSupportSource::columns() const {
  return static_cast<std::size_t>(support_.cols());
}

double FiniteSupportSource::trace() const {
  // tr Σ = Σ_j p_j·‖a_j − μ‖², μ = Σ_j p_j·a_j  (mathematics §1)
  Eigen::RowVectorXd mean = Eigen::RowVectorXd::Zero(support_.cols());
  for (Eigen::Index j = 0; j < support_.rows(); ++j) {
    mean += probabilities_[static_cast<std::size_t>(j)] * support_.row(j);
  }
  double total = 0.0;
  for (Eigen::Index j = 0; j < support_.rows(); ++j) {
    total += probabilities_[static_cast<std::size_t>(j)] * (support_.row(j) - mean).squaredNorm();
  }
  return total;
}

RowMatrix FiniteSupportSource::sample(std::size_t n, std::uint64_t seed) const {
  std::mt19937_64 rng(seed);
  std::discrete_distribution<Eigen::Index> pick(probabilities_.begin(), probabilities_.end());
  RowMatrix data(static_cast<Eigen::Index>(n), support_.cols());
  for (Eigen::Index i = 0; i < data.rows(); ++i) data.row(i) = support_.row(pick(rng));
  return data;
}

double FiniteSupportSource::block_averaged_entropy(std::size_t k, double s) const {
  const verify::ReferenceValue h =
      verify::reference_block_averaged_entropy(support_, probabilities_, k, s);
  if (!(h.abs_error < 1e-9)) {
    throw NumericalError("the quadrature of h_U(k=" + std::to_string(k) + ") is not accurate to 1e-9 bits");
  }
  return h.value;
}

double FiniteSupportSource::plugin_bias_bound(std::size_t /*k*/, double /*s*/,
                                              std::size_t n) const {
  const double support_size = static_cast<double>(probabilities_.size());
  return std::log2(1.0 + (support_size - 1.0) / static_cast<double>(n));
}

}  // namespace reconbound::conformance
