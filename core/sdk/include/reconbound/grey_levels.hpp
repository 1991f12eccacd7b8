#pragma once
// Records are 8-bit images in grey levels [0, 255] (mathematics §1). Representations rely on it
// for their bound B on ‖Ψ(x) − Ψ(x')‖² (the range of the tr Σ UCB, mathematics §6.5).
#include <string_view>

#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound {

inline constexpr double kMaxGreyLevel = 255.0;

// Throws InvalidInput naming `owner`, the record and the coordinate of the first value
// outside [0, 255] (NaN included).
RECONBOUND_API void require_grey_levels(MatrixView batch, std::string_view owner);

}  // namespace reconbound
