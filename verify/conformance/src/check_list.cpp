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

void WorstCase::add(double slack, std::string numbers) {
  ++cases_;
  if (violated_) return;  // the first violation is the one reported
  const bool violates = !(slack >= 0.0);  // NaN violates
  if (violates || cases_ == 1 || slack < worst_slack_) {
    violated_ = violates;
    worst_slack_ = slack;
    worst_numbers_ = std::move(numbers);
  }
}

Verdict WorstCase::verdict(std::string_view law) const {
  if (cases_ == 0) return {false, fmt::format("{}: no case was checked", law)};
  return {!violated_, fmt::format("{}; {} of {} case(s): {}", law, violated_ ? "first violation" : "closest",
                                  cases_, worst_numbers_)};
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
