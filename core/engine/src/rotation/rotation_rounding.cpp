// The rounding of Rotation::apply (mathematics §6.9): κ with ‖apply(ψ) − U_Q·ψ‖ ≤ κ·‖ψ‖, where
// U_Q = m_pad^{−1/2}·H·[Qᵀ; 0] is exactly orthonormal. u = 2^-53, γ_n = n·u/(1 − n·u), c = m_pad^{−1/2}.
//  (k1) z̃ = fl(Vᵀψ) (eigenbasis; the signs' Dψ is exact): each entry a dot product of length m,
//       |z̃_j − (Vᵀψ)_j| ≤ γ_m·Σ_i|V_ij ψ_i| ≤ γ_m·‖v_j‖·‖ψ‖, so ‖z̃ − Vᵀψ‖ ≤ γ_m·‖V‖_F·‖ψ‖.
//  (k2) The computed V is not exactly orthogonal. With V = Q·P its polar decomposition (Q
//       orthogonal, P = (VᵀV)^{1/2}), ‖V − Q‖₂ = max_i |√λ_i − 1| ≤ max_i |λ_i − 1| = ‖VᵀV − I‖₂ =: η.
//       The computed Gram matrix G̃ = fl(VᵀV) has |G̃ − VᵀV| ≤ γ_m·‖v_i‖‖v_j‖ entrywise, so
//       η ≤ ‖G̃ − I‖_F + γ_m·‖V‖_F² (each Frobenius norm formed within 1 + γ_{m²+2}).
//       Hence ‖z̃ − Qᵀψ‖ ≤ e_z·‖ψ‖, e_z = γ_m‖V‖_F + η, and ‖z̃‖ ≤ (1 + e_z)‖ψ‖.
//  (k3) H·z̃: every output is a signed sum of the m_pad entries (±1 products are exact) through at
//       most m_pad additions in all factors (log2 f butterflies per Sylvester factor, f − 1 per
//       dense factor, Σ f ≤ m_pad), so |w̃_i − (Hz̃)_i| ≤ γ_{m_pad}·Σ_j|z̃_j| ≤ γ_{m_pad}·√m_pad·‖z̃‖
//       and c·‖w̃ − Hz̃‖ ≤ √m_pad·γ_{m_pad}·‖z̃‖.
//  (k4) The scale fl(1/fl(√m_pad)) and the product: ỹ = c·w̃·(1 + θ_3).
//  Then ỹ − U_Q ψ = c(w̃ − Hz̃)(1 + θ_3) + θ_3·cHz̃ + cH(z̃ − Qᵀψ) and, cH being orthogonal,
//    κ = [√m_pad·γ_{m_pad}·(1 + γ_3) + γ_3]·(1 + e_z) + e_z.
#include <cmath>

#include "reconbound/error.hpp"
#include "reconbound/rotation.hpp"

namespace reconbound {

namespace {

constexpr double kU = 0x1.0p-53;
double gamma_n(double n) { return n * kU / (1.0 - n * kU); }

}  // namespace

double Rotation::computed_rounding_bound() const {
  const auto m_pad = static_cast<double>(output_dim());
  double e_z = 0.0;
  if (eigenbasis_) {
    const auto m = static_cast<double>(input_dim_);
    const double inflate = 1.0 + gamma_n(m * m + 2.0);
    const double frobenius2 = basis_.squaredNorm() * inflate;                  // ‖V‖_F²
    RowMatrix gram = basis_.transpose() * basis_;
    gram.diagonal().array() -= 1.0;
    const double defect = gram.norm() * inflate + gamma_n(m) * frobenius2;    // η, (k2)
    if (!(defect < 0.5)) {
      throw NumericalError("the eigenbasis of the D_perp covariance is not orthogonal to within 0.5: its rounding "
                           "cannot be bounded");
    }
    e_z = gamma_n(m) * std::sqrt(frobenius2) + defect;                          // (k1), (k2)
  }
  const double hadamard = std::sqrt(m_pad) * gamma_n(m_pad);                    // (k3)
  return 1.01 * ((hadamard * (1.0 + gamma_n(3.0)) + gamma_n(3.0)) * (1.0 + e_z) + e_z);
}

}  // namespace reconbound
