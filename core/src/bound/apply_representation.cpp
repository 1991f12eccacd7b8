#include "reconbound/apply_representation.hpp"

#include <fmt/format.h>

#include "reconbound/bound.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"
#include "represent.hpp"

namespace reconbound {

RowMatrix apply_representation(const Registry& registry, const std::string& spec, const Params& params,
                               MatrixView records, const ImageShape& shape, std::size_t threads) {
  auto [name, spec_params] = parse_plugin_spec(spec);
  for (const auto& [key, value] : params.values()) spec_params.set(key, value);
  const auto psi = registry.make_representation(name, spec_params);
  const RepresentationInfo info = describe_checked(*psi, shape, name);
  if (records.cols() != static_cast<Eigen::Index>(shape.size())) {
    throw InvalidInput(fmt::format("records have {} values but the shape {} has {}", records.cols(),
                                   shape.to_string(), shape.size()));
  }
  return represent(*psi, shape, info, records, threads);
}

}  // namespace reconbound
