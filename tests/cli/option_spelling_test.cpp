// The CLI's spelling of core's parameters (apps/reconbound/option_spelling.hpp): every
// parameter as the option that sets it.
#include <gtest/gtest.h>

#include "option_spelling.hpp"

namespace {

using reconbound::cli::option_for;
using reconbound::cli::option_spelling;

TEST(OptionSpelling, AParameterIsItsOption) {
  EXPECT_EQ(option_for("delta"), "--delta");
  EXPECT_EQ(option_for("delta_exponent"), "--delta-exponent");
  EXPECT_EQ(option_for("n_train"), "--n-train");
  EXPECT_EQ(option_for("gamma"), "--gamma");
  EXPECT_EQ(option_for("target_epsilon"), "--target-epsilon");
  EXPECT_EQ(option_for("perp_range"), "--perp-range");
}

TEST(OptionSpelling, ParametersTheCliCallsOtherwiseGetItsName) {
  EXPECT_EQ(option_for("n_perp"), "--perp");
  EXPECT_EQ(option_for("n_est"), "--est");
  EXPECT_EQ(option_for("representations"), "--representation");
  EXPECT_EQ(option_for("mechanism_params"), "--mechanism-param");
  EXPECT_EQ(option_for("representation_params"), "--representation-param");
  EXPECT_EQ(option_for("estimator_params"), "--estimator-param");
  EXPECT_EQ(option_for("converse_params"), "--converse-param");
}

TEST(OptionSpelling, AValueFollowsTheOptionAfterASpace) {
  const std::string message = reconbound::parameter("delta_exponent", -1.0) + " must be > 0; or give " +
                              reconbound::parameter("n_perp");
  EXPECT_EQ(reconbound::spell_parameters(message, option_spelling()), "--delta-exponent -1 must be > 0; or give --perp");
}

}  // namespace
