// The rotation U = m_pad^{−1/2}·H·[Vᵀ; 0] or m_pad^{−1/2}·H·[D; 0] (mathematics §4, Remark C.1).
#include "reconbound/rotation.hpp"

#include <fmt/format.h>

#include <Eigen/Eigenvalues>
#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

// Rows per unit of work: fixed, so each row's arithmetic is the same for any thread count.
constexpr auto kChunk = static_cast<Eigen::Index>(Rotation::kChunkRows);

HadamardMatrix hadamard_for(std::size_t m, std::size_t padded_order) {
  if (m == 0) throw InvalidInput("a rotation needs at least one feature (m ≥ 1)");
  const std::size_t order = padded_order == 0 ? HadamardMatrix::next_constructible_order(m) : padded_order;
  if (order < m) {
    throw InvalidInput(fmt::format("padded order {} is smaller than the {} features; choose an order ≥ m", order, m));
  }
  // The power of two in [m, 2m) is always constructible (Sylvester), so a larger order only
  // adds zero coordinates, and an order near 2^64 could not be allocated or searched past.
  if (order / 2 > m) {
    throw InvalidInput(fmt::format("padded order {} is more than 2m = {} for {} features; choose an order in "
                                   "[m, 2m]", order, 2 * m, m));
  }
  auto h = HadamardMatrix::construct(order);
  if (!h) {
    throw InvalidInput(fmt::format("no Hadamard construction of order {}; the next constructible order is {}",
                                   order, HadamardMatrix::next_constructible_order(order)));
  }
  return std::move(*h);
}

void require_finite(MatrixView features, const char* what) {
  if (!features.allFinite()) {
    throw InvalidInput(fmt::format("{} contain NaN or infinite values; clean the data first", what));
  }
}

// Runs work(chunk) for every chunk index in [0, chunks) on `threads` workers.
template <class Work>
void for_each_chunk(Eigen::Index chunks, std::size_t threads, const Work& work) {
  if (threads == 0) threads = std::max(1U, std::thread::hardware_concurrency());
  threads = std::min<std::size_t>(threads, static_cast<std::size_t>(std::max<Eigen::Index>(chunks, 1)));
  std::atomic<Eigen::Index> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  const auto worker = [&] {
    try {
      for (Eigen::Index c = next++; c < chunks; c = next++) work(c);
    } catch (...) {
      std::lock_guard lock(failure_mutex);
      if (!failure) failure = std::current_exception();
    }
  };
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (auto& thread : pool) thread.join();
  if (failure) std::rethrow_exception(failure);
}

}  // namespace

Rotation::Rotation(bool eigenbasis, std::size_t input_dim, HadamardMatrix hadamard, RowMatrix basis, Vector signs)
    : eigenbasis_(eigenbasis),
      input_dim_(input_dim),
      hadamard_(std::move(hadamard)),
      basis_(std::move(basis)),
      signs_(std::move(signs)),
      rounding_bound_(computed_rounding_bound()) {}

Rotation Rotation::eigenbasis(MatrixView perp_features, std::size_t padded_order,
                             const std::function<void(std::size_t, std::size_t)>& done) {
  const auto n = perp_features.rows();
  const auto m = static_cast<std::size_t>(perp_features.cols());
  if (n < 2) {
    throw InvalidInput(fmt::format("the eigenbasis rotation needs ≥ 2 held-out records (D⊥), got {}", n));
  }
  if (m > kMaxEigenbasisDim) {
    throw InvalidInput(fmt::format("m = {} features is too many for the eigenbasis rotation (max {}); use the "
                                   "data-free random-sign rotation",
                                   m, kMaxEigenbasisDim));
  }
  require_finite(perp_features, "the held-out features (D⊥)");
  HadamardMatrix h = hadamard_for(m, padded_order);
  // Sample covariance Σ̂ = Σ_i (ψ_i − ψ̄)(ψ_i − ψ̄)ᵀ / (n − 1), accumulated in row chunks.
  const Eigen::RowVectorXd mean = perp_features.colwise().mean();
  Eigen::MatrixXd covariance = Eigen::MatrixXd::Zero(static_cast<Eigen::Index>(m), static_cast<Eigen::Index>(m));
  for (Eigen::Index start = 0; start < n; start += 1024) {
    const Eigen::Index rows = std::min<Eigen::Index>(1024, n - start);
    const RowMatrix centred = perp_features.middleRows(start, rows).rowwise() - mean;
    covariance.selfadjointView<Eigen::Lower>().rankUpdate(centred.transpose());
    if (done) done(static_cast<std::size_t>(start + rows), static_cast<std::size_t>(n));
  }
  covariance /= static_cast<double>(n - 1);
  const Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd> solver(covariance);
  if (solver.info() != Eigen::Success) {
    throw NumericalError("the eigendecomposition of the D⊥ covariance did not converge");
  }
  // Eigen sorts eigenvalues ascending; V takes them descending.
  RowMatrix basis = solver.eigenvectors().rowwise().reverse();
  return Rotation(true, m, std::move(h), std::move(basis), Vector());
}

Rotation Rotation::random_signs(std::size_t m, std::uint64_t seed, std::size_t padded_order) {
  HadamardMatrix h = hadamard_for(m, padded_order);
  std::mt19937_64 generator(seed);
  Vector signs(static_cast<Eigen::Index>(m));
  for (auto& s : signs) s = (generator() >> 63U) != 0 ? 1.0 : -1.0;
  return Rotation(false, m, std::move(h), RowMatrix(), std::move(signs));
}

std::size_t Rotation::checked_padded_order(std::size_t m, std::size_t padded_order) {
  return hadamard_for(m, padded_order).order();
}

double Rotation::padding_fraction() const {
  const auto padded = static_cast<double>(output_dim());
  return (padded - static_cast<double>(input_dim_)) / padded;
}

void Rotation::apply_chunk(MatrixView features, MutableMatrixView out) const {
  const auto m = static_cast<Eigen::Index>(input_dim_);
  if (eigenbasis_) {
    out.leftCols(m).noalias() = features * basis_;  // row ψᵀ·V = (Vᵀψ)ᵀ
  } else {
    out.leftCols(m) = features * signs_.asDiagonal();  // (Dψ)ᵀ
  }
  out.rightCols(out.cols() - m).setZero();  // [·; 0]: zero padding to m_pad
  hadamard_.apply(out);
  out *= 1.0 / std::sqrt(static_cast<double>(output_dim()));  // m_pad^{−1/2}
}

RowMatrix Rotation::apply(MatrixView features, std::size_t threads) const {
  RowMatrix out(features.rows(), static_cast<Eigen::Index>(output_dim()));
  apply_into(features, out, threads);
  return out;
}

void Rotation::apply_into(MatrixView features, MutableMatrixView out, std::size_t threads) const {
  if (static_cast<std::size_t>(features.cols()) != input_dim_) {
    throw InvalidInput(fmt::format("the rotation expects {} features per record, got {}", input_dim_,
                                   features.cols()));
  }
  const Eigen::Index n = features.rows();
  if (out.rows() != n || static_cast<std::size_t>(out.cols()) != output_dim()) {
    throw InvalidInput(fmt::format("the rotation of {} records needs {} x {} outputs, got {} x {}", n, n,
                                   output_dim(), out.rows(), out.cols()));
  }
  require_finite(features, "the features to rotate");
  const Eigen::Index chunks = (n + kChunk - 1) / kChunk;
  for_each_chunk(chunks, threads, [&](Eigen::Index c) {
    const Eigen::Index start = c * kChunk;
    const Eigen::Index rows = std::min(kChunk, n - start);
    apply_chunk(features.middleRows(start, rows), out.middleRows(start, rows));
  });
}

RowMatrix Rotation::dense() const {
  const auto m = static_cast<Eigen::Index>(input_dim_);
  const RowMatrix h = hadamard_.dense();
  RowMatrix u = eigenbasis_ ? RowMatrix(h.leftCols(m) * basis_.transpose())
                            : RowMatrix(h.leftCols(m) * signs_.asDiagonal());
  return u / std::sqrt(static_cast<double>(output_dim()));
}

}  // namespace reconbound
