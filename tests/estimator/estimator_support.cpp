#include "estimator_support.hpp"

#include <cmath>
#include <random>
#include <stdexcept>

#include "reconbound/registry.hpp"

namespace reconbound::test {

const Registry& registry() {
  static const Registry instance;
  return instance;
}

std::shared_ptr<EntropyEstimator> goldfeld(const Params& params) {
  return registry().make_estimator("goldfeld", params);
}

std::shared_ptr<Converse> slb() { return registry().make_converse("slb"); }

RowMatrix gaussian_sample(std::size_t n, std::size_t m, std::uint64_t seed, double offset) {
  std::mt19937_64 rng(seed);
  std::normal_distribution<double> normal;
  RowMatrix data(n, m);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = 0; j < m; ++j) {
      const double scale = 1.0 + static_cast<double>(j) / static_cast<double>(m);
      data(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)) = offset + scale * normal(rng);
    }
  }
  return data;
}

RowMatrix grey_sample(std::size_t n, std::size_t m, std::uint64_t seed) {
  return (gaussian_sample(n, m, seed).array() * 30.0 + 128.0).cwiseMax(0.0).cwiseMin(255.0);
}

double sample_trace(const RowMatrix& data) {
  const Eigen::RowVectorXd mean = data.colwise().mean();
  return (data.rowwise() - mean).squaredNorm() / static_cast<double>(data.rows() - 1);
}

EntropyRequest make_request(const RowMatrix& data, std::vector<GridPair> grid,
                            double trace_sigma, std::uint64_t seed) {
  // Every member named: EntropyRequest holds an Eigen::Ref, so it has no default constructor.
  EntropyRequest request{.rotated = data,
                         .grid = std::move(grid),
                         .trace_sigma = trace_sigma,
                         .union_size = 0,
                         .alpha = 0.05,
                         .alpha_mc_fraction = 0.5,
                         .seed = seed,
                         .threads = 1,
                         .shard = 0,
                         .shards = 1,
                         .progress = nullptr};
  return request;
}

double detail(const EstimateDetails& details, std::string_view name) {
  const std::optional<double> value = find_detail(details, name);
  if (!value) throw std::out_of_range("no estimator detail named " + std::string(name));
  return *value;
}

std::size_t draws(const EstimateDetails& details) { return static_cast<std::size_t>(detail(details, "n_mc")); }

Moments moments(const std::vector<double>& values) {
  double sum = 0.0;
  for (double v : values) sum += v;
  const double mean = sum / static_cast<double>(values.size());
  double squares = 0.0;
  for (double v : values) squares += (v - mean) * (v - mean);
  return {mean, std::sqrt(squares / static_cast<double>(values.size() - 1))};
}

}  // namespace reconbound::test
