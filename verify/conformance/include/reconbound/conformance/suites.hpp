#pragma once
// The conformance kit: the laws of each plugin kind (mathematics §2, §3, §5, §6 and the interfaces
// in reconbound/*.hpp), and the MPFR references of verify/ for the plugins that have one,
// checked on one plugin. docs/conformance.md lists every check with its tolerance.
//
// A mechanism's, estimator's or converse's reference is chosen by its name (dpsgd, goldfeld,
// slb) and fed its parameters; a representation's is looked up in a ReferenceRegistry
// (representation_references.hpp) or given by the caller. A plugin without one gets the laws of
// its kind only.
#include <functional>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "reconbound/conformance/check.hpp"
#include "reconbound/conformance/representation_options.hpp"
#include "reconbound/params.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::conformance {

// Creates the plugin `record` names from its example parameters (PluginInfo::example) and
// runs the suite of its kind; for a mechanism, then check_mechanism_parameters on the ranges
// its plugin declares (record.parameter_ranges). A factory that throws FileError (a file the example names is
// missing, e.g. lpips's ONNX model) gives one skipped check with the reason; any other error
// of the factory fails the check "created_from_example".
std::vector<Check> run_suite(const Registry& registry, const PluginRecord& record);

// What a caller may change: the plugin's parameters (instead of its example) and, for a
// representation, the suite's options; without a reference of its own, a representation gets
// the one builtin_references() registers under its plugin's name.
struct SuiteOptions {
  std::optional<Params> params;
  RepresentationSuiteOptions representation;
};
std::vector<Check> run_suite(const Registry& registry, const PluginRecord& record, const SuiteOptions& options);

// The suite of each kind on an object already created by the plugin `name` with `params`.
std::vector<Check> check_mechanism(const Mechanism& mechanism, std::string_view name, const Params& params);
// The representation's reference is the one builtin_references() registers under `name`.
std::vector<Check> check_representation(const Representation& representation, std::string_view name,
                                        const Params& params);
std::vector<Check> check_representation(const Representation& representation,
                                        const RepresentationSuiteOptions& options);
std::vector<Check> check_estimator(const EntropyEstimator& estimator, std::string_view name, const Params& params);
std::vector<Check> check_converse(const Converse& converse, std::string_view name, const Params& params);

// Creates a mechanism of one plugin from parameters (Registry::make_mechanism).
using MechanismMaker = std::function<std::shared_ptr<Mechanism>(const Params&)>;

// One check per range the mechanism's plugin declares (PluginInfo::parameter_ranges), named
// gamma_<trend>_in_<key>: the plugin created by `make` at a handful of points of the range, the
// other parameters as in `example`, gives a finite γ ≥ 0 that moves as the range's trend says,
// up to the error bars it reports. A point make() or leakage() refuses fails the check.
std::vector<Check> check_mechanism_parameters(const MechanismMaker& make, const Params& example,
                                              const std::vector<ParameterRangeRecord>& ranges);

// The attack suite (mathematics §9) when the mechanism has an attack: on the mechanism made from
// `example`, or, when that one's attack refuses every γ of the suite (a release whose rate the
// example fixes, e.g. the codebook's bits=), on the mechanism made without parameters, as
// `reconbound chain --mechanism NAME` makes it. No checks for a mechanism without an attack.
std::vector<Check> check_mechanism_attack(const MechanismMaker& make, const Params& example);

}  // namespace reconbound::conformance
