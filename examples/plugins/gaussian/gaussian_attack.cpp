#include "gaussian_attack.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <random>

namespace gaussian_example {

namespace {

using reconbound::RowMatrix;

// Row i: f(x_i) = a(u)·u / C with u = x_i − centre (G1).
RowMatrix clipped_queries(const RowMatrix& records, const Eigen::RowVectorXd& centre, double clip) {
  RowMatrix out = records.rowwise() - centre;
  for (Eigen::Index i = 0; i < out.rows(); ++i) out.row(i) *= std::min(1.0, clip / out.row(i).norm()) / clip;
  return out;
}

}  // namespace

reconbound::AttackDetails GaussianAttack::settings() const {
  return {{"k", static_cast<double>(releases_)}, {"clip", clip_}};
}

reconbound::AttackResult GaussianAttack::reconstruct(const reconbound::AttackInput& input) const {
  const RowMatrix& shadow = *input.shadow;
  const Eigen::RowVectorXd centre = shadow.colwise().mean();  // Ψ̄
  const RowMatrix candidates = clipped_queries(shadow, centre, clip_);
  RowMatrix means = clipped_queries(*input.targets, centre, clip_);
  // Ȳ = f(x) + (σ_γ/√k)·ξ, σ_γ²/k = 1/(2γ ln 2) by G2.
  const double noise = std::sqrt(1.0 / (2.0 * input.gamma_bits * std::numbers::ln2));
  std::mt19937_64 engine(input.seed);
  std::normal_distribution<double> normal;
  for (Eigen::Index i = 0; i < means.rows(); ++i) {
    for (Eigen::Index c = 0; c < means.cols(); ++c) means(i, c) += noise * normal(engine);
  }
  // log w_j = −γ ln 2 · ‖Ȳ − f(s_j)‖² (G3), normalised by log-sum-exp.
  RowMatrix weights = (2.0 * means * candidates.transpose()).colwise() - means.rowwise().squaredNorm();
  weights.rowwise() -= candidates.rowwise().squaredNorm().transpose();
  weights *= input.gamma_bits * std::numbers::ln2;
  for (Eigen::Index i = 0; i < weights.rows(); ++i) {
    weights.row(i) = (weights.row(i).array() - weights.row(i).maxCoeff()).exp();
    weights.row(i) /= weights.row(i).sum();
  }
  const RowMatrix reconstructions = weights * shadow;  // ẑ = Σ_j w_j·Ψ(s_j) (G4)
  reconbound::AttackResult out;
  for (Eigen::Index i = 0; i < reconstructions.rows(); ++i) {
    out.squared_errors.push_back((input.targets->row(i) - reconstructions.row(i)).squaredNorm());
  }
  out.details = {{"sigma", std::sqrt(static_cast<double>(releases_)) * noise}};  // σ_γ (G2)
  if (input.keep_weights) out.weights = std::move(weights);
  return out;
}

}  // namespace gaussian_example
