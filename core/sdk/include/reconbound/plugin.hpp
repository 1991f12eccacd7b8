#pragma once
// The plugin ABI (README.md, "Adding a plugin"). A plugin is a MODULE library that exports
// exactly one Boost.DLL alias, `reconbound_plugin_info`, to a function returning a PluginInfo. The
// loader reads abi_version first and refuses any other version before touching the rest; then
// abi_fingerprint, and refuses a plugin compiled against other interface headers.
//
//   const reconbound::PluginInfo& my_info() { static const PluginInfo info{...}; return info; }
//   RECONBOUND_PLUGIN(my_info)
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

#include <boost/dll/alias.hpp>

#include "reconbound/abi_fingerprint.hpp"
#include "reconbound/converse.hpp"
#include "reconbound/error.hpp"
#include "reconbound/estimator.hpp"
#include "reconbound/export.hpp"
#include "reconbound/mechanism.hpp"
#include "reconbound/params.hpp"
#include "reconbound/representation.hpp"

namespace reconbound {

// Bump whenever PluginInfo changes. A change of any header that crosses the plugin boundary
// (this one and every reconbound header it includes) changes kPluginAbiFingerprint by itself.
inline constexpr std::uint32_t kPluginAbiVersion = 9;

inline constexpr const char* kPluginAliasName = "reconbound_plugin_info";

enum class PluginKind : std::uint32_t {
  mechanism = 1,
  representation = 2,
  estimator = 3,
  converse = 4,
};

RECONBOUND_API std::string_view to_string(PluginKind kind);

using MechanismFactory = std::unique_ptr<Mechanism> (*)(const Params&);
using RepresentationFactory = std::unique_ptr<Representation> (*)(const Params&);
using EstimatorFactory = std::unique_ptr<EntropyEstimator> (*)(const Params&);
using ConverseFactory = std::unique_ptr<Converse> (*)(const Params&);

// How a mechanism's leakage γ must move as one of its own parameters grows.
enum class LeakageTrend : std::uint32_t {
  non_increasing = 1,  // a noise parameter (σ, a Laplace scale b): more noise never leaks more
  non_decreasing = 2,  // a capacity parameter (a quantiser's bits, a number of releases)
};

// A numeric parameter of a mechanism and the range `reconbound conformance` sweeps it over
// (docs/conformance.md): a handful of points of [low, high], the other parameters as in
// PluginInfo::example, each checked for a finite γ ≥ 0 that moves as `leakage` says. make()
// must accept every point of the range.
struct ParameterRange {
  const char* key = "";   // a key make() accepts, e.g. "sigma"
  double low = 0.0;       // finite, low < high
  double high = 0.0;
  bool integer = false;   // the key takes whole numbers: the points are rounded
  LeakageTrend leakage = LeakageTrend::non_increasing;
};

struct PluginInfo {
  std::uint32_t abi_version = kPluginAbiVersion;  // must stay the first member
  // SHA-256 (hex) of the interface headers the plugin was compiled with: must stay the second
  const char* abi_fingerprint = kPluginAbiFingerprint;
  PluginKind kind = PluginKind::mechanism;
  const char* name = "";         // unique within its kind, e.g. "gaussian"
  const char* version = "";      // the plugin's own version, e.g. "1.0.0"
  const char* description = "";  // one line
  const char* parameters = "";   // one line: the keys make() accepts, e.g. "tolerance=<double>"
  const char* example = "";      // a parameter string make() accepts, e.g. "arg=2": the
                                 // conformance suite creates the plugin with it
  // Exactly the factory matching `kind` is set; factories throw reconbound::Error.
  MechanismFactory make_mechanism = nullptr;
  RepresentationFactory make_representation = nullptr;
  EstimatorFactory make_estimator = nullptr;
  ConverseFactory make_converse = nullptr;
  // Mechanisms only: parameter_range_count ranges of the plugin's own parameters (may be none).
  const ParameterRange* parameter_ranges = nullptr;
  std::size_t parameter_range_count = 0;
};

using PluginInfoFunction = const PluginInfo&();

}  // namespace reconbound

// Exports `function` (of type PluginInfoFunction) under the alias the registry looks for.
#define RECONBOUND_PLUGIN(function) BOOST_DLL_ALIAS(function, reconbound_plugin_info)
