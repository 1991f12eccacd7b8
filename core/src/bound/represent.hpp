#pragma once
// Applying a representation plugin to many records, in batches over threads.
#include <string>

#include "reconbound/representation.hpp"

namespace reconbound {

// describe() after accepts(), with the plugin's reason in the error.
RepresentationInfo describe_checked(const Representation& psi, const ImageShape& shape,
                                    const std::string& name);

// Ψ of every row of `records`; rows are processed in fixed batches, so the result does
// not depend on `threads`. Throws InvalidInput when Ψ produces a non-finite value.
RowMatrix represent(const Representation& psi, const ImageShape& shape, const RepresentationInfo& info,
                    MatrixView records, std::size_t threads);

}  // namespace reconbound
