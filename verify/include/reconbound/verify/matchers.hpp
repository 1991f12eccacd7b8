#pragma once
// GoogleTest assertions that explain a disagreement with a reference: both values, the
// absolute and relative discrepancy, the tolerance and the reference's own error.
#include <gtest/gtest.h>

#include "reconbound/verify/reference_value.hpp"

namespace reconbound::verify {

// Passes when |actual − reference| ≤ rel_tol·|reference| + reference.abs_error.
::testing::AssertionResult agrees_with_reference(const char* actual_expr, const char* reference_expr,
                                                 const char* tol_expr, double actual,
                                                 const ReferenceValue& reference, double rel_tol);

// Passes when |actual − expected| ≤ rel_tol·|expected|.
::testing::AssertionResult relatively_close(const char* actual_expr, const char* expected_expr,
                                            const char* tol_expr, double actual, double expected,
                                            double rel_tol);

}  // namespace reconbound::verify

#define EXPECT_AGREES_WITH_REFERENCE(actual, reference, rel_tol) \
  EXPECT_PRED_FORMAT3(::reconbound::verify::agrees_with_reference, actual, reference, rel_tol)
#define EXPECT_RELATIVELY_CLOSE(actual, expected, rel_tol) \
  EXPECT_PRED_FORMAT3(::reconbound::verify::relatively_close, actual, expected, rel_tol)
