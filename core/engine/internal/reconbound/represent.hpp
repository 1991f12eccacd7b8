#pragma once
// Applying a representation plugin to many records, in batches over threads, checking what
// crosses the plugin boundary: RepresentationInfo and every Ψ(x), naming the plugin.
#include <string>

#include "reconbound/export.hpp"
#include "reconbound/representation.hpp"

namespace reconbound {

// describe() after accepts(), with the plugin's reason in the error (InvalidInput). PluginError
// naming the representation `name` when describe() declares output_dim = 0 or a B
// (max_squared_distance) that is not finite and > 0.
RECONBOUND_API RepresentationInfo describe_checked(const Representation& psi,
                                                   const ImageShape& shape,
                                                   const std::string& name);

// Ψ of every row of `records`; rows are processed in fixed batches, so the result does not depend
// on `threads`. The calling thread and up to threads - 1 helpers of the process's pool
// (engine/src/bound/worker_pool.hpp) map the batches. PluginError naming the representation `name`
// when Ψ leaves a coordinate of its declared info.output_dim unwritten or writes a non-finite value
// (the records are finite: every loader checks them). Messages count records from first_record (a
// rank's range of D_est). Records are mapped in fixed batches of kRepresentBatch from the first: a
// range that starts at a multiple of it is mapped in the same batches as the whole.
inline constexpr std::size_t kRepresentBatch = 256;
RECONBOUND_API RowMatrix represent(const Representation& psi, const std::string& name,
                                  const ImageShape& shape, const RepresentationInfo& info,
                                  MatrixView records, std::size_t threads,
                                  std::size_t first_record = 0);

// represent() into rows the caller holds: out is records.rows() × info.output_dim.
RECONBOUND_API void represent_into(const Representation& psi, const std::string& name,
                                   const ImageShape& shape, const RepresentationInfo& info,
                                   MatrixView records, MutableMatrixView out,
                                   std::size_t threads, std::size_t first_record = 0);

}  // namespace reconbound
