#include <fmt/format.h>

#include "reconbound/matrix.hpp"

namespace reconbound {

std::string ImageShape::to_string() const { return fmt::format("{}x{}x{}", channels, height, width); }

}  // namespace reconbound
