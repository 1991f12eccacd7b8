#pragma once
// Reads a selection mask: a PNG (8-bit grey: shape H × W, decoded with libpng) or a NumPy
// .npy (2-D H × W, or 3-D C × H × W, read with reconbound::read_npy). Every value must be
// exactly 0 or 1 and at least one must be 1; otherwise FileError/InvalidInput naming the file.
#include <string>

#include "selection.hpp"

namespace reconbound::select::detail {

Mask read_mask_file(const std::string& path);

}  // namespace reconbound::select::detail
