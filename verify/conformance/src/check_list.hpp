#pragma once
// How the suites record their checks: each check measures, compares with its limit and says
// so with the numbers (docs/conformance.md, "Output").
#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reconbound/conformance/check.hpp"

namespace reconbound::conformance::detail {

struct Verdict {
  bool passed = false;
  std::string detail;
};

class CheckList {
 public:
  // Runs one check. An exception escaping `body` fails it with the exception's message: the
  // plugin threw where its contract says it must answer.
  void run(std::string name, const std::function<Verdict()>& body);
  void skip(std::string name, std::string reason);
  void add(std::vector<Check> checks);
  std::vector<Check> take() &&;

 private:
  std::vector<Check> checks_;
};

// Of many cases of one check, the one closest to (or furthest past) its limit.
class WorstCase {
 public:
  // `slack`: how far inside its limit the case is, in the check's units; < 0 or NaN violates
  // the limit. `numbers`: the case and its values, the comparison with its limit written with
  // relation() (e.g. "d2 = 5 " + relation("<=") + " B = 4").
  void add(double slack, std::string numbers);
  // Passes when every case kept its limit: the detail is `law`, the number of cases and the
  // closest case with its relations as the law states them. Fails on the first violation: the
  // detail starts with that case, each relation turned into the one that holds (`<=` becomes
  // `>`; against NaN "is not <="), then states the law.
  Verdict verdict(std::string_view law) const;

 private:
  std::size_t cases_ = 0;
  bool violated_ = false;
  bool violated_by_nan_ = false;
  double worst_slack_ = 0.0;
  std::string worst_numbers_;
};

// A relation of a case's numbers ("<=", ">=", "<", ">", "="), marked so that WorstCase::verdict
// prints it as it holds: as written for a case that keeps its limit, negated for a violation.
std::string relation(std::string_view law_relation);

// One comparison: passes when `slack` ≥ 0 with `numbers` (relations as the law states them);
// fails with "violated: " + `numbers` (relations negated) + "; the law: " + `law`.
Verdict compared(double slack, const std::string& numbers, std::string_view law);

// One input the contract says must be refused, and the call that passes it.
using BadInput = std::pair<std::string, std::function<void()>>;

// Passes when every call throws reconbound::Error; fails naming the first input that was
// accepted or answered with another exception type.
Verdict all_refused(const std::vector<BadInput>& inputs);

// A number for a detail line: 6 significant digits, or 17 for values compared with a
// reference.
std::string num(double value);
std::string precise(double value);

}  // namespace reconbound::conformance::detail
