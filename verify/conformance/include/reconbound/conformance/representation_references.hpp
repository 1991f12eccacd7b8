#pragma once
// The references the kit compares representation plugins with, registered by plugin name: a
// plugin of that name claims to compute what its reference computes (docs/conformance.md,
// "References"). The kit's core looks a plugin up here and names no plugin itself.
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "reconbound/conformance/representation_options.hpp"
#include "reconbound/params.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::conformance {

// The reference of a plugin created with `params`, for records of `shape`; nullopt when it has
// none for these parameters (e.g. select with a mask file).
using ReferenceFactory = std::function<std::optional<RepresentationReference>(const Params& params,
                                                                             const ImageShape& shape)>;

class ReferenceRegistry {
 public:
  // InvalidInput when `plugin_name` is empty or already has a reference.
  void add(const std::string& plugin_name, ReferenceFactory factory);
  // The reference of the plugin `plugin_name` made with `params`; empty when none is registered.
  ReferenceForShape find(std::string_view plugin_name, const Params& params) const;

 private:
  std::map<std::string, ReferenceFactory, std::less<>> factories_;
};

// The direct references of verify/ (reference_representations.hpp), each registered beside its
// definition.
void register_verify_references(ReferenceRegistry& registry);

// The registry run_suite uses: the references of verify/.
const ReferenceRegistry& builtin_references();

// Another representation plugin as the reference (`reconbound conformance --reference SPEC`): the
// plugin `name` of `registry` made with `params`, compared within `relative_tolerance` of each
// record's largest |coordinate|. PluginError or InvalidInput as Registry::make_representation.
ReferenceForShape plugin_reference(const Registry& registry, const std::string& name, const Params& params,
                                   double relative_tolerance);

}  // namespace reconbound::conformance
