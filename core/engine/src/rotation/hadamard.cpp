// Hadamard matrices as Kronecker products of Sylvester and Paley-I factors (mathematics §4, §G.2).
#include "reconbound/hadamard.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <map>
#include <tuple>

#include "hadamard_factors.hpp"
#include "reconbound/error.hpp"
#include "reconbound/galois_field.hpp"

namespace reconbound {

namespace {

// A construction of one order: Paley factor orders (descending) ⊗ one Sylvester factor.
struct Plan {
  std::vector<std::size_t> paley;
  std::size_t sylvester = 1;
  // Operations per coordinate of apply(): f per dense factor, one butterfly per doubling.
  std::size_t cost() const {
    std::size_t total = static_cast<std::size_t>(std::countr_zero(sylvester));
    for (const auto f : paley) total += f;
    return total;
  }
  // Cheapest first; then fewer factors; then larger leading Paley factors (a fixed total order).
  bool better_than(const Plan& other) const {
    const auto key = [](const Plan& p) {
      return std::make_tuple(p.cost(), p.paley.size());
    };
    if (key(*this) != key(other)) return key(*this) < key(other);
    return std::lexicographical_compare(other.paley.begin(), other.paley.end(), paley.begin(), paley.end());
  }
};

using Memo = std::map<std::size_t, std::optional<Plan>>;

// n = 2^a · Π(Paley orders): a recursion over the Paley orders dividing n.
std::optional<Plan> best_plan(std::size_t n, Memo& memo) {
  if (std::has_single_bit(n)) return Plan{{}, n};
  if (n % 4 != 0) return std::nullopt;  // Hadamard orders are 1, 2 and multiples of 4
  if (const auto it = memo.find(n); it != memo.end()) return it->second;
  std::optional<Plan> best;
  for (const auto f : HadamardMatrix::paley_orders()) {
    if (f > n) break;
    if (n % f != 0) continue;
    auto sub = best_plan(n / f, memo);
    if (!sub) continue;
    sub->paley.push_back(f);
    std::sort(sub->paley.begin(), sub->paley.end(), std::greater<>());
    if (!best || sub->better_than(*best)) best = std::move(sub);
  }
  memo.emplace(n, best);
  return best;
}

}  // namespace

const std::vector<std::size_t>& HadamardMatrix::paley_orders() {
  static const std::vector<std::size_t> orders = [] {
    std::vector<std::size_t> out;
    for (std::size_t f = 4; f <= kMaxPaleyOrder; f += 4) {  // q = f − 1 ≡ 3 (mod 4)
      if (!std::has_single_bit(f) && as_prime_power(f - 1)) out.push_back(f);
    }
    return out;
  }();
  return orders;
}

std::optional<HadamardMatrix> HadamardMatrix::construct(std::size_t order) {
  if (order == 0) throw InvalidInput("a Hadamard matrix needs order ≥ 1, got 0");
  Memo memo;
  const auto plan = best_plan(order, memo);
  if (!plan) return std::nullopt;
  HadamardMatrix h;
  h.order_ = order;
  for (const auto f : plan->paley) {
    h.factors_.push_back({f, false, detail::paley_matrix(f)});
    h.factor_orders_.push_back(f);
  }
  if (plan->sylvester > 1 || plan->paley.empty()) {
    h.factors_.push_back({plan->sylvester, true, RowMatrix()});
    h.factor_orders_.push_back(plan->sylvester);
  }
  return h;
}

std::size_t HadamardMatrix::next_constructible_order(std::size_t m) {
  if (m == 0) throw InvalidInput("next_constructible_order needs m ≥ 1, got 0");
  Memo memo;
  for (std::size_t n = m;; ++n) {  // ends by the next power of two at the latest
    if (best_plan(n, memo)) return n;
  }
}

std::string HadamardMatrix::to_string() const {
  std::string out;
  for (const auto& factor : factors_) {
    if (!out.empty()) out += " ⊗ ";
    out += fmt::format("H{} ({})", factor.order,
                       factor.sylvester ? "Sylvester" : fmt::format("Paley GF({})", factor.order - 1));
  }
  return out;
}

void HadamardMatrix::apply_row(double* row, double* scratch) const {
  std::size_t left = 1;
  for (const auto& factor : factors_) {
    const std::size_t f = factor.order;
    const std::size_t right = order_ / (left * f);
    // The row as a (left, f, right) tensor; the factor acts on the middle index (a mode product).
    if (factor.sylvester) {
      for (std::size_t l = 0; l < left; ++l) {
        double* base = row + l * f * right;
        // H_2 butterflies (x, y) ← (x + y, x − y) between middle indices j and j + h, j ∈ [i, i + h):
        // both halves are contiguous runs of h·right values, so one flat loop covers them.
        for (std::size_t h = 1; h < f; h *= 2) {
          const std::size_t run = h * right;
          for (std::size_t i = 0; i < f; i += 2 * h) {
            double* x = base + i * right;
            double* y = x + run;
            for (std::size_t s = 0; s < run; ++s) {
              const double a = x[s];
              const double b = y[s];
              x[s] = a + b;
              y[s] = a - b;
            }
          }
        }
      }
    } else if (right == 1) {
      // The row as a left × f matrix M; each of its rows r ← F·r, i.e. M ← M·Fᵀ.
      Eigen::Map<RowMatrix> m(row, static_cast<Eigen::Index>(left), static_cast<Eigen::Index>(f));
      Eigen::Map<RowMatrix> out(scratch, static_cast<Eigen::Index>(left), static_cast<Eigen::Index>(f));
      out.noalias() = m * factor.entries.transpose();
      m = out;
    } else {
      for (std::size_t l = 0; l < left; ++l) {
        Eigen::Map<RowMatrix> block(row + l * f * right, static_cast<Eigen::Index>(f),
                                    static_cast<Eigen::Index>(right));
        Eigen::Map<RowMatrix> out(scratch, static_cast<Eigen::Index>(f), static_cast<Eigen::Index>(right));
        out.noalias() = factor.entries * block;
        block = out;
      }
    }
    left *= f;
  }
}

void HadamardMatrix::apply(MutableMatrixView rows) const {
  if (static_cast<std::size_t>(rows.cols()) != order_) {
    throw InvalidInput(fmt::format("cannot apply a Hadamard matrix of order {} to rows of length {}", order_,
                                   rows.cols()));
  }
  std::vector<double> scratch(order_);
  for (Eigen::Index i = 0; i < rows.rows(); ++i) apply_row(rows.row(i).data(), scratch.data());
}

RowMatrix HadamardMatrix::dense() const {
  RowMatrix product = RowMatrix::Ones(1, 1);
  for (const auto& factor : factors_) {
    const RowMatrix f = factor.sylvester ? detail::sylvester_matrix(factor.order) : factor.entries;
    RowMatrix next(product.rows() * f.rows(), product.cols() * f.cols());
    for (Eigen::Index i = 0; i < product.rows(); ++i) {
      for (Eigen::Index j = 0; j < product.cols(); ++j) {
        next.block(i * f.rows(), j * f.cols(), f.rows(), f.cols()) = product(i, j) * f;
      }
    }
    product = std::move(next);
  }
  return product;
}

}  // namespace reconbound
