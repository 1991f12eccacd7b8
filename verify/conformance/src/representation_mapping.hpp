#pragma once
// Ψ as the representation suite calls it: into an output poisoned with a NaN of a payload no
// arithmetic produces, so that a coordinate `map` leaves unwritten is told apart from a NaN it
// writes (docs/conformance.md, "every_coordinate_written").
#include <cstddef>
#include <optional>

#include "reconbound/matrix.hpp"
#include "reconbound/representation.hpp"

namespace reconbound::conformance::detail {

// Whether `value` is still the poison the output was filled with.
bool unwritten(double value);

class PoisonedMap {
 public:
  PoisonedMap(const Representation& psi, const ImageShape& shape, std::size_t output_dim);

  // Ψ of each row of `records`, every coordinate first set to the poison.
  RowMatrix operator()(const MatrixView& records) const;

  // The first coordinate of `outputs` left unwritten, or written as a value that is not finite;
  // nullopt when there is none.
  struct Flaw {
    Eigen::Index record = 0;
    Eigen::Index coordinate = 0;
    double value = 0.0;
  };
  static std::optional<Flaw> first_unwritten(const RowMatrix& outputs);
  static std::optional<Flaw> first_not_finite(const RowMatrix& outputs);

  const ImageShape& shape() const { return shape_; }
  std::size_t output_dim() const { return output_dim_; }

 private:
  const Representation& psi_;
  ImageShape shape_;
  std::size_t output_dim_;
};

}  // namespace reconbound::conformance::detail
