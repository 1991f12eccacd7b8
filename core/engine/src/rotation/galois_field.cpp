// GF(p^r) arithmetic by polynomials over GF(p) modulo a monic irreducible polynomial
// (mathematics §4: Paley factors over prime-power fields, e.g. GF(27) for H_28).
#include "reconbound/galois_field.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

using Polynomial = std::vector<std::uint32_t>;  // coefficients mod p, constant term first

// The polynomial with base-p digits of `index` as coefficients, plus a leading 1 at `degree`.
Polynomial monic_from_index(std::size_t index, std::uint32_t p, std::uint32_t degree) {
  Polynomial poly(degree + 1, 0);
  for (std::uint32_t i = 0; i < degree; ++i) {
    poly[i] = static_cast<std::uint32_t>(index % p);
    index /= p;
  }
  poly[degree] = 1;
  return poly;
}

// True when the monic `divisor` divides `dividend` over GF(p) (schoolbook long division).
bool divides(const Polynomial& divisor, Polynomial dividend, std::uint32_t p) {
  const std::size_t d = divisor.size() - 1;
  for (std::size_t top = dividend.size() - 1; top >= d; --top) {
    const std::uint32_t lead = dividend[top];
    if (lead != 0) {
      for (std::size_t i = 0; i <= d; ++i) {
        const std::size_t at = top - d + i;
        dividend[at] = (dividend[at] + p - (lead * divisor[i]) % p) % p;
      }
    }
    if (top == 0) break;
  }
  for (std::size_t i = 0; i < d; ++i) {
    if (dividend[i] != 0) return false;
  }
  return true;
}

// A monic polynomial of degree r is irreducible iff no monic polynomial of degree
// 1..⌊r/2⌋ divides it.
bool is_irreducible(const Polynomial& poly, std::uint32_t p) {
  const auto degree = static_cast<std::uint32_t>(poly.size() - 1);
  for (std::uint32_t d = 1; 2 * d <= degree; ++d) {
    std::size_t count = 1;
    for (std::uint32_t i = 0; i < d; ++i) count *= p;
    for (std::size_t index = 0; index < count; ++index) {
      if (divides(monic_from_index(index, p, d), poly, p)) return false;
    }
  }
  return true;
}

}  // namespace

std::optional<PrimePower> as_prime_power(std::size_t n) {
  if (n < 2) return std::nullopt;
  std::size_t p = n;  // the smallest divisor > 1 is prime; n itself when none is ≤ √n
  for (std::size_t d = 2; d * d <= n; ++d) {
    if (n % d == 0) {
      p = d;
      break;
    }
  }
  std::uint32_t exponent = 0;
  while (n % p == 0) {
    n /= p;
    ++exponent;
  }
  if (n != 1) return std::nullopt;
  return PrimePower{static_cast<std::uint32_t>(p), exponent};
}

GaloisField::GaloisField(std::size_t q) : order_(q) {
  const auto power = as_prime_power(q);
  if (!power) throw InvalidInput(fmt::format("GF({}) does not exist: the order must be a prime power", q));
  if (q > kMaxOrder) {
    throw InvalidInput(fmt::format("GF({}) is larger than the supported {}; use a smaller field", q, kMaxOrder));
  }
  prime_ = power->prime;
  degree_ = power->exponent;
  std::size_t candidates = 1;
  for (std::uint32_t i = 0; i < degree_; ++i) candidates *= prime_;
  for (std::size_t index = 0; index < candidates; ++index) {
    Polynomial poly = monic_from_index(index, prime_, degree_);
    if (is_irreducible(poly, prime_)) {
      modulus_ = std::move(poly);
      break;
    }
  }
  if (modulus_.empty()) {
    throw NumericalError(fmt::format("no irreducible polynomial of degree {} over GF({}) found", degree_, prime_));
  }
  character_.assign(q, -1);
  character_[0] = 0;
  for (Element a = 1; a < q; ++a) character_[multiply(a, a)] = 1;
}

std::vector<std::uint32_t> GaloisField::digits(Element a) const {
  if (a >= order_) throw InvalidInput(fmt::format("{} is not an element of GF({})", a, order_));
  std::vector<std::uint32_t> out(degree_);
  for (std::uint32_t i = 0; i < degree_; ++i) {
    out[i] = a % prime_;
    a /= prime_;
  }
  return out;
}

GaloisField::Element GaloisField::from_digits(const std::vector<std::uint32_t>& coefficients) const {
  Element value = 0;
  for (std::size_t i = degree_; i-- > 0;) value = value * prime_ + coefficients[i];
  return value;
}

int GaloisField::quadratic_character(Element a) const {
  if (a >= order_) throw InvalidInput(fmt::format("{} is not an element of GF({})", a, order_));
  return character_[a];
}

GaloisField::Element GaloisField::add(Element a, Element b) const {
  auto x = digits(a);
  const auto y = digits(b);
  for (std::uint32_t i = 0; i < degree_; ++i) x[i] = (x[i] + y[i]) % prime_;
  return from_digits(x);
}

GaloisField::Element GaloisField::negate(Element a) const {
  auto x = digits(a);
  for (auto& c : x) c = (prime_ - c) % prime_;
  return from_digits(x);
}

GaloisField::Element GaloisField::subtract(Element a, Element b) const { return add(a, negate(b)); }

GaloisField::Element GaloisField::multiply(Element a, Element b) const {
  const auto x = digits(a);
  const auto y = digits(b);
  std::vector<std::uint64_t> product(2 * degree_ - 1, 0);
  for (std::uint32_t i = 0; i < degree_; ++i) {
    for (std::uint32_t j = 0; j < degree_; ++j) product[i + j] = (product[i + j] + x[i] * y[j]) % prime_;
  }
  // Reduce modulo the monic modulus: x^r = −(m_0 + … + m_{r−1} x^{r−1}).
  for (std::size_t top = product.size(); top-- > degree_;) {
    const std::uint64_t lead = product[top];
    if (lead == 0) continue;
    product[top] = 0;
    for (std::uint32_t i = 0; i < degree_; ++i) {
      const std::size_t at = top - degree_ + i;
      product[at] = (product[at] + prime_ - (lead * modulus_[i]) % prime_) % prime_;
    }
  }
  std::vector<std::uint32_t> reduced(degree_);
  for (std::uint32_t i = 0; i < degree_; ++i) reduced[i] = static_cast<std::uint32_t>(product[i]);
  return from_digits(reduced);
}

GaloisField::Element GaloisField::power(Element a, std::uint64_t exponent) const {
  Element result = 1;
  Element base = a;
  while (exponent > 0) {
    if (exponent & 1U) result = multiply(result, base);
    base = multiply(base, base);
    exponent >>= 1U;
  }
  return result;
}

GaloisField::Element GaloisField::inverse(Element a) const {
  if (a == 0) throw InvalidInput(fmt::format("0 has no inverse in GF({})", order_));
  return power(a, order_ - 2);
}

}  // namespace reconbound
