// GF(p^r) arithmetic (mathematics §4): field axioms checked exhaustively on GF(27) and other small fields.
#include <gtest/gtest.h>

#include <set>

#include "reconbound/error.hpp"
#include "reconbound/galois_field.hpp"

namespace reconbound {
namespace {

using Element = GaloisField::Element;

TEST(PrimePower, RecognisesPrimePowersOnly) {
  const auto check = [](std::size_t n, std::uint32_t p, std::uint32_t r) {
    const auto power = as_prime_power(n);
    ASSERT_TRUE(power.has_value()) << n;
    EXPECT_EQ(power->prime, p) << n;
    EXPECT_EQ(power->exponent, r) << n;
  };
  check(2, 2, 1);
  check(11, 11, 1);
  check(27, 3, 3);
  check(243, 3, 5);
  check(1024, 2, 10);
  check(169, 13, 2);
  for (const std::size_t n : {0, 1, 6, 12, 15, 35, 100, 255}) EXPECT_FALSE(as_prime_power(n).has_value()) << n;
}

// Every field axiom on every tuple of GF(q) (q³ triples).
void check_field_axioms(const GaloisField& field) {
  const auto q = static_cast<Element>(field.order());
  for (Element a = 0; a < q; ++a) {
    EXPECT_EQ(field.add(a, 0), a);
    EXPECT_EQ(field.multiply(a, 1), a);
    EXPECT_EQ(field.multiply(a, 0), 0U);
    EXPECT_EQ(field.add(a, field.negate(a)), 0U);
    Element repeated = 0;  // p·a = 0: the characteristic is p
    for (std::uint32_t i = 0; i < field.characteristic(); ++i) repeated = field.add(repeated, a);
    EXPECT_EQ(repeated, 0U);
    for (Element b = 0; b < q; ++b) {
      EXPECT_EQ(field.add(a, b), field.add(b, a));
      EXPECT_EQ(field.multiply(a, b), field.multiply(b, a));
      EXPECT_EQ(field.add(field.subtract(a, b), b), a);
      if (a != 0 && b != 0) {
        EXPECT_NE(field.multiply(a, b), 0U) << "zero divisor " << a << "·" << b;
      }
      for (Element c = 0; c < q; ++c) {
        ASSERT_EQ(field.add(field.add(a, b), c), field.add(a, field.add(b, c)));
        ASSERT_EQ(field.multiply(field.multiply(a, b), c), field.multiply(a, field.multiply(b, c)));
        ASSERT_EQ(field.multiply(a, field.add(b, c)), field.add(field.multiply(a, b), field.multiply(a, c)));
      }
    }
  }
}

// Every nonzero element has exactly one inverse, found by brute force, equal to inverse().
void check_inverses(const GaloisField& field) {
  const auto q = static_cast<Element>(field.order());
  for (Element a = 1; a < q; ++a) {
    int count = 0;
    Element found = 0;
    for (Element b = 1; b < q; ++b) {
      if (field.multiply(a, b) == 1) {
        ++count;
        found = b;
      }
    }
    EXPECT_EQ(count, 1) << a;
    EXPECT_EQ(field.inverse(a), found) << a;
  }
}

// χ takes −1 on exactly (q − 1)/2 elements and +1 on the other nonzero ones (the squares,
// counted here by brute force); χ is multiplicative.
void check_quadratic_character(const GaloisField& field) {
  const auto q = static_cast<Element>(field.order());
  std::set<Element> squares;
  for (Element a = 1; a < q; ++a) squares.insert(field.multiply(a, a));
  EXPECT_EQ(squares.size(), (q - 1) / 2);
  int minus = 0;
  EXPECT_EQ(field.quadratic_character(0), 0);
  for (Element a = 1; a < q; ++a) {
    const int chi = field.quadratic_character(a);
    EXPECT_EQ(chi, squares.count(a) ? 1 : -1) << a;
    if (chi == -1) ++minus;
    for (Element b = 1; b < q; ++b) {
      ASSERT_EQ(field.quadratic_character(field.multiply(a, b)), chi * field.quadratic_character(b));
    }
  }
  EXPECT_EQ(static_cast<Element>(minus), (q - 1) / 2);
}

TEST(GaloisField, Gf27SatisfiesTheFieldAxiomsExhaustively) {
  const GaloisField field(27);
  EXPECT_EQ(field.characteristic(), 3U);
  EXPECT_EQ(field.degree(), 3U);
  // The modulus is a monic cubic without a root in GF(3), hence irreducible.
  const auto& m = field.modulus();
  ASSERT_EQ(m.size(), 4U);
  EXPECT_EQ(m[3], 1U);
  for (std::uint32_t x = 0; x < 3; ++x) EXPECT_NE((m[0] + m[1] * x + m[2] * x * x + m[3] * x * x * x) % 3, 0U) << x;
  check_field_axioms(field);
  check_inverses(field);
  check_quadratic_character(field);
  // q ≡ 3 (mod 4): −1 is a non-square, which makes Paley's Jacobsthal matrix antisymmetric.
  EXPECT_EQ(field.quadratic_character(field.negate(1)), -1);
  // The multiplicative group is cyclic: some element has order q − 1 = 26.
  bool has_generator = false;
  for (Element g = 2; g < 27 && !has_generator; ++g) {
    has_generator = field.power(g, 2) != 1 && field.power(g, 13) != 1;
  }
  EXPECT_TRUE(has_generator);
}

TEST(GaloisField, SmallFieldsOfEveryKind) {
  for (const std::size_t q : {2, 3, 4, 7, 8, 9, 11, 16, 25}) {
    SCOPED_TRACE(q);
    const GaloisField field(q);
    check_field_axioms(field);
    check_inverses(field);
  }
}

TEST(GaloisField, QuadraticCharacterOfThePaleyFields) {
  for (const std::size_t q : {11, 19, 43, 59, 243}) {
    SCOPED_TRACE(q);
    const GaloisField field(q);
    check_quadratic_character(field);
    check_inverses(field);
    EXPECT_EQ(field.quadratic_character(field.negate(1)), -1);
  }
}

TEST(GaloisField, RejectsInvalidUse) {
  EXPECT_THROW(GaloisField(12), InvalidInput);
  EXPECT_THROW(GaloisField(1), InvalidInput);
  EXPECT_THROW(GaloisField(GaloisField::kMaxOrder * 2), InvalidInput);
  const GaloisField field(27);
  EXPECT_THROW(static_cast<void>(field.inverse(0)), InvalidInput);
  EXPECT_THROW(static_cast<void>(field.multiply(27, 1)), InvalidInput);
}

}  // namespace
}  // namespace reconbound
