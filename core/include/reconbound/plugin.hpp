#pragma once
// The plugin ABI (README.md, "Adding a plugin"). A plugin is a MODULE library that exports
// exactly one Boost.DLL alias, `reconbound_plugin_info`, to a function returning a PluginInfo. The
// loader reads abi_version first and refuses any other version before touching the rest; then
// abi_fingerprint, and refuses a plugin compiled against other interface headers.
//
//   const reconbound::PluginInfo& my_info() { static const PluginInfo info{...}; return info; }
//   RECONBOUND_PLUGIN(my_info)
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
inline constexpr std::uint32_t kPluginAbiVersion = 6;

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

struct PluginInfo {
  std::uint32_t abi_version = kPluginAbiVersion;  // must stay the first member
  // SHA-256 (hex) of the interface headers the plugin was compiled with: must stay the second
  const char* abi_fingerprint = kPluginAbiFingerprint;
  PluginKind kind = PluginKind::mechanism;
  const char* name = "";         // unique within its kind, e.g. "dpsgd"
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
};

using PluginInfoFunction = const PluginInfo&();

}  // namespace reconbound

// Exports `function` (of type PluginInfoFunction) under the alias the registry looks for.
#define RECONBOUND_PLUGIN(function) BOOST_DLL_ALIAS(function, reconbound_plugin_info)
