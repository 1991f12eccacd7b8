#pragma once
// The conformance suites run their test bodies against every plugin of a kind that the
// registry finds — in this tree, or out of tree through RECONBOUND_PLUGIN_PATH — each
// created with the example parameters it declares (PluginInfo::example).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "reconbound/registry.hpp"

namespace reconbound::conformance {

inline const Registry& registry() {
  static const Registry instance;
  return instance;
}

inline std::vector<std::string> plugin_names(PluginKind kind) { return registry().names(kind); }

inline Params example_params(PluginKind kind, const std::string& name) {
  const PluginRecord* record = registry().find(kind, name);
  return record == nullptr ? Params{} : Params::parse(record->example);
}

inline std::string test_name(const ::testing::TestParamInfo<std::string>& info) {
  std::string out;
  for (char c : info.param) out += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return out;
}

}  // namespace reconbound::conformance
