#include "conformance_options.hpp"

#include <fmt/format.h>

#include "reconbound/bound.hpp"
#include "reconbound/conformance/representation_references.hpp"
#include "reconbound/error.hpp"

namespace reconbound::cli {
namespace {

constexpr double kDefaultTolerance = 1e-6;  // relative, of a reference plugin

Params merged(Params params, const std::vector<std::string>& items) {
  for (const std::string& item : items) {
    const Params parsed = Params::parse(item);
    for (const auto& [key, value] : parsed.values()) params.set(key, value);
  }
  return params;
}

// InvalidInput naming the first representation option given for a plugin of another kind.
void require_representation(const ConformanceOptions& o, PluginKind kind) {
  if (kind == PluginKind::representation) return;
  const std::vector<std::pair<const char*, bool>> given{
      {"--records", o.records.has_value()}, {"--seed", o.seed.has_value()}, {"--data", o.data.has_value()},
      {"--search-budget", o.search_budget.has_value()}, {"--reference", o.reference.has_value()},
      {"--reference-param", !o.reference_params.empty()}, {"--tolerance", o.tolerance.has_value()}};
  for (const auto& [flag, is_given] : given) {
    if (is_given) {
      throw InvalidInput(fmt::format("{} applies to a representation plugin; this one is a {} plugin", flag,
                                     to_string(kind)));
    }
  }
}

}  // namespace

void add_conformance_options(CLI::App& cmd, ConformanceOptions& o) {
  cmd.add_option("plugin", o.plugin, "The plugin file (.so) to check, or a plugin spec NAME[:ARG] on the search path")
      ->required();
  cmd.add_option("--param", o.params,
                 "Plugin parameter key=value (repeatable), instead of the plugin's example parameters");
  cmd.add_option("--records", o.records, "Representation: uniform-noise records per shape, and records of --data (default 16)")
      ->check(CLI::PositiveNumber);
  cmd.add_option("--seed", o.seed, "Representation: seed of the noise, the search for B and the generated records (default 1)");
  cmd.add_option("--data", o.data, "Representation: real records too: fashion-mnist | idx:PATH | npy:PATH | png:DIR");
  cmd.add_option("--search-budget", o.search_budget,
                 "Representation: psi evaluations of the hill-climb for the largest |psi(x) - psi(x')|^2 (default 20000)");
  cmd.add_option("--reference", o.reference,
                 "Representation: a representation plugin spec NAME[:ARG] the plugin must agree with");
  cmd.add_option("--reference-param", o.reference_params, "Parameter key=value of the --reference plugin (repeatable)");
  cmd.add_option("--tolerance", o.tolerance,
                 "Largest |psi - reference| relative to the record's largest |coordinate| (default 1e-6)")
      ->check(CLI::NonNegativeNumber);
  cmd.add_flag("--json", o.json, "Print JSON instead of one line per check");
}

conformance::SuiteOptions suite_options(const ConformanceOptions& o, PluginKind kind, const Params* spec_params,
                                        const Registry& registry) {
  require_representation(o, kind);
  if (!o.reference && (!o.reference_params.empty() || o.tolerance)) {
    throw InvalidInput("--reference-param and --tolerance need --reference");
  }
  conformance::SuiteOptions suite;
  if (spec_params || !o.params.empty()) suite.params = merged(spec_params ? *spec_params : Params{}, o.params);
  conformance::RepresentationSuiteOptions& r = suite.representation;
  r.records = o.records.value_or(r.records);
  r.seed = o.seed.value_or(r.seed);
  r.search_budget = o.search_budget.value_or(r.search_budget);
  if (o.data) r.data = conformance::sample_records(*o.data, r.records, r.seed);
  if (o.reference) {
    const auto [name, params] = parse_plugin_spec(*o.reference);
    r.reference = conformance::plugin_reference(registry, name, merged(params, o.reference_params),
                                                o.tolerance.value_or(kDefaultTolerance));
  }
  return suite;
}

}  // namespace reconbound::cli
