#pragma once
// One conformance check of a plugin and its outcome (docs/conformance.md, "Output").
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace reconbound::conformance {

enum class Outcome {
  pass,
  fail,
  skip,  // the check applies but cannot run (a file the plugin's example names is missing)
};

std::string_view to_string(Outcome outcome);  // "PASS", "FAIL", "SKIP"

struct Check {
  std::string name;  // e.g. "runs_add", "deterministic[1x28x28]": no spaces
  Outcome outcome = Outcome::pass;
  // The numbers: what was measured, the reference or the limit, and the tolerance; for a
  // skipped check, the reason.
  std::string detail;
};

struct Tally {
  std::size_t passed = 0;
  std::size_t failed = 0;
  std::size_t skipped = 0;
};

Tally tally(const std::vector<Check>& checks);

}  // namespace reconbound::conformance
