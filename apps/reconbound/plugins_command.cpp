// `reconbound plugins`: every loaded plugin and every load failure with its reason, and the
// OpenCL devices (opencl/listing/device_listing.hpp).
#include <fmt/format.h>

#include "commands.hpp"
#include "device_listing.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/workflow/json.hpp"

namespace reconbound::cli {

namespace {

void print_table(const Registry& registry) {
  fmt::print("{:<15} {:<12} {:<9} {}\n", "kind", "name", "version", "path");
  for (const auto& p : registry.plugins()) {
    fmt::print("{:<15} {:<12} {:<9} {}\n", to_string(p.kind), p.name, p.version, p.path.string());
    fmt::print("{:<15} {}\n", "", p.description);
    if (!p.parameters.empty()) fmt::print("{:<15} parameters: {}\n", "", p.parameters);
  }
  if (registry.plugins().empty()) fmt::print("(no plugins found)\n");
  if (!registry.failures().empty()) {
    fmt::print("\nload failures:\n");
    for (const auto& f : registry.failures()) fmt::print("  {}: {}\n", f.path.string(), f.reason);
  }
  fmt::print("\nsearch path:\n");
  for (const auto& folder : Registry::default_search_path()) fmt::print("  {}\n", folder.string());
  opencl_listing::print_opencl_devices();
}

}  // namespace

void add_plugins_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("plugins", "List the plugins found and every load failure");
  auto json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json, "Print JSON instead of a table");
  cmd->callback([json] {
    const Registry registry;
    if (*json) {
      nlohmann::json out = workflow::to_json(registry);
      out["opencl"] = opencl_listing::opencl_devices_json();
      fmt::print("{}\n", out.dump(2));
    }
    else print_table(registry);
  });
}

}  // namespace reconbound::cli
