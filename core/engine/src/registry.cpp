#include "reconbound/registry.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>
#include <cstdlib>
#include <dlfcn.h>
#include <sstream>
#include <string_view>

#include "reconbound/error.hpp"

namespace reconbound {

namespace fs = std::filesystem;

// A plugin loaded from a file (library and info), or one added in this process (make_in_process).
struct Registry::Loaded {
  std::shared_ptr<boost::dll::shared_library> library;
  const PluginInfo* info = nullptr;
  RepresentationMaker make_in_process;
};

namespace {

bool known_kind(PluginKind kind) {
  const auto v = static_cast<std::uint32_t>(kind);
  return v >= 1 && v <= 4;
}

bool factory_matches_kind(const PluginInfo& info) {
  switch (info.kind) {
    case PluginKind::mechanism: return info.make_mechanism != nullptr;
    case PluginKind::representation: return info.make_representation != nullptr;
    case PluginKind::estimator: return info.make_estimator != nullptr;
    case PluginKind::converse: return info.make_converse != nullptr;
  }
  return false;
}

bool same_fingerprint(const char* fingerprint) {
  return fingerprint != nullptr && std::string_view(fingerprint) == kPluginAbiFingerprint;
}

// The first 12 hex digits of a fingerprint, enough to tell two apart in a message.
std::string_view short_fingerprint(const char* fingerprint) {
  if (fingerprint == nullptr) return "(none)";
  return std::string_view(fingerprint).substr(0, 12);
}

// Wraps a freshly created object so that its deleter holds the library: the object's
// code stays mapped until the object is gone.
template <class T>
std::shared_ptr<T> keep_loaded(std::unique_ptr<T> object,
                               std::shared_ptr<boost::dll::shared_library> library) {
  return std::shared_ptr<T>(object.release(), [library](T* p) { delete p; });
}

// Boost.DLL clears dlerror() after a failed load, so ask the dynamic loader once more, in
// the same mode, for the reason (e.g. "invalid ELF header", "undefined symbol: …").
std::string dlopen_reason(const fs::path& file) {
  void* handle = ::dlopen(file.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle != nullptr) {
    ::dlclose(handle);
    return "the dynamic loader refused it";
  }
  const char* reason = ::dlerror();
  return reason != nullptr ? reason : "unknown reason";
}

bool known_trend(LeakageTrend trend) {
  return trend == LeakageTrend::non_increasing || trend == LeakageTrend::non_decreasing;
}

// Why the parameter ranges a plugin declares for conformance (PluginInfo::parameter_ranges)
// are unusable; "" when they are fine.
std::string parameter_range_problem(const PluginInfo& info) {
  if (info.parameter_range_count == 0) return "";
  if (info.kind != PluginKind::mechanism) {
    return fmt::format("a {} plugin declares parameter ranges: only a mechanism can", to_string(info.kind));
  }
  if (info.parameter_ranges == nullptr) {
    return fmt::format("{} parameter ranges declared but none given", info.parameter_range_count);
  }
  for (std::size_t i = 0; i < info.parameter_range_count; ++i) {
    const ParameterRange& r = info.parameter_ranges[i];
    if (r.key == nullptr || *r.key == '\0') return fmt::format("parameter range {} has no key", i);
    if (!(std::isfinite(r.low) && std::isfinite(r.high) && r.low < r.high)) {
      return fmt::format("parameter range '{}' is [{}, {}]: it needs finite low < high", r.key, r.low, r.high);
    }
    if (!known_trend(r.leakage)) {
      return fmt::format("parameter range '{}' has an unknown leakage trend {}", r.key,
                         static_cast<std::uint32_t>(r.leakage));
    }
  }
  return "";
}

std::vector<ParameterRangeRecord> parameter_ranges(const PluginInfo& info) {
  std::vector<ParameterRangeRecord> out;
  for (std::size_t i = 0; i < info.parameter_range_count; ++i) {
    const ParameterRange& r = info.parameter_ranges[i];
    out.push_back({r.key, r.low, r.high, r.integer, r.leakage});
  }
  return out;
}

}  // namespace

std::vector<fs::path> Registry::default_search_path() {
  std::vector<fs::path> path;
  const fs::path core_dir = boost::dll::this_line_location().parent_path();
  path.push_back(core_dir / "reconbound" / "plugins");
  if (const char* env = std::getenv("RECONBOUND_PLUGIN_PATH"); env != nullptr) {
    std::stringstream folders(env);
    std::string folder;
    while (std::getline(folders, folder, ':')) {
      if (!folder.empty()) path.emplace_back(folder);
    }
  }
  return path;
}

Registry::Registry(const std::vector<fs::path>& search_path) {
  for (const auto& folder : search_path) {
    std::error_code ec;
    if (!fs::is_directory(folder, ec)) continue;  // absent folders are normal (e.g. env unset)
    std::vector<fs::path> files;
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
      if (entry.path().extension() == ".so") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
    for (const auto& file : files) load_file(file);
  }
}

Registry::~Registry() = default;

bool Registry::load_file(const fs::path& file) {
  auto fail = [&](std::string reason) {
    failures_.push_back({file, std::move(reason)});
    return false;
  };
  std::error_code ec;
  if (!fs::exists(file, ec)) return fail("no such file");
  if (!fs::is_regular_file(file, ec)) return fail("not a regular file");

  // Immediate binding: a plugin that needs a symbol nothing provides fails here, with the
  // symbol's name, and not later in the middle of a computation.
  auto library = std::make_shared<boost::dll::shared_library>();
  boost::dll::fs::error_code load_error;
  library->load(file, boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local,
                load_error);
  if (load_error) {
    return fail(fmt::format("cannot be loaded as a shared library: {}", dlopen_reason(file)));
  }
  if (!library->has(kPluginAliasName)) {
    return fail(fmt::format("exports no '{}' alias: not a reconbound plugin", kPluginAliasName));
  }
  const auto& info_function = library->get_alias<PluginInfoFunction>(kPluginAliasName);
  const PluginInfo& info = info_function();
  if (info.abi_version != kPluginAbiVersion) {
    return fail(fmt::format("plugin ABI version {} but this reconbound needs {}: rebuild the plugin",
                            info.abi_version, kPluginAbiVersion));
  }
  if (!same_fingerprint(info.abi_fingerprint)) {
    return fail(fmt::format(
        "plugin ABI fingerprint {} but this reconbound's is {}: rebuild the plugin against this "
        "reconbound's headers",
        short_fingerprint(info.abi_fingerprint), short_fingerprint(kPluginAbiFingerprint)));
  }
  if (!known_kind(info.kind)) {
    return fail(fmt::format("unknown plugin kind {}", static_cast<std::uint32_t>(info.kind)));
  }
  if (info.name == nullptr || *info.name == '\0') return fail("plugin has an empty name");
  if (!factory_matches_kind(info)) {
    return fail(fmt::format("a {} plugin without a {} factory", to_string(info.kind),
                            to_string(info.kind)));
  }
  if (const PluginRecord* earlier = find(info.kind, info.name); earlier != nullptr) {
    return fail(fmt::format("{} plugin '{}' is already loaded from {}", to_string(info.kind),
                            info.name, earlier->path.string()));
  }
  if (std::string problem = parameter_range_problem(info); !problem.empty()) return fail(std::move(problem));
  records_.push_back({info.kind, info.name, info.version ? info.version : "",
                      info.description ? info.description : "",
                      info.parameters ? info.parameters : "", info.example ? info.example : "", file,
                      parameter_ranges(info)});
  loaded_.push_back(std::make_shared<const Loaded>(Loaded{std::move(library), &info, {}}));
  return true;
}

std::unique_ptr<Registry> Registry::extending(const Registry& base) {
  auto out = std::make_unique<Registry>(std::vector<fs::path>{});
  out->loaded_ = base.loaded_;
  out->records_ = base.records_;
  out->failures_ = base.failures_;
  return out;
}

void Registry::add_representation(PluginRecord record, RepresentationMaker make) {
  if (record.name.empty()) throw InvalidInput("a representation added in this process needs a name");
  if (!make) throw InvalidInput(fmt::format("representation '{}' was added without a way to make it", record.name));
  if (find(PluginKind::representation, record.name) != nullptr) {
    throw InvalidInput(fmt::format("a representation named '{}' exists already: choose another name", record.name));
  }
  record.kind = PluginKind::representation;
  record.path.clear();
  records_.push_back(std::move(record));
  loaded_.push_back(std::make_shared<const Loaded>(Loaded{nullptr, nullptr, std::move(make)}));
}

const std::vector<PluginRecord>& Registry::plugins() const { return records_; }
const std::vector<LoadFailure>& Registry::failures() const { return failures_; }

std::vector<std::string> Registry::names(PluginKind kind) const {
  std::vector<std::string> out;
  for (const auto& r : records_) {
    if (r.kind == kind) out.push_back(r.name);
  }
  return out;
}

const PluginRecord* Registry::find(PluginKind kind, std::string_view name) const {
  for (const auto& r : records_) {
    if (r.kind == kind && r.name == name) return &r;
  }
  return nullptr;
}

const Registry::Loaded& Registry::require(PluginKind kind, std::string_view name) const {
  for (std::size_t i = 0; i < records_.size(); ++i) {
    if (records_[i].kind == kind && records_[i].name == name) return *loaded_[i];
  }
  // A file named for the plugin that failed to load is the likely culprit: name it and why.
  const std::string file_name = fmt::format("reconbound-{}.so", name);
  for (const auto& failure : failures_) {
    if (failure.path.filename() == file_name) {
      throw PluginError(fmt::format("no {} plugin named '{}': {} {}", to_string(kind), name,
                                    failure.path.string(), failure.reason));
    }
  }
  const auto available = names(kind);
  const std::string listed = available.empty() ? "none" : fmt::format("{}", fmt::join(available, ", "));
  // Core defaults to no plugin: a caller that names none is told so, not that '' is missing.
  if (name.empty()) {
    throw InvalidInput(fmt::format("no {} plugin is named: name one (available: {})", to_string(kind), listed));
  }
  throw PluginError(fmt::format(
      "no {} plugin named '{}' (available: {}); see 'reconbound plugins' for load failures",
      to_string(kind), name, listed));
}

std::shared_ptr<Mechanism> Registry::make_mechanism(std::string_view name,
                                                    const Params& params) const {
  const auto& p = require(PluginKind::mechanism, name);
  return keep_loaded(p.info->make_mechanism(params), p.library);
}

std::shared_ptr<Representation> Registry::make_representation(std::string_view name,
                                                              const Params& params) const {
  const auto& p = require(PluginKind::representation, name);
  if (p.make_in_process) return p.make_in_process(params);
  return keep_loaded(p.info->make_representation(params), p.library);
}

std::shared_ptr<EntropyEstimator> Registry::make_estimator(std::string_view name,
                                                           const Params& params) const {
  const auto& p = require(PluginKind::estimator, name);
  return keep_loaded(p.info->make_estimator(params), p.library);
}

std::shared_ptr<Converse> Registry::make_converse(std::string_view name,
                                                  const Params& params) const {
  const auto& p = require(PluginKind::converse, name);
  return keep_loaded(p.info->make_converse(params), p.library);
}

}  // namespace reconbound
