// Dense Sylvester and Paley-I Hadamard factors (mathematics §4, Paley 1933).
#include "hadamard_factors.hpp"

#include <fmt/format.h>

#include <bit>

#include "reconbound/error.hpp"
#include "reconbound/galois_field.hpp"

namespace reconbound::detail {

RowMatrix sylvester_matrix(std::size_t order) {
  if (!std::has_single_bit(order)) {
    throw InvalidInput(fmt::format("a Sylvester Hadamard matrix has order 2^a, not {}", order));
  }
  RowMatrix h(order, order);
  for (std::size_t i = 0; i < order; ++i) {
    for (std::size_t j = 0; j < order; ++j) h(i, j) = (std::popcount(i & j) % 2 == 0) ? 1.0 : -1.0;
  }
  return h;
}

RowMatrix paley_matrix(std::size_t order) {
  const std::size_t q = order - 1;
  if (order < 4 || q % 4 != 3 || !as_prime_power(q)) {
    throw InvalidInput(fmt::format(
        "no Paley-I Hadamard matrix of order {}: needs order − 1 a prime power ≡ 3 (mod 4)", order));
  }
  const GaloisField field(q);
  // Index 0 is the point at infinity; index 1 + a is the field element a.
  RowMatrix h = RowMatrix::Identity(order, order);  // H = I + S
  for (std::size_t a = 0; a < q; ++a) {
    h(0, 1 + a) += 1.0;   // S_0,a = +1
    h(1 + a, 0) += -1.0;  // S_a,0 = −1
    for (std::size_t b = 0; b < q; ++b) {
      const auto diff = field.subtract(static_cast<GaloisField::Element>(a), static_cast<GaloisField::Element>(b));
      h(1 + a, 1 + b) += field.quadratic_character(diff);  // S_ab = Q_ab = χ(a − b)
    }
  }
  return h;
}

}  // namespace reconbound::detail
