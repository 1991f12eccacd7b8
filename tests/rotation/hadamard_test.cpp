// Hadamard matrices as Kronecker products (mathematics §4): H·Hᵀ = order·I exactly, ±1 entries,
// apply() = the dense Kronecker product, and the factorisation search against brute force.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <functional>
#include <numeric>
#include <random>
#include <set>

#include "reconbound/error.hpp"
#include "reconbound/hadamard.hpp"

namespace reconbound {
namespace {

HadamardMatrix make(std::size_t order) {
  auto h = HadamardMatrix::construct(order);
  if (!h) throw std::runtime_error("no construction of order " + std::to_string(order));
  return std::move(*h);
}

// Dense checks: every entry ±1 and H·Hᵀ = n·I exactly (integer arithmetic in doubles).
void expect_dense_hadamard(const RowMatrix& h) {
  const auto n = h.rows();
  ASSERT_EQ(h.cols(), n);
  EXPECT_TRUE((h.array().abs() == 1.0).all());
  const RowMatrix gram = h * h.transpose();
  EXPECT_TRUE(gram == static_cast<double>(n) * RowMatrix::Identity(n, n)) << "order " << n;
}

// Test-owned list: q + 1 ≤ 256 for prime powers q ≡ 3 (mod 4), q + 1 not a power of two.
std::vector<std::size_t> paley_orders_by_trial_division() {
  std::vector<std::size_t> out;
  for (std::size_t q = 3; q + 1 <= HadamardMatrix::kMaxPaleyOrder; q += 4) {
    std::size_t p = 2;
    while (q % p != 0) ++p;
    std::size_t rest = q;
    while (rest % p == 0) rest /= p;
    if (rest == 1 && !std::has_single_bit(q + 1)) out.push_back(q + 1);
  }
  return out;
}

TEST(Hadamard, PaleyCatalogueIsThePrimePowersThreeModFour) {
  EXPECT_EQ(HadamardMatrix::paley_orders(), paley_orders_by_trial_division());
  const std::vector<std::size_t> first{12, 20, 24, 28, 44, 48, 60, 68, 72, 80, 84, 104};
  const auto& all = HadamardMatrix::paley_orders();
  EXPECT_TRUE(std::equal(first.begin(), first.end(), all.begin()));
}

TEST(Hadamard, SmallPaleyFactorsAreHadamardExactly) {
  for (const std::size_t order : {12, 20, 28, 44, 60}) {
    SCOPED_TRACE(order);
    const auto h = make(order);
    EXPECT_EQ(h.factor_orders(), std::vector<std::size_t>{order});
    expect_dense_hadamard(h.dense());
  }
}

TEST(Hadamard, EveryCatalogueFactorIsHadamard) {
  for (const std::size_t order : HadamardMatrix::paley_orders()) {
    SCOPED_TRACE(order);
    expect_dense_hadamard(make(order).dense());
  }
}

TEST(Hadamard, SylvesterOrdersAreHadamard) {
  for (std::size_t order = 1; order <= 256; order *= 2) {
    SCOPED_TRACE(order);
    const auto h = make(order);
    EXPECT_EQ(h.factor_orders(), std::vector<std::size_t>{order});
    expect_dense_hadamard(h.dense());
  }
}

TEST(Hadamard, FactorisationsOfTheOrdersTheSpecUses) {
  EXPECT_EQ(make(784).factor_orders(), (std::vector<std::size_t>{28, 28}));
  EXPECT_EQ(make(3072).factor_orders(), (std::vector<std::size_t>{12, 256}));
  EXPECT_EQ(make(12288).factor_orders(), (std::vector<std::size_t>{12, 1024}));
  EXPECT_EQ(make(49152).factor_orders(), (std::vector<std::size_t>{12, 4096}));
  EXPECT_EQ(make(32768).factor_orders(), (std::vector<std::size_t>{32768}));
  for (const std::size_t order : {24, 144, 336, 784, 3072, 31920, 150528}) {
    const std::vector<std::size_t> f = make(order).factor_orders();
    EXPECT_EQ(std::accumulate(f.begin(), f.end(), std::size_t{1}, std::multiplies<>()), order);
  }
}

// apply() (mode products, butterflies) against the explicit Kronecker product, on integer rows.
TEST(Hadamard, ApplyEqualsTheDenseKroneckerProduct) {
  std::mt19937_64 generator(7);
  std::uniform_int_distribution<int> level(-255, 255);
  for (const std::size_t order : {2, 8, 24, 48, 144, 240, 336, 400, 784, 1024}) {
    SCOPED_TRACE(order);
    const auto h = make(order);
    RowMatrix rows(5, static_cast<Eigen::Index>(order));
    for (auto& x : rows.reshaped()) x = level(generator);
    const RowMatrix expected = rows * h.dense().transpose();
    h.apply(rows);
    EXPECT_TRUE(rows == expected);
  }
}

TEST(Hadamard, Dense784FromApplyIsHadamard) {
  const auto h = make(784);
  RowMatrix rows = RowMatrix::Identity(784, 784);
  h.apply(rows);  // row i = H·e_i = column i of H
  expect_dense_hadamard(rows);
  EXPECT_TRUE(rows == h.dense().transpose());
}

// For large orders: on random ±1 rows V (exact integers), (HV)(HV)ᵀ = n·V·Vᵀ, i.e.
// ‖Hv‖² = n‖v‖² and ⟨Hu, Hv⟩ = n⟨u, v⟩; the same to 1e-12 on Gaussian rows; unit rows give ±1 columns.
TEST(Hadamard, LargeOrdersPreserveInnerProductsExactly) {
  std::mt19937_64 generator(11);
  std::normal_distribution<double> gaussian;
  for (const std::size_t order : {784, 3072, 12288, 31920, 32768, 49152}) {
    SCOPED_TRACE(order);
    const auto h = make(order);
    const auto n = static_cast<Eigen::Index>(order);
    const auto scale = static_cast<double>(order);
    RowMatrix signs(96, n);
    for (auto& x : signs.reshaped()) x = (generator() >> 63U) != 0 ? 1.0 : -1.0;
    RowMatrix image = signs;
    h.apply(image);
    EXPECT_TRUE(RowMatrix(image * image.transpose()) == RowMatrix(scale * signs * signs.transpose()));

    RowMatrix normal(32, n);
    for (auto& x : normal.reshaped()) x = gaussian(generator);
    RowMatrix normal_image = normal;
    h.apply(normal_image);
    const RowMatrix gram = normal_image * normal_image.transpose();
    const RowMatrix expected = scale * normal * normal.transpose();
    EXPECT_LE((gram - expected).cwiseAbs().maxCoeff(), 1e-12 * expected.diagonal().maxCoeff());

    RowMatrix units = RowMatrix::Zero(4, n);
    for (Eigen::Index i = 0; i < 4; ++i) units(i, (i * 7919) % n) = 1.0;
    h.apply(units);
    EXPECT_TRUE((units.array().abs() == 1.0).all());
  }
}

// Independent enumeration of the constructible orders ≤ limit: closure of {1} under
// multiplication by 2 and by the Paley orders.
std::vector<std::size_t> constructible_orders_up_to(std::size_t limit) {
  std::set<std::size_t> seen{1};
  std::vector<std::size_t> frontier{1};
  auto factors = paley_orders_by_trial_division();
  factors.push_back(2);
  while (!frontier.empty()) {
    const std::size_t n = frontier.back();
    frontier.pop_back();
    for (const std::size_t f : factors) {
      if (n * f <= limit && seen.insert(n * f).second) frontier.push_back(n * f);
    }
  }
  return {seen.begin(), seen.end()};
}

TEST(Hadamard, NextConstructibleOrderFixedCases) {
  EXPECT_EQ(HadamardMatrix::next_constructible_order(1), 1U);
  EXPECT_EQ(HadamardMatrix::next_constructible_order(2), 2U);
  EXPECT_EQ(HadamardMatrix::next_constructible_order(3), 4U);
  EXPECT_EQ(HadamardMatrix::next_constructible_order(10), 12U);
  EXPECT_EQ(HadamardMatrix::next_constructible_order(784), 784U);
  EXPECT_EQ(HadamardMatrix::next_constructible_order(3072), 3072U);
  EXPECT_EQ(HadamardMatrix::next_constructible_order(32768), 32768U);
  // LPIPS, m = 31,872 = 2^7·3·83: 31,920 = 228·140 (Paley over GF(227) and GF(139)) is the
  // first constructible order above it; the paper pads to 32,768 instead (pass it explicitly).
  EXPECT_EQ(HadamardMatrix::next_constructible_order(31872), 31920U);
  EXPECT_THROW(static_cast<void>(HadamardMatrix::next_constructible_order(0)), InvalidInput);
}

TEST(Hadamard, ConstructibilityMatchesBruteForceEnumeration) {
  constexpr std::size_t kLimit = 1U << 17;
  const auto orders = constructible_orders_up_to(kLimit);
  const std::set<std::size_t> as_set(orders.begin(), orders.end());
  for (std::size_t m = 1; m <= 3000; ++m) {
    ASSERT_EQ(HadamardMatrix::construct(m).has_value(), as_set.count(m) == 1) << m;
  }
  std::mt19937_64 generator(3);
  std::uniform_int_distribution<std::size_t> draw(1, 70000);
  for (int i = 0; i < 300; ++i) {
    const std::size_t m = draw(generator);
    ASSERT_EQ(HadamardMatrix::next_constructible_order(m), *std::lower_bound(orders.begin(), orders.end(), m)) << m;
  }
}

TEST(Hadamard, RejectsInvalidUse) {
  EXPECT_THROW(static_cast<void>(HadamardMatrix::construct(0)), InvalidInput);
  EXPECT_FALSE(HadamardMatrix::construct(6).has_value());
  EXPECT_FALSE(HadamardMatrix::construct(116).has_value());  // 4·29: no factor available
  RowMatrix rows(2, 10);
  EXPECT_THROW(make(12).apply(rows), InvalidInput);
}

}  // namespace
}  // namespace reconbound
