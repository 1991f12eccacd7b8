// sample_records: real records for the representation suite (--data, data= in Python).
#include <algorithm>
#include <numeric>
#include <random>
#include <vector>

#include "reconbound/conformance/representation_options.hpp"

namespace reconbound::conformance {

Dataset sample_records(const std::string& spec, std::size_t count, std::uint64_t seed) {
  // A data set kept in its file encoding is decoded only for the records drawn (fashion-mnist's
  // 70,000 records would take 440 MB as doubles); a PNG folder is read whole.
  const std::shared_ptr<const MappedDataset> mapped = map_dataset(spec);
  Dataset whole;
  if (!mapped) whole = load_dataset(spec);
  const std::size_t n = mapped ? mapped->size() : static_cast<std::size_t>(whole.records.rows());
  std::vector<std::size_t> indices(n);
  std::iota(indices.begin(), indices.end(), std::size_t{0});
  std::mt19937_64 rng(seed);
  std::shuffle(indices.begin(), indices.end(), rng);
  indices.resize(std::min(count, n));
  Dataset out;
  out.shape = mapped ? mapped->shape() : whole.shape;
  out.source = mapped ? mapped->source() : whole.source;
  out.records.resize(static_cast<Eigen::Index>(indices.size()), static_cast<Eigen::Index>(out.shape.size()));
  if (mapped) {
    mapped->read(indices, out.records);
  } else {
    for (std::size_t i = 0; i < indices.size(); ++i) {
      out.records.row(static_cast<Eigen::Index>(i)) = whole.records.row(static_cast<Eigen::Index>(indices[i]));
    }
  }
  return out;
}

}  // namespace reconbound::conformance
