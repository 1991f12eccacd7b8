#include "conformance_support.hpp"

#include <algorithm>
#include <iostream>
#include <map>
#include <sstream>

namespace reconbound::conformance {
namespace {

std::string join(const std::vector<std::string>& items, const std::string& separator) {
  std::string out;
  for (const std::string& item : items) out += (out.empty() ? "" : separator) + item;
  return out;
}

bool contains(const std::vector<std::string>& items, const std::string& item) {
  return std::find(items.begin(), items.end(), item) != items.end();
}

// Where the registry looked and what it could not load: the context of a coverage failure.
std::string search_report() {
  std::ostringstream out;
  out << "search path:";
  for (const auto& folder : Registry::default_search_path()) out << ' ' << folder.string();
  for (const LoadFailure& failure : registry().failures()) {
    out << "\n  not loaded: " << failure.path.string() << ": " << failure.reason;
  }
  return out.str();
}

}  // namespace

std::vector<std::string> built_plugins() {
  std::vector<std::string> names;
  std::stringstream list(RECONBOUND_BUILT_PLUGINS);
  std::string name;
  while (std::getline(list, name, ',')) {
    if (!name.empty()) names.push_back(name);
  }
  return names;
}

std::string skip_message(const std::string& plugin, const Verdict& verdict) {
  if (verdict.skip == Skip::missing_file) {
    return std::string(kMissingFileMarker) + " " + plugin + ": a file its example names is missing: " + verdict.why;
  }
  return plugin + ": " + verdict.why;
}

void expect_every_plugin_checked(PluginKind kind, const std::vector<Suite>& suites) {
  const std::vector<std::string> names = plugin_names(kind);
  const std::vector<std::string> built = built_plugins();
  std::vector<std::string> checked_by_some_suite;
  std::vector<std::string> missing_a_file;
  std::map<std::string, std::vector<std::string>> skip_reasons;
  for (const Suite& suite : suites) {
    std::vector<std::string> checked;
    std::vector<std::string> skipped;
    for (const std::string& name : names) {
      const Verdict verdict = suite.verdict(name);
      if (verdict.checked()) {
        checked.push_back(name);
        checked_by_some_suite.push_back(name);
        continue;
      }
      skipped.push_back(name + " (" + verdict.why + ")");
      skip_reasons[name].push_back(suite.name + ": " + verdict.why);
      if (verdict.skip == Skip::missing_file) {
        missing_a_file.push_back(name);
        std::cout << skip_message(name, verdict) << '\n';
      }
    }
    std::cout << "[ coverage ] " << suite.name << ": checked " << checked.size() << " " << to_string(kind)
              << " plugin(s) [" << join(checked, ", ") << "], skipped " << skipped.size() << " ["
              << join(skipped, "; ") << "]\n";
    ::testing::Test::RecordProperty(suite.name + ".checked", join(checked, " "));
    ::testing::Test::RecordProperty(suite.name + ".skipped", join(skipped, "; "));
    EXPECT_FALSE(checked.empty()) << suite.name << " checked no " << to_string(kind) << " plugin (found: ["
                                  << join(names, ", ") << "])\n" << search_report();
  }
  for (const std::string& name : names) {
    if (contains(built, name) && !contains(checked_by_some_suite, name) && !contains(missing_a_file, name)) {
      ADD_FAILURE() << name << " is built in this tree but no " << to_string(kind) << " suite checks it:\n  "
                    << join(skip_reasons[name], "\n  ");
    }
  }
}

}  // namespace reconbound::conformance
