#pragma once
// The rotation U ∈ R^{m_pad × m} with orthonormal columns (mathematics §4, Remark C.1, §G.2):
//   eigenbasis:  U = m_pad^{−1/2} · H · [Vᵀ; 0], V the eigenvectors of the sample covariance of D⊥
//                (columns sorted by decreasing eigenvalue), so every output coordinate carries
//                variance tr Σ̂ / m_pad;
//   signs:       U = m_pad^{−1/2} · H · [D; 0], D a seeded random ±1 diagonal (data-free).
// H is a Hadamard matrix of order m_pad (hadamard.hpp). When none of order m is constructible,
// the m features are zero-padded to m_pad = next_constructible_order(m): the padded coordinates
// are deterministically zero, so the bound transfers (mathematics §4); report padding_fraction().
//
// Blocks (formed by the pipeline): block b of size k | m_pad is the columns [b·k, (b+1)·k) of the
// rotated row times sqrt(m_pad/k); then (1/N_k)·Σ_b ‖Π_b v‖² = ‖v‖², N_k = m_pad/k.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/hadamard.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound {

class RECONBOUND_API Rotation {
 public:
  // Largest m for the eigenbasis (an m × m covariance and its eigendecomposition are formed).
  static constexpr std::size_t kMaxEigenbasisDim = 16384;

  // V from the held-out features D⊥ (n × m, n ≥ 2, finite). padded_order = 0 chooses
  // next_constructible_order(m); otherwise it must be a constructible order in [m, 2m].
  // `done(rows, n)` is called after each chunk of rows added to the covariance, and before
  // its eigendecomposition (mathematics §4), on the calling thread.
  static Rotation eigenbasis(MatrixView perp_features, std::size_t padded_order = 0,
                             const std::function<void(std::size_t, std::size_t)>& done = {});
  // D_jj = ±1 with probability ½ each, from std::mt19937_64(seed) (bit 63 of successive draws).
  static Rotation random_signs(std::size_t m, std::uint64_t seed, std::size_t padded_order = 0);
  // m_pad for m features and a requested padded_order (0: next_constructible_order(m)), with
  // the refusals both constructors give (InvalidInput), before any data is read.
  static std::size_t checked_padded_order(std::size_t m, std::size_t padded_order = 0);

  std::size_t input_dim() const { return input_dim_; }                   // m
  std::size_t output_dim() const { return hadamard_.order(); }            // m_pad
  double padding_fraction() const;                                        // (m_pad − m) / m_pad
  std::string kind() const { return eigenbasis_ ? "eigenbasis" : "signs"; }
  const HadamardMatrix& hadamard() const { return hadamard_; }

  // n × m → n × m_pad, row i = U·ψ_i. Rows are processed in fixed chunks of kChunkRows from the
  // first, spread over `threads` workers (0: one per hardware thread); the result does not
  // depend on `threads`, and rows from a multiple of kChunkRows on are rotated as in the whole.
  static constexpr std::size_t kChunkRows = 64;
  RowMatrix apply(MatrixView features, std::size_t threads = 0) const;
  // apply() into rows the caller holds: out is features.rows() × m_pad.
  void apply_into(MatrixView features, MutableMatrixView out, std::size_t threads = 0) const;
  // U itself (m_pad × m), formed densely from H.dense(): for tests of small orders only.
  RowMatrix dense() const;

  // κ with ‖apply(ψ) − U_Q·ψ‖ ≤ κ·‖ψ‖ for every ψ, U_Q = m_pad^{−1/2}·H·[Qᵀ; 0] an exactly
  // orthonormal rotation (Q the orthogonal polar factor of the computed V; D for the signs):
  // the rounding of apply() (mathematics §6.9, the residue; proof at its definition).
  double rounding_bound() const { return rounding_bound_; }

 private:
  Rotation(bool eigenbasis, std::size_t input_dim, HadamardMatrix hadamard, RowMatrix basis, Vector signs);
  double computed_rounding_bound() const;
  void apply_chunk(MatrixView features, MutableMatrixView out) const;

  bool eigenbasis_;
  std::size_t input_dim_;
  HadamardMatrix hadamard_;
  RowMatrix basis_;  // V (m × m), eigenbasis only
  Vector signs_;     // diag(D) (m), signs only
  double rounding_bound_ = 0.0;
};

// The first (up to 8) coordinates of U·p with p = (1, 2, …, m) (mathematics §4): a data-free
// fingerprint of the rotation, reported by the bound job.
RECONBOUND_API std::vector<double> rotation_probe(const Rotation& rotation);

}  // namespace reconbound
