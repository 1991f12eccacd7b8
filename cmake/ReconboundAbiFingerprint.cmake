# The plugin ABI fingerprint (README.md, "Adding a plugin"): a SHA-256 over the SDK's headers
# — those whose types cross the plugin boundary and the helpers plugins include — so that a
# plugin built against other SDK headers is refused by the registry, not only one with another
# kPluginAbiVersion.
#
# The headers: reconbound/plugin.hpp and every reconbound header it includes, transitively
# (the generated abi_fingerprint.hpp excepted), in this order. The hash is taken over their
# contents concatenated in this order. tests/foundation checks that the list is that closure
# and recomputes the hash independently.
set(RECONBOUND_PLUGIN_INTERFACE_HEADERS
  plugin.hpp
  accountant.hpp
  attack.hpp
  converse.hpp
  error.hpp
  estimator.hpp
  export.hpp
  matrix.hpp
  mechanism.hpp
  params.hpp
  progress.hpp
  representation.hpp
  schedule.hpp)

# The rest of the SDK: the helpers a plugin may include besides the interface (parallel loops,
# compensated sums, FFTs, grey levels, the data-file readers), with the headers they include.
# A plugin compiles their inline code into itself and calls their exported functions, so they
# are fingerprinted too; tests/foundation checks that in-tree plugins include nothing else of
# core's and that the helpers include only SDK headers.
set(RECONBOUND_SDK_HELPER_HEADERS
  compensated_sum.hpp
  dataset.hpp
  fft_plans.hpp
  fftw_planner_lock.hpp
  grey_levels.hpp
  parallel_items.hpp
  record_encoding.hpp)

# Writes <output_dir>/reconbound/abi_fingerprint.hpp with kPluginAbiFingerprint, the hash of
# RECONBOUND_PLUGIN_INTERFACE_HEADERS then RECONBOUND_SDK_HELPER_HEADERS found in <header_dir>
# (core/sdk/include/reconbound, which holds exactly these headers).
# Editing one of them reconfigures.
function(reconbound_write_abi_fingerprint header_dir output_dir)
  set(text "")
  foreach(header ${RECONBOUND_PLUGIN_INTERFACE_HEADERS} ${RECONBOUND_SDK_HELPER_HEADERS})
    set(path "${header_dir}/${header}")
    set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS "${path}")
    file(READ "${path}" content)
    string(APPEND text "${content}")
  endforeach()
  string(SHA256 fingerprint "${text}")
  file(CONFIGURE OUTPUT "${output_dir}/reconbound/abi_fingerprint.hpp" @ONLY CONTENT [[
#pragma once
// Generated at configure time (cmake/ReconboundAbiFingerprint.cmake): the SHA-256 of the
// plugin interface headers. A plugin carries the value it was compiled with in
// PluginInfo::abi_fingerprint; the registry refuses one that differs from its own.
namespace reconbound {

inline constexpr char kPluginAbiFingerprint[] = "@fingerprint@";

}  // namespace reconbound
]])
endfunction()
