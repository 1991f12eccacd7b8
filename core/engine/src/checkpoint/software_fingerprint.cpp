// What every checkpoint's fingerprint starts with (reconbound/checkpoint.hpp): the software,
// and the files the arguments name.
#include <fmt/format.h>

#include <filesystem>

#include "reconbound/checkpoint.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/plugin.hpp"
#include "reconbound/registry.hpp"

namespace reconbound {

Fingerprint software_fingerprint(const Registry& registry) {
  Fingerprint fields{{"reconbound", RECONBOUND_VERSION}, {"plugin ABI", std::to_string(kPluginAbiVersion)}};
  for (const PluginRecord& plugin : registry.plugins()) {
    fields.emplace_back(fmt::format("plugin {} {}", to_string(plugin.kind), plugin.name), plugin.version);
  }
  return fields;
}

std::vector<std::string> files_named_by(const std::string& value) {
  if (value == "fashion-mnist") return {fashion_mnist_train_images(), fashion_mnist_test_images()};
  const std::size_t colon = value.find(':');
  for (const std::string& candidate : {value, colon == std::string::npos ? std::string() : value.substr(colon + 1)}) {
    std::error_code error;
    if (!candidate.empty() && std::filesystem::exists(candidate, error)) return {candidate};
  }
  return {};
}

}  // namespace reconbound
