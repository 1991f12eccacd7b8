#pragma once
// A reference as an interval that holds the exact value, and the references of each group of
// claim kinds (claims library internals).
#include <string>

#include "reconbound/claims/claim.hpp"
#include "reconbound/verify/reference_value.hpp"

namespace reconbound::claims::detail {

struct ReferenceInterval {
  double lower = 0.0;
  double upper = 0.0;
  std::string source;
};

// How a claimed value compares with a reference interval under a tolerance: allowed =
// absolute + relative·(the larger magnitude of the ends), discrepancy = claimed − the nearest
// point of the interval, pass = |discrepancy| ≤ allowed.
struct Agreement {
  double allowed = 0.0;
  double discrepancy = 0.0;
  bool pass = false;
};
Agreement agreement(double claimed, const ReferenceInterval& reference, const Tolerance& tolerance);

// value ± abs_error of a high-precision reference, widened by `extra_error` (an error of the
// inputs handed to it), with "MPFR, <bits> bits" as its source.
ReferenceInterval around(const verify::ReferenceValue& reference, double extra_error = 0.0);

ReferenceInterval leakage_reference(const Claim& claim);   // gamma, kl
ReferenceInterval margin_reference(const Claim& claim);    // t_md, t_mc (by the claim's kind)
ReferenceInterval converse_reference(const Claim& claim);  // rho_star, absolute_bound

// The claim with every rounded input moved to the end of its interval that moves the reference
// the way `toward` says (increasing: the corner of the largest reference). Closed domain ends
// are kept (a q printed as 1 stays ≤ 1).
enum class Toward { smallest, largest };
Claim at_corner(const Claim& claim, Toward toward);

// "q ± 5e-05, sigma ± 0.0005"
std::string describe_rounding(const Claim& claim);

// An integer input (stored exactly as a double by the parser).
std::size_t count_input(const Claim& claim, const char* name);

}  // namespace reconbound::claims::detail
