#pragma once
// The plugin registry: finds plugin files on a search path, loads them one at a time
// with Boost.DLL, checks the ABI version and keeps every library loaded for as long as
// any object it created is alive. Load failures are collected, never fatal.
#include <filesystem>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "reconbound/export.hpp"
#include "reconbound/plugin.hpp"

namespace reconbound {

// A PluginInfo::parameter_ranges entry, copied out of the plugin.
struct ParameterRangeRecord {
  std::string key;
  double low = 0.0;
  double high = 0.0;
  bool integer = false;
  LeakageTrend leakage = LeakageTrend::non_increasing;
};

struct PluginRecord {
  PluginKind kind;
  std::string name;
  std::string version;
  std::string description;
  std::string parameters;
  std::string example;
  std::filesystem::path path;  // empty for a plugin added in this process (add_representation)
  std::vector<ParameterRangeRecord> parameter_ranges;
};

// Makes a representation added in this process (Registry::add_representation), as a plugin's
// factory does: throws reconbound::Error on parameters it does not take.
using RepresentationMaker = std::function<std::shared_ptr<Representation>(const Params&)>;

struct LoadFailure {
  std::filesystem::path path;
  std::string reason;
};

class RECONBOUND_API Registry {
 public:
  // The folder beside the core library (<libdir>/reconbound/plugins, in the build tree
  // and after installation alike), then each folder of RECONBOUND_PLUGIN_PATH (':'-separated).
  static std::vector<std::filesystem::path> default_search_path();

  // Loads every plugin file (*.so) found in the folders, in order; a name already loaded
  // from an earlier folder shadows later ones (recorded as a failure).
  explicit Registry(const std::vector<std::filesystem::path>& search_path = default_search_path());
  ~Registry();
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;

  // Loads one file. Returns false and records a LoadFailure on any problem (parameter ranges
  // included: only a mechanism declares them, each with a key and finite low < high).
  bool load_file(const std::filesystem::path& file);

  // A registry holding everything `base` holds (its libraries stay loaded while either lives),
  // to which a front end adds its own plugins for one job without changing `base`.
  static std::unique_ptr<Registry> extending(const Registry& base);

  // Adds a representation made in this process, not loaded from a file (a Python callable Ψ):
  // found by name like a plugin of `record.kind` = representation, `record.path` empty.
  // InvalidInput when the record's name is empty or a representation of that name exists.
  void add_representation(PluginRecord record, RepresentationMaker make);

  const std::vector<PluginRecord>& plugins() const;
  const std::vector<LoadFailure>& failures() const;
  std::vector<std::string> names(PluginKind kind) const;
  const PluginRecord* find(PluginKind kind, std::string_view name) const;

  // Create objects; each keeps its plugin library loaded. Throw PluginError naming the
  // plugin (and the available ones) when it is not found.
  std::shared_ptr<Mechanism> make_mechanism(std::string_view name, const Params& params = {}) const;
  std::shared_ptr<Representation> make_representation(std::string_view name,
                                                      const Params& params = {}) const;
  std::shared_ptr<EntropyEstimator> make_estimator(std::string_view name,
                                                   const Params& params = {}) const;
  std::shared_ptr<Converse> make_converse(std::string_view name, const Params& params = {}) const;

 private:
  struct Loaded;
  const Loaded& require(PluginKind kind, std::string_view name) const;
  std::vector<std::shared_ptr<const Loaded>> loaded_;
  std::vector<PluginRecord> records_;
  std::vector<LoadFailure> failures_;
};

}  // namespace reconbound
