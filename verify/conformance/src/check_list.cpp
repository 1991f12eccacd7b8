#include "check_list.hpp"

#include <fmt/format.h>

#include <cmath>
#include <exception>

#include "reconbound/error.hpp"

namespace reconbound::conformance {

std::string_view to_string(Outcome outcome) {
  switch (outcome) {
    case Outcome::pass: return "PASS";
    case Outcome::fail: return "FAIL";
    case Outcome::skip: return "SKIP";
  }
  return "FAIL";
}

Tally tally(const std::vector<Check>& checks) {
  Tally out;
  for (const Check& check : checks) {
    if (check.outcome == Outcome::pass) ++out.passed;
    if (check.outcome == Outcome::fail) ++out.failed;
    if (check.outcome == Outcome::skip) ++out.skipped;
  }
  return out;
}

namespace detail {

void CheckList::run(std::string name, const std::function<Verdict()>& body) {
  try {
    Verdict verdict = body();
    checks_.push_back({std::move(name), verdict.passed ? Outcome::pass : Outcome::fail, std::move(verdict.detail)});
  } catch (const std::exception& e) {
    checks_.push_back({std::move(name), Outcome::fail, fmt::format("an exception stopped the check: {}", e.what())});
  } catch (...) {
    checks_.push_back({std::move(name), Outcome::fail, "an exception of a type that is not std::exception stopped the check"});
  }
}

void CheckList::skip(std::string name, std::string reason) {
  checks_.push_back({std::move(name), Outcome::skip, std::move(reason)});
}

void CheckList::add(std::vector<Check> checks) {
  for (Check& check : checks) checks_.push_back(std::move(check));
}

std::vector<Check> CheckList::take() && { return std::move(checks_); }

namespace {

constexpr char kRelationMark = '\x1f';

// The relation that holds when `law_relation` does not, between two numbers.
std::string_view negated(std::string_view law_relation) {
  if (law_relation == "<=") return ">";
  if (law_relation == ">=") return "<";
  if (law_relation == "<") return ">=";
  if (law_relation == ">") return "<=";
  return "!=";
}

// `numbers` with each marked relation as the law states it or, for a violation, negated.
std::string rendered(const std::string& numbers, bool violated, bool by_nan) {
  std::string out;
  std::size_t at = 0;
  for (std::size_t open = numbers.find(kRelationMark); open != std::string::npos;
       open = numbers.find(kRelationMark, at)) {
    const std::size_t close = numbers.find(kRelationMark, open + 1);
    const std::string_view law_relation = std::string_view(numbers).substr(open + 1, close - open - 1);
    out += numbers.substr(at, open - at);
    if (!violated) out += law_relation;
    else if (by_nan) out += fmt::format("is not {}", law_relation);
    else out += negated(law_relation);
    at = close + 1;
  }
  return out + numbers.substr(at);
}

}  // namespace

void WorstCase::add(double slack, std::string numbers) {
  ++cases_;
  if (violated_) return;  // the first violation is the one reported
  const bool violates = !(slack >= 0.0);  // NaN violates
  if (violates || cases_ == 1 || slack < worst_slack_) {
    violated_ = violates;
    violated_by_nan_ = std::isnan(slack);
    worst_slack_ = slack;
    worst_numbers_ = std::move(numbers);
  }
}

Verdict WorstCase::verdict(std::string_view law) const {
  if (cases_ == 0) return {false, fmt::format("{}: no case was checked", law)};
  const std::string numbers = rendered(worst_numbers_, violated_, violated_by_nan_);
  if (violated_) return {false, fmt::format("violated: {} (first violation of {} case(s)); the law: {}", numbers, cases_, law)};
  return {true, fmt::format("{}; closest of {} case(s): {}", law, cases_, numbers)};
}

Verdict compared(double slack, const std::string& numbers, std::string_view law) {
  if (slack >= 0.0) return {true, rendered(numbers, false, false)};
  return {false, fmt::format("violated: {}; the law: {}", rendered(numbers, true, std::isnan(slack)), law)};
}

std::string relation(std::string_view law_relation) {
  return fmt::format("{}{}{}", kRelationMark, law_relation, kRelationMark);
}

Verdict all_refused(const std::vector<BadInput>& inputs) {
  std::string names;
  for (const auto& [what, call] : inputs) {
    try {
      call();
    } catch (const Error&) {
      names += (names.empty() ? "" : ", ") + what;
      continue;
    } catch (const std::exception& e) {
      return {false, fmt::format("{}: threw '{}', not a reconbound::Error", what, e.what())};
    }
    return {false, fmt::format("{}: accepted without an error", what)};
  }
  return {true, fmt::format("refused with reconbound::Error: {}", names)};
}

std::string num(double value) { return fmt::format("{:.6g}", value); }
std::string precise(double value) { return fmt::format("{:.17g}", value); }

}  // namespace detail
}  // namespace reconbound::conformance
