#pragma once
// Plugin kind 2 — the representation Ψ : R^d → R^m (mathematics §3).
//
// Contract: Ψ is fixed independently of the protected data. map() is applied to a batch
// of records (rows, each of the shape given by input_shape) and fills one output row per
// record. Ψ must be thread safe: callers may map disjoint batches concurrently.
#include <cstddef>
#include <string>

#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound {

struct RepresentationInfo {
  std::size_t output_dim = 0;  // m
  // B: an upper bound on ‖Ψ(x) − Ψ(x')‖² over all valid records (8-bit images), used as
  // the range of the empirical-Bernstein UCB of tr Σ (mathematics §6.5).
  double max_squared_distance = 0.0;
  // True when the eigenbasis rotation is inadvisable (e.g. a learned perceptual feature map, m ≫ |D⊥|): the
  // pipeline then uses the data-free random-sign rotation (mathematics §4).
  bool prefers_data_free_rotation = false;
  // The unit of Ψ's coordinates, as a reader should see it beside an absolute error ("grey
  // levels" for maps that keep the records' scale, a perceptual metric's own units, "feature
  // units"): the report and the figures print it, so no front end needs to know the plugin.
  std::string unit = "feature units";
};

class RECONBOUND_API Representation {
 public:
  virtual ~Representation() = default;

  // Says whether records of this shape are supported; on false, `why` explains.
  virtual bool accepts(const ImageShape& input_shape, std::string& why) const = 0;

  // Output dimension and constants for this input shape. Throws InvalidInput when the
  // shape is not accepted.
  virtual RepresentationInfo describe(const ImageShape& input_shape) const = 0;

  // out.row(i) = Ψ(batch.row(i)). `out` has batch.rows() rows and describe().output_dim
  // columns. Inputs are in grey levels [0, 255].
  virtual void map(const ImageShape& input_shape, MatrixView batch,
                   MutableMatrixView out) const = 0;
};

// accepts() as a precondition, for the methods of a representation plugin (describe() and
// map() start with it): throws InvalidInput with accepts()'s reason when `psi` does not accept
// records of `input_shape`.
RECONBOUND_API void require_accepted(const Representation& psi, const ImageShape& input_shape);

}  // namespace reconbound
