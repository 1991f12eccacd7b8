#pragma once
// The kit's MPFR references of mechanism, estimator and converse plugins, each registered under
// the name of the plugin that claims to compute what it computes (docs/conformance.md,
// "References"), as representation_references.hpp registers the representations' references: the
// suites look a plugin up here and name no plugin themselves.
#include <fmt/format.h>

#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "check_list.hpp"
#include "estimator_request.hpp"
#include "mechanism_inputs.hpp"
#include "reconbound/converse.hpp"
#include "reconbound/error.hpp"
#include "reconbound/estimator.hpp"

namespace reconbound::conformance::detail {

// A reference's checks of a plugin, added to its suite's list.
using MechanismReference = std::function<void(const Mechanism&, const MechanismTestInputs&, CheckList&)>;
using EstimatorReference = std::function<void(const EntropyEstimator&, const EstimatorTestInputs&, CheckList&)>;
// `entropies` are the suite's grid entropies, `trace_sigma` its normaliser.
using ConverseReference =
    std::function<void(const Converse&, const std::vector<GridEntropy>& entropies, double trace_sigma, CheckList&)>;

// One kind's references, by plugin name.
template <class Reference>
class NamedReferences {
 public:
  // InvalidInput when `plugin_name` is empty or already has a reference.
  void add(const std::string& plugin_name, Reference reference) {
    if (plugin_name.empty()) throw InvalidInput("a conformance reference needs the name of its plugin");
    if (!references_.emplace(plugin_name, std::move(reference)).second) {
      throw InvalidInput(fmt::format("the plugin '{}' already has a conformance reference", plugin_name));
    }
  }
  // The reference of the plugin `plugin_name`; nullptr when none is registered.
  const Reference* find(std::string_view plugin_name) const {
    const auto found = references_.find(plugin_name);
    return found == references_.end() ? nullptr : &found->second;
  }

 private:
  std::map<std::string, Reference, std::less<>> references_;
};

struct PluginReferences {
  NamedReferences<MechanismReference> mechanisms;
  NamedReferences<EstimatorReference> estimators;
  NamedReferences<ConverseReference> converses;
};

// Each kind's references of verify/, registered beside their definitions.
void register_mechanism_references(PluginReferences& references);
void register_estimator_references(PluginReferences& references);
void register_converse_references(PluginReferences& references);

// The registry the suites use: the references of verify/.
const PluginReferences& builtin_plugin_references();

}  // namespace reconbound::conformance::detail
