#include "representation_mapping.hpp"

#include <bit>
#include <cmath>
#include <cstdint>

namespace reconbound::conformance::detail {
namespace {

// A quiet NaN whose payload spells "unwritten": arithmetic on finite values yields the default
// NaN (payload 0); only arithmetic on the poison itself (a map that reads its output before
// writing it) carries this payload on.
constexpr std::uint64_t kPoisonBits = 0x7ff8'0000'dead'beefULL;

double poison() { return std::bit_cast<double>(kPoisonBits); }

}  // namespace

bool unwritten(double value) { return std::bit_cast<std::uint64_t>(value) == kPoisonBits; }

PoisonedMap::PoisonedMap(const Representation& psi, const ImageShape& shape, std::size_t output_dim)
    : psi_(psi), shape_(shape), output_dim_(output_dim) {}

RowMatrix PoisonedMap::operator()(const MatrixView& records) const {
  RowMatrix out = RowMatrix::Constant(records.rows(), static_cast<Eigen::Index>(output_dim_), poison());
  psi_.map(shape_, records, out);
  return out;
}

std::optional<PoisonedMap::Flaw> PoisonedMap::first_unwritten(const RowMatrix& outputs) {
  for (Eigen::Index i = 0; i < outputs.rows(); ++i) {
    for (Eigen::Index j = 0; j < outputs.cols(); ++j) {
      if (unwritten(outputs(i, j))) return Flaw{i, j, outputs(i, j)};
    }
  }
  return std::nullopt;
}

std::optional<PoisonedMap::Flaw> PoisonedMap::first_not_finite(const RowMatrix& outputs) {
  for (Eigen::Index i = 0; i < outputs.rows(); ++i) {
    for (Eigen::Index j = 0; j < outputs.cols(); ++j) {
      if (!unwritten(outputs(i, j)) && !std::isfinite(outputs(i, j))) return Flaw{i, j, outputs(i, j)};
    }
  }
  return std::nullopt;
}

}  // namespace reconbound::conformance::detail
