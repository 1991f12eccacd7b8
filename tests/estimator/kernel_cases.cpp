#include "kernel_cases.hpp"

#include <cmath>
#include <random>

#include "mathematics/level_plan.hpp"

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

KernelCase outlier_case(std::size_t k) {
  KernelCase c = random_case(90, k, 2, 1.0, 3);
  for (std::size_t q = 0; q < k; ++q) c.centres[q * 90 + 5] *= 60.0;
  c.s = {0.05, 0.9, 4.0};
  return c;
}

KernelCase near_duplicate_case(std::size_t k) {
  KernelCase c = random_case(80, k, 2, 1.0, 5);
  for (std::size_t l = 1; l < 80; l += 2) {
    for (std::size_t q = 0; q < k; ++q) c.centres[q * 80 + l] = c.centres[q * 80 + l - 1] * (1.0 + 1e-9);
  }
  c.s = {1e-4, 0.2, 1.6};
  return c;
}

KernelCase line_case(double norm2) {
  const std::size_t k = 3;
  const std::size_t n = 403;
  KernelCase c{n, k, 0, 2, std::vector<double>(k * n, 0.0), {}, {1.0}};
  const double unit[3] = {0.6, 0.8, 0.0};
  for (std::size_t l = 0; l < n; ++l) {
    const double position = -16.0 + 32.0 * static_cast<double>(l) / static_cast<double>(n - 1);
    for (std::size_t q = 0; q < k; ++q) c.centres[q * n + l] = position * unit[q];
  }
  const double length = std::sqrt(norm2);
  c.z = {-length * 0.6, -length * 0.8, 0.0, length * 0.28, -length * 0.96, 0.0};
  return c;
}

SingleQueries single_queries(const KernelCase& c, const std::vector<std::size_t>& rows) {
  SingleQueries out{goldfeld::product_centres(c.centres.data(), c.n, c.k), {}, {}, {}, {}, {}, {}, {}, {}, {}};
  out.single = goldfeld::single_centres(out.product);
  const goldfeld::LevelPlan plan = goldfeld::chained_levels(c.s, false);
  std::vector<double> weight(c.k);
  for (const std::size_t i : rows) {
    for (std::size_t v = 0; v < c.s.size(); ++v) {
      for (std::size_t j = 0; j < c.draws; ++j) {
        const double z2 = norm2_of(c, j);
        const double double_error = goldfeld::product_exponent_error(
            c.k, out.product.norm2[i], out.product.max_norm2, z2, plan.scales[v]);
        const double offset = goldfeld::product_query(c.centres.data() + i, c.n, out.product.norm2[i],
                                                      c.z.data() + j * c.k, c.k, plan.scales[v], weight.data());
        for (const double w : weight) out.weights.push_back(static_cast<float>(w));
        out.offsets.push_back(static_cast<float>(offset));
        out.scales.push_back(static_cast<float>(plan.scales[v].half_inv_s2));
        const std::size_t q = out.offsets.size() - 1;
        out.errors.push_back(goldfeld::single_exponent_error(out.single, out.weights.data() + q * c.k,
                                                             out.offsets[q], out.scales[q], z2, double_error));
        out.z_norm2.push_back(z2);
        out.self.push_back(i);
        out.level.push_back(v);
        out.draw.push_back(j);
      }
    }
  }
  return out;
}

}  // namespace reconbound::test
