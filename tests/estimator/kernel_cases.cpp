#include "kernel_cases.hpp"

#include <cmath>
#include <random>

namespace reconbound::test {

std::vector<double> default_sds(double trace, std::size_t k) {
  std::vector<double> s;
  for (const double nu2 : {0.2, 0.4, 0.8, 1.6, 3.2, 6.4}) {
    s.push_back(std::sqrt(nu2 * trace / static_cast<double>(k)));  // s = ν·sqrt(tr/k), mathematics §5
  }
  return s;
}

Big reference_sum(const KernelCase& c, std::size_t v, std::size_t j) {
  const Big s = c.s[v];
  const Big h = Big(1) / (2 * s * s);
  const Big r = Big(1) / s;
  Big total = 0;
  for (std::size_t l = 0; l < c.n; ++l) {
    Big d = 0;
    Big g = 0;
    for (std::size_t q = 0; q < c.k; ++q) {
      const Big diff = Big(c.centres[q * c.n + c.self]) - Big(c.centres[q * c.n + l]);
      d += diff * diff;
      g += Big(c.z[j * c.k + q]) * diff;
    }
    total += boost::multiprecision::exp(-(d * h + g * r));  // e^{−a_l}, a_l = D_l·h + G_l·r
  }
  return total;
}

double norm2_of(const KernelCase& c, std::size_t j) {
  double total = 0.0;
  for (std::size_t q = 0; q < c.k; ++q) total += c.z[j * c.k + q] * c.z[j * c.k + q];
  return total;
}

KernelCase random_case(std::size_t n, std::size_t k, std::size_t draws, double spread,
                       std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  KernelCase c{n, k, static_cast<std::size_t>(seed % n), draws, {}, {}, default_sds(1.0, k)};
  c.centres.resize(k * n);
  for (double& y : c.centres) y = spread * normal(rng);
  c.z.resize(draws * k);
  for (double& z : c.z) z = normal(rng);
  return c;
}

reconbound::RowMatrix rows_with_far_ones(std::size_t n, std::size_t k, std::uint64_t seed, std::size_t every,
                                         std::size_t first, double factor) {
  reconbound::RowMatrix data(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(k));
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  for (Eigen::Index i = 0; i < data.rows(); ++i) {
    for (Eigen::Index c = 0; c < data.cols(); ++c) data(i, c) = normal(rng);
    if (static_cast<std::size_t>(i) % every == first) data.row(i) *= factor;
  }
  return data;
}

}  // namespace reconbound::test
