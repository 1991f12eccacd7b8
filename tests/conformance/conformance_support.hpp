#pragma once
// The conformance suites run their test bodies against every plugin of a kind that the
// registry finds — in this tree, or out of tree through RECONBOUND_PLUGIN_PATH — each
// created with the example parameters it declares (PluginInfo::example).
//
// A suite never passes by having nothing to check: each kind has a coverage test that
// lists the plugins every suite checked and the ones it skipped (with the reason), and
// fails when a suite checked none, when a plugin built in this tree is not found, or when a
// plugin built in this tree is skipped because it rejects the suite's test shape.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "reconbound/error.hpp"
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

// The plugins built in this tree (tests/conformance/CMakeLists.txt passes their names).
std::vector<std::string> built_plugins();

// Printed before the reason of every plugin skipped because a file its example names is
// missing; ctest's entry conformance_recorded_skips reports "Skipped" when it appears.
inline constexpr const char* kMissingFileMarker = "RECONBOUND-CONFORMANCE-SKIP";

// Whether a suite checks a plugin, and if not, why.
enum class Skip {
  none,            // checked
  missing_file,    // its example names a file that is not there (e.g. lpips's ONNX model)
  rejected_shape,  // it refuses what the suite tests with (a shape, a kind of input)
};

struct Verdict {
  Skip skip = Skip::none;
  std::string why;
  bool checked() const { return skip == Skip::none; }
};

// A plugin created for a suite, or the verdict that skips it.
template <class T>
struct Fitted {
  std::shared_ptr<T> plugin;
  Verdict verdict;
};

// Creates a plugin from its example parameters with `make` (a Registry::make_* call). A
// FileError — a file the example names is not there — is a recorded skip; every other
// error propagates and fails the test.
template <class T, class Make>
Fitted<T> make_from_example(PluginKind kind, const std::string& name, Make make) {
  try {
    return {make(name, example_params(kind, name)), {}};
  } catch (const FileError& e) {
    return {nullptr, {Skip::missing_file, e.what()}};
  }
}

// The message a test shows when it skips its plugin.
std::string skip_message(const std::string& plugin, const Verdict& verdict);

// One parameterised suite and how it judges a plugin of its kind.
struct Suite {
  std::string name;
  std::function<Verdict(const std::string&)> verdict;
};

// The coverage check of one kind: prints and records (RecordProperty) what each suite
// checked and skipped; fails when a suite checked no plugin, when a plugin built in this
// tree is of this kind but no suite checks it for a reason other than a missing file.
void expect_every_plugin_checked(PluginKind kind, const std::vector<Suite>& suites);

}  // namespace reconbound::conformance
