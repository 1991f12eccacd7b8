#include "reconbound/verify/matchers.hpp"

#include <fmt/format.h>

#include <cmath>

namespace reconbound::verify {

::testing::AssertionResult agrees_with_reference(const char* actual_expr, const char* reference_expr,
                                                 const char*, double actual,
                                                 const ReferenceValue& reference, double rel_tol) {
  const double diff = std::abs(actual - reference.value);
  const double allowed = rel_tol * std::abs(reference.value) + reference.abs_error;
  if (diff <= allowed) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << fmt::format(
             "{} = {:.17g}\n{} = {:.17g} (reference, {} bits, own error {:.3g})\n"
             "discrepancy {:.3g} absolute, {:.3g} relative; allowed {:.3g} ({:.3g} relative)",
             actual_expr, actual, reference_expr, reference.value, reference.bits,
             reference.abs_error, diff, diff / std::abs(reference.value), allowed, rel_tol);
}

::testing::AssertionResult relatively_close(const char* actual_expr, const char* expected_expr,
                                            const char*, double actual, double expected,
                                            double rel_tol) {
  const double diff = std::abs(actual - expected);
  if (diff <= rel_tol * std::abs(expected)) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << fmt::format(
             "{} = {:.17g}\n{} = {:.17g}\ndiscrepancy {:.3g} absolute, {:.3g} relative; allowed "
             "{:.3g} relative",
             actual_expr, actual, expected_expr, expected, diff, diff / std::abs(expected), rel_tol);
}

}  // namespace reconbound::verify
