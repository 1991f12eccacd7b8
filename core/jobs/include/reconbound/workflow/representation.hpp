#pragma once
// A representation Ψ (mathematics §3) applied to records outside a bound: the features a bound
// measures, for a front end that shows them (the Python module's representations.apply).
#include <cstddef>
#include <string>

#include "reconbound/export.hpp"
#include "reconbound/bound.hpp"
#include "reconbound/matrix.hpp"
#include "reconbound/mechanism.hpp"
#include "reconbound/params.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::workflow {

// Ψ(x) for every row x of `records` (grey levels, each of `shape`): N × m. `spec` is
// "name[:arg]" as BoundRequest::representation, `params` added to the spec's (and win). The
// records are read in place, in fixed batches over `threads` threads. PluginError for an
// unknown plugin and, naming it, for an output that is not finite or not of its declared size
// (output_dim); InvalidInput when the plugin refuses the shape or its parameters, or the records
// do not have the shape's size.
RECONBOUND_API RowMatrix apply_representation(const Registry& registry, const std::string& spec,
                                              const Params& params, MatrixView records,
                                              const ImageShape& shape, std::size_t threads = 1);

// What config's representation Ψ (as made by with_representation) declares for records of `shape`
// (describe(): m, B, its unit). InvalidInput when Ψ refuses the shape; PluginError for an m of 0
// or a B that is not finite and > 0.
RECONBOUND_API RepresentationInfo representation_info(const Registry& registry, const BoundConfig& config,
                                                      const ImageShape& shape);

// The records a mechanism is charged for (MechanismInput::record): `shape` and the m Ψ makes of
// it, Ψ being config's representation (as made by with_representation). InvalidInput when Ψ
// refuses the shape.
RECONBOUND_API RecordShape record_shape(const Registry& registry, const BoundConfig& config, const ImageShape& shape);

}  // namespace reconbound::workflow
