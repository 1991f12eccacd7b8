// sample_records: real records for the representation suite (--data, data= in Python).
#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "reconbound/conformance/representation_options.hpp"

namespace reconbound::conformance {
namespace {

// `count` of the indices 0..n-1 (all of them when n ≤ count), drawn without replacement.
std::vector<std::size_t> drawn_indices(std::size_t n, std::size_t count, std::uint64_t seed) {
  std::vector<std::size_t> indices(n);
  std::iota(indices.begin(), indices.end(), std::size_t{0});
  std::mt19937_64 rng(seed);
  std::shuffle(indices.begin(), indices.end(), rng);
  indices.resize(std::min(count, n));
  return indices;
}

}  // namespace

Dataset sample_records(const Dataset& data, std::size_t count, std::uint64_t seed) {
  const std::vector<std::size_t> indices = drawn_indices(static_cast<std::size_t>(data.records.rows()), count, seed);
  Dataset out{RowMatrix(static_cast<Eigen::Index>(indices.size()), data.records.cols()), data.shape, data.source};
  for (std::size_t i = 0; i < indices.size(); ++i) {
    out.records.row(static_cast<Eigen::Index>(i)) = data.records.row(static_cast<Eigen::Index>(indices[i]));
  }
  return out;
}

Dataset sample_records(const std::string& spec, std::size_t count, std::uint64_t seed) {
  // A data set kept in its file encoding is decoded only for the records drawn (fashion-mnist's
  // 70,000 records would take 440 MB as doubles); a PNG folder is read whole.
  const std::shared_ptr<const MappedDataset> mapped = map_dataset(spec);
  if (!mapped) return sample_records(load_dataset(spec), count, seed);
  const std::vector<std::size_t> indices = drawn_indices(mapped->size(), count, seed);
  Dataset out{RowMatrix(static_cast<Eigen::Index>(indices.size()), static_cast<Eigen::Index>(mapped->shape().size())),
              mapped->shape(), mapped->source()};
  mapped->read(indices, out.records);
  return out;
}

}  // namespace reconbound::conformance
