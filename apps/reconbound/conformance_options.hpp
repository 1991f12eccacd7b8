#pragma once
// The options of `reconbound conformance` (docs/conformance.md, "Options"): the plugin's
// parameters and, for a representation, the records, the seed, real records, the search budget
// and a reference plugin to compare with.
#include <CLI/CLI.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/conformance/suites.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::cli {

struct ConformanceOptions {
  std::string plugin;               // a plugin file, or a spec name[:arg] on the search path
  std::vector<std::string> params;  // --param key=value (repeatable)
  std::optional<std::size_t> records;
  std::optional<std::uint64_t> seed;
  std::optional<std::string> data;
  std::optional<std::size_t> search_budget;
  std::optional<std::string> reference;       // a representation spec name[:arg]
  std::vector<std::string> reference_params;  // --reference-param key=value (repeatable)
  std::optional<double> tolerance;
  bool json = false;
};

void add_conformance_options(CLI::App& cmd, ConformanceOptions& options);

// The suite's options for a plugin of `kind`: its parameters are the spec's (`spec_params`, may
// be null) with the --param items over them, or its example when neither is given. InvalidInput
// for a representation's option given for another kind. `registry` makes the reference plugin.
conformance::SuiteOptions suite_options(const ConformanceOptions& options, PluginKind kind, const Params* spec_params,
                                        const Registry& registry);

}  // namespace reconbound::cli
