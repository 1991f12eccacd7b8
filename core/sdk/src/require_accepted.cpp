#include "reconbound/error.hpp"
#include "reconbound/representation.hpp"

namespace reconbound {

void require_accepted(const Representation& psi, const ImageShape& input_shape) {
  std::string why;
  if (!psi.accepts(input_shape, why)) throw InvalidInput(why);
}

}  // namespace reconbound
