// A representation plugin as the reference of another (--reference SPEC).
#include <fmt/format.h>

#include <cmath>
#include <memory>

#include "reconbound/conformance/representation_references.hpp"
#include "reconbound/error.hpp"

namespace reconbound::conformance {

ReferenceForShape plugin_reference(const Registry& registry, const std::string& name, const Params& params,
                                   double relative_tolerance) {
  if (!(relative_tolerance >= 0.0 && std::isfinite(relative_tolerance))) {
    throw InvalidInput(fmt::format("the reference's tolerance {} must be finite and >= 0", relative_tolerance));
  }
  const std::shared_ptr<const Representation> reference = registry.make_representation(name, params);
  return [=](const ImageShape& shape) -> std::optional<RepresentationReference> {
    const std::size_t m = reference->describe(shape).output_dim;  // InvalidInput for a shape it refuses
    return RepresentationReference{
        fmt::format("the representation plugin '{}'", name),
        [reference, m](const ImageShape& s, const RowMatrix& batch) {
          RowMatrix out(batch.rows(), static_cast<Eigen::Index>(m));
          reference->map(s, batch, out);
          return out;
        },
        0.0, relative_tolerance};
  };
}

}  // namespace reconbound::conformance
