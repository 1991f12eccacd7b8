// Creates a plugin from its example and runs the suite of its kind; for a mechanism, then the
// sweeps of the parameter ranges its plugin declares.
#include <fmt/format.h>

#include <exception>
#include <optional>

#include "check_list.hpp"
#include "reconbound/conformance/representation_references.hpp"
#include "reconbound/conformance/suites.hpp"
#include "reconbound/error.hpp"

namespace reconbound::conformance {
namespace {

constexpr const char* kCreated = "created_from_example";

// `make` creates the plugin from `given` parameters, else from its example; `check` runs the
// suite on it.
template <class Make, class CheckKind>
std::vector<Check> create_then_check(const PluginRecord& record, const std::optional<Params>& given, Make make,
                                     CheckKind check) {
  const std::string example = given ? "the parameters given" : fmt::format("example '{}'", record.example);
  Params params;
  decltype(make(params)) plugin;
  try {
    params = given ? *given : Params::parse(record.example);
    plugin = make(params);
  } catch (const FileError& e) {
    return {{kCreated, Outcome::skip, fmt::format("a file its {} names is missing: {}", example, e.what())}};
  } catch (const std::exception& e) {
    // PluginInfo::example must be a parameter string make() accepts.
    return {{kCreated, Outcome::fail, fmt::format("{}: {}", example, e.what())}};
  } catch (...) {
    return {{kCreated, Outcome::fail, fmt::format("{}: the factory threw a type that is not std::exception", example)}};
  }
  std::vector<Check> checks{{kCreated, Outcome::pass, example}};
  try {
    for (Check& c : check(*plugin, record.name, params)) checks.push_back(std::move(c));
  } catch (const std::exception& e) {
    // An exception outside every check, e.g. from needs(), accepts() or accountant().
    checks.push_back({"suite_completed", Outcome::fail, fmt::format("an exception stopped the suite: {}", e.what())});
  } catch (...) {
    checks.push_back({"suite_completed", Outcome::fail, "an exception of a type that is not std::exception stopped the suite"});
  }
  return checks;
}

}  // namespace

std::vector<Check> run_suite(const Registry& registry, const PluginRecord& record) {
  return run_suite(registry, record, SuiteOptions{});
}

std::vector<Check> run_suite(const Registry& registry, const PluginRecord& record, const SuiteOptions& options) {
  const auto name = record.name;
  switch (record.kind) {
    case PluginKind::mechanism: {
      const MechanismMaker make = [&](const Params& p) { return registry.make_mechanism(name, p); };
      return create_then_check(record, options.params, make, [&](const Mechanism& mechanism, std::string_view n, const Params& p) {
        std::vector<Check> checks = check_mechanism(mechanism, n, p);
        for (Check& c : check_mechanism_parameters(make, p, record.parameter_ranges)) checks.push_back(std::move(c));
        for (Check& c : check_mechanism_attack(make, p)) checks.push_back(std::move(c));
        return checks;
      });
    }
    case PluginKind::representation:
      return create_then_check(
          record, options.params, [&](const Params& p) { return registry.make_representation(name, p); },
          [&](const Representation& representation, std::string_view n, const Params& p) {
            RepresentationSuiteOptions with_reference = options.representation;
            if (!with_reference.reference) with_reference.reference = builtin_references().find(n, p);
            return check_representation(representation, with_reference);
          });
    case PluginKind::estimator:
      return create_then_check(record, options.params, [&](const Params& p) { return registry.make_estimator(name, p); },
                               check_estimator);
    case PluginKind::converse:
      return create_then_check(record, options.params, [&](const Params& p) { return registry.make_converse(name, p); },
                               check_converse);
  }
  throw PluginError(fmt::format("plugin '{}' has an unknown kind", record.name));
}

}  // namespace reconbound::conformance
