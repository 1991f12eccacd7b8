#pragma once
// The finite field GF(q), q = p^r, needed by Paley's Hadamard construction (mathematics §4): the
// order-28 factor of H_784 = H_28 ⊗ H_28 is built over GF(27) = GF(3^3), which is not the
// integers mod 27 but polynomials over GF(3) modulo an irreducible cubic.
//
// An element is an integer in [0, q): its base-p digits c_0 + c_1·p + … + c_{r−1}·p^{r−1}
// are the coefficients of c_0 + c_1·x + … + c_{r−1}·x^{r−1}.
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "reconbound/export.hpp"

namespace reconbound {

// (p, r) with n = p^r and p prime; nullopt when n is not a prime power (n < 2 included).
struct PrimePower {
  std::uint32_t prime = 0;
  std::uint32_t exponent = 0;
};
RECONBOUND_API std::optional<PrimePower> as_prime_power(std::size_t n);

class RECONBOUND_API GaloisField {
 public:
  using Element = std::uint32_t;

  // Largest field order supported (the quadratic-character table has q entries).
  static constexpr std::size_t kMaxOrder = std::size_t{1} << 20;

  // GF(q); throws InvalidInput when q is not a prime power or exceeds kMaxOrder.
  explicit GaloisField(std::size_t q);

  std::size_t order() const { return order_; }
  std::uint32_t characteristic() const { return prime_; }
  std::uint32_t degree() const { return degree_; }
  // Coefficients of the monic irreducible modulus, constant term first (degree + 1 entries);
  // the lexicographically first monic irreducible polynomial of that degree over GF(p).
  const std::vector<std::uint32_t>& modulus() const { return modulus_; }

  Element add(Element a, Element b) const;
  Element subtract(Element a, Element b) const;
  Element negate(Element a) const;
  Element multiply(Element a, Element b) const;
  // a^{-1} = a^{q−2} (Lagrange); throws InvalidInput for a = 0.
  Element inverse(Element a) const;
  Element power(Element a, std::uint64_t exponent) const;
  // χ(a): 0 for a = 0, +1 for a nonzero square, −1 for a non-square.
  int quadratic_character(Element a) const;

 private:
  std::vector<std::uint32_t> digits(Element a) const;
  Element from_digits(const std::vector<std::uint32_t>& digits) const;

  std::size_t order_;
  std::uint32_t prime_;
  std::uint32_t degree_;
  std::vector<std::uint32_t> modulus_;
  std::vector<signed char> character_;
};

}  // namespace reconbound
