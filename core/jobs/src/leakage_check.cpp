#include "reconbound/leakage_check.hpp"

#include <fmt/format.h>

#include <cmath>

#include "reconbound/error.hpp"

namespace reconbound {

void check_leakage_bounds(const Leakage& leakage, const std::string& name) {
  const auto refuse = [&](const char* what, double value) {
    throw PluginError(fmt::format("mechanism {} returned {} = {} bits: a leakage bound must be finite and >= 0 "
                                  "(a defect of the plugin; `reconbound conformance` checks it)",
                                  name, what, value));
  };
  const auto valid = [](double bits) { return std::isfinite(bits) && bits >= 0.0; };
  if (!valid(leakage.gamma_bits)) refuse("gamma", leakage.gamma_bits);
  if (!valid(leakage.abs_error_bits)) refuse("the error bound on gamma", leakage.abs_error_bits);
  for (const SegmentLeakage& segment : leakage.segments) {
    if (!valid(segment.gamma_bits)) refuse("a segment's gamma", segment.gamma_bits);
  }
}

}  // namespace reconbound
