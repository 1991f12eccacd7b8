#pragma once
// What each kind of claim reads, in which units, and how closely it must agree by default:
// the one table the parser, the checker, the report and docs/verifying-a-bound.md follow.
#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "reconbound/claims/claim.hpp"

namespace reconbound::claims {

// The values a number may take: [min, max], either end open, optionally integers only.
struct Domain {
  double min = -std::numeric_limits<double>::infinity();
  double max = std::numeric_limits<double>::infinity();
  bool min_open = false;
  bool max_open = false;
  bool integer = false;
  // The ends are the quantity's own (q ≤ 1, γ ≥ 0), not the support of a reference: a rounded
  // value is kept inside them rather than refused.
  bool natural_ends = false;

  bool contains(double x) const;
  // x moved onto a closed natural end it passes (a q printed as 1 and rounded stays ≤ 1);
  // unchanged for other domains.
  double clamp_to_closed_ends(double x) const;
  // e.g. "a number in (0, 1]", "an integer >= 2".
  std::string describe() const;
};

// How the reference quantity moves when an input grows: the direction a rounded input is
// pushed to find the smallest and the largest reference over its interval.
enum class Trend { none, increasing, decreasing };

struct InputSpec {
  std::string_view name;
  Domain domain;
  Trend trend = Trend::none;  // none: the input cannot be declared rounded
  // Read only when the claim gives it (a certificate's margins and normaliser share); the kind's
  // own rules say which combinations are complete (certificate_fields.hpp).
  bool optional = false;
};

struct KindSpec {
  ClaimKind kind;
  std::string_view name;      // the "kind" of the JSON claim
  std::string_view quantity;  // what "claimed" is, with its units
  std::string_view units;     // short, for the report
  // Scalar inputs. For the schedule kinds (gamma, epsilon) "q", "sigma" and "steps" describe
  // every segment, given flat or as "runs".
  std::vector<InputSpec> inputs;
  bool schedule = false;
  bool delta = false;         // "delta", or "n_train" with "delta_exponent" (δ = n_train^−exponent)
  Domain claimed;             // the values "claimed" may take
  Tolerance default_tolerance;
};

const std::vector<KindSpec>& kind_specs();
const KindSpec& kind_spec(ClaimKind kind);
// nullptr when no kind has this name.
const KindSpec* find_kind(std::string_view name);

}  // namespace reconbound::claims
