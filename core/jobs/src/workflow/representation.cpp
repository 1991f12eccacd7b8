#include "reconbound/workflow/representation.hpp"

#include <fmt/format.h>

#include "reconbound/represent.hpp"
#include "reconbound/error.hpp"
#include "reconbound/workflow/bound.hpp"

namespace reconbound::workflow {

RowMatrix apply_representation(const Registry& registry, const std::string& spec, const Params& params,
                               MatrixView records, const ImageShape& shape, std::size_t threads) {
  BoundConfig plugin;
  plugin.representation_params = params;
  plugin = with_representation(plugin, spec);
  const auto psi = registry.make_representation(plugin.representation, plugin.representation_params);
  const RepresentationInfo info = describe_checked(*psi, shape, plugin.representation);
  if (records.cols() != static_cast<Eigen::Index>(shape.size())) {
    throw InvalidInput(fmt::format("records have {} values but the shape {} has {}", records.cols(),
                                   shape.to_string(), shape.size()));
  }
  return represent(*psi, plugin.representation, shape, info, records, threads);
}

RepresentationInfo representation_info(const Registry& registry, const BoundConfig& config, const ImageShape& shape) {
  const auto psi = registry.make_representation(config.representation, config.representation_params);
  return describe_checked(*psi, shape, config.representation);
}

RecordShape record_shape(const Registry& registry, const BoundConfig& config, const ImageShape& shape) {
  return {shape, representation_info(registry, config, shape).output_dim};
}

}  // namespace reconbound::workflow
