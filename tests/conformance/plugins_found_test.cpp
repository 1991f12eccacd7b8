// Every plugin built in this tree is found and loaded by a registry on its default search
// path, as the commands use it: a plugin file that is missing there or refused would leave
// `reconbound plugins` and the bound without it and nothing failing (the conformance entries
// load each file by its path).
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "reconbound/registry.hpp"

namespace reconbound {
namespace {

// The names of the plugins built here (tests/conformance/CMakeLists.txt).
std::vector<std::string> built_plugins() {
  std::vector<std::string> names;
  std::stringstream list(RECONBOUND_BUILT_PLUGINS);
  for (std::string name; std::getline(list, name, ',');) {
    if (!name.empty()) names.push_back(name);
  }
  return names;
}

TEST(ConformanceCoverage, EveryPluginBuiltHereIsFound) {
  const std::vector<std::string> built = built_plugins();
  ASSERT_FALSE(built.empty()) << "the build passed no plugin names (RECONBOUND_BUILT_PLUGINS)";
  const Registry registry;
  std::ostringstream failures;
  for (const LoadFailure& failure : registry.failures()) {
    failures << "\n  not loaded: " << failure.path.string() << ": " << failure.reason;
  }
  const auto& found = registry.plugins();
  for (const std::string& name : built) {
    const bool loaded = std::any_of(found.begin(), found.end(), [&](const PluginRecord& r) { return r.name == name; });
    EXPECT_TRUE(loaded) << "plugin " << name << " is built in this tree but the registry did not find it"
                        << failures.str();
  }
}

}  // namespace
}  // namespace reconbound
