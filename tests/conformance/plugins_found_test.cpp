// Every plugin built in this tree is found and loaded by the registry the suites use: a
// plugin file that is missing or refused would otherwise leave its suite with fewer plugins
// to check and nothing failing.
#include <algorithm>
#include <sstream>

#include "conformance_support.hpp"

namespace reconbound::conformance {
namespace {

TEST(ConformanceCoverage, EveryPluginBuiltHereIsFound) {
  const std::vector<std::string> built = built_plugins();
  ASSERT_FALSE(built.empty()) << "the build passed no plugin names (RECONBOUND_BUILT_PLUGINS)";
  const auto& found = registry().plugins();
  std::ostringstream failures;
  for (const LoadFailure& failure : registry().failures()) {
    failures << "\n  not loaded: " << failure.path.string() << ": " << failure.reason;
  }
  for (const std::string& name : built) {
    const bool loaded = std::any_of(found.begin(), found.end(), [&](const PluginRecord& r) { return r.name == name; });
    EXPECT_TRUE(loaded) << "plugin " << name << " is built in this tree but the registry did not find it"
                        << failures.str();
  }
}

}  // namespace
}  // namespace reconbound::conformance
