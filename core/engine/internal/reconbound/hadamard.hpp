#pragma once
// Hadamard matrices H (entries ±1, H·Hᵀ = order·I) stored as a Kronecker product of small
// factors and never as a dense order × order matrix (mathematics §4, §G.2).
//
// Factors: one Sylvester factor H_{2^a} = H_2^{⊗a} (applied by fast Walsh–Hadamard
// butterflies) and Paley-I factors of order q + 1 for prime powers q ≡ 3 (mod 4) (dense ±1,
// built over GF(q): 12 from GF(11), 20 from GF(19), 28 from GF(27), 44 from GF(43), …),
// restricted to orders ≤ kMaxPaleyOrder so that a dense factor stays small and cheap.
// An order n is constructible when n = 2^a · Π(Paley orders). Among the constructions of n
// the one with the fewest operations per coordinate (Σ Paley orders + a) is chosen.
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound {

class RECONBOUND_API HadamardMatrix {
 public:
  // Largest Paley factor: applying an order-f dense factor costs f multiply-adds per coordinate.
  static constexpr std::size_t kMaxPaleyOrder = 256;

  // nullopt when no construction from the factors above is known for `order` (order ≥ 1).
  static std::optional<HadamardMatrix> construct(std::size_t order);
  // Smallest order ≥ m with a construction (m ≥ 1; at most the next power of two).
  static std::size_t next_constructible_order(std::size_t m);
  // The Paley-I factor orders q + 1 ≤ kMaxPaleyOrder that are not powers of two, ascending.
  static const std::vector<std::size_t>& paley_orders();

  std::size_t order() const { return order_; }
  // Orders of the Kronecker factors, in product order: H = F_1 ⊗ F_2 ⊗ …;
  // Paley factors (largest first), then the Sylvester factor. E.g. 784 → {28, 28}, 3072 → {12, 256}.
  const std::vector<std::size_t>& factor_orders() const { return factor_orders_; }
  // "H28 ⊗ H28 (Paley, Paley)"-style description for reports.
  std::string to_string() const;

  // Each row v ← H·v in place (rows.cols() == order()), by mode products of the factors:
  // O(order · Σ dense factor orders + order · a) per row. Exact for integer rows (|entries| < 2^53/order).
  void apply(MutableMatrixView rows) const;
  // The dense matrix, as the explicit Kronecker product of the factors (for tests, small orders only).
  RowMatrix dense() const;

 private:
  struct Factor {
    std::size_t order = 1;
    bool sylvester = false;
    RowMatrix entries;  // dense ±1 matrix of a Paley factor; empty for the Sylvester factor
  };
  HadamardMatrix() = default;
  void apply_row(double* row, double* scratch) const;

  std::size_t order_ = 1;
  std::vector<std::size_t> factor_orders_;
  std::vector<Factor> factors_;
};

}  // namespace reconbound
