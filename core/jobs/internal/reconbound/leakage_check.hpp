#pragma once
// A mechanism's leakage where it crosses the plugin boundary (mathematics §2): γ is a mutual
// information's upper bound, so it, its error bound and every segment's γ are finite and ≥ 0.
#include <string>

#include "reconbound/export.hpp"
#include "reconbound/mechanism.hpp"

namespace reconbound {

// PluginError naming the mechanism `name` when `leakage` breaks the contract above, before any
// number of it is used or printed.
RECONBOUND_API void check_leakage_bounds(const Leakage& leakage, const std::string& name);

}  // namespace reconbound
