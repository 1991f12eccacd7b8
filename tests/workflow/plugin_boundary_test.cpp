// What crosses the plugin boundary is checked: the SDK's require_accepted, which representation
// plugins start describe() and map() with, and an accountant's ε bracket (checked_epsilon).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"
#include "reconbound/representation.hpp"

using namespace reconbound;

namespace {

// Accepts grey images (one channel) only, and says so naming itself.
class GreyOnly final : public Representation {
 public:
  bool accepts(const ImageShape& input_shape, std::string& why) const override {
    if (input_shape.channels == 1) return true;
    why = "grey_only needs 1 channel, got shape " + input_shape.to_string();
    return false;
  }
  RepresentationInfo describe(const ImageShape& input_shape) const override {
    require_accepted(*this, input_shape);
    return {.output_dim = input_shape.size(), .max_squared_distance = 1.0};
  }
  void map(const ImageShape& input_shape, MatrixView batch, MutableMatrixView out) const override {
    require_accepted(*this, input_shape);
    out = batch;
  }
};

TEST(RequireAccepted, PassesAnAcceptedShapeAndRefusesOthersWithThePluginsReason) {
  const GreyOnly psi;
  EXPECT_NO_THROW(require_accepted(psi, {1, 4, 4}));
  EXPECT_EQ(psi.describe({1, 4, 4}).output_dim, 16u);
  try {
    psi.describe({3, 4, 4});
    FAIL() << "a 3-channel shape was accepted";
  } catch (const InvalidInput& e) {
    EXPECT_STREQ(e.what(), "grey_only needs 1 channel, got shape 3x4x4");
  }
  EXPECT_THROW(require_accepted(psi, {3, 4, 4}), InvalidInput);
}

// Reports the bracket it was made with, whatever it is asked.
class FixedBracket final : public PrivacyAccountant {
 public:
  FixedBracket(double lower, double epsilon, double upper) : lower_(lower), epsilon_(epsilon), upper_(upper) {}
  std::string method() const override { return "fixed"; }
  EpsilonResult epsilon(const MechanismInput& /*input*/, double delta,
                        const AccountantOptions& /*options*/) const override {
    EpsilonResult out;
    out.epsilon_lower = lower_;
    out.epsilon = epsilon_;
    out.epsilon_upper = upper_;
    out.delta = delta;
    return out;
  }

 private:
  double lower_, epsilon_, upper_;
};

std::string refusal(const FixedBracket& accountant) {
  try {
    checked_epsilon(accountant, "fixed_bracket", {}, 1e-5, {});
  } catch (const PluginError& e) {
    return e.what();
  }
  return "";
}

TEST(CheckedEpsilon, AnOrderedFiniteBracketPassesAndAnyOtherNamesTheMechanism) {
  EXPECT_EQ(checked_epsilon(FixedBracket(1.0, 1.5, 2.0), "fixed_bracket", {}, 1e-5, {}).epsilon, 1.5);
  EXPECT_EQ(checked_epsilon(FixedBracket(0.0, 0.0, 0.0), "fixed_bracket", {}, 1e-5, {}).epsilon, 0.0);
  const double inf = std::numeric_limits<double>::infinity();
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (const FixedBracket& bad : {FixedBracket(3.0, 2.0, 1.0), FixedBracket(1.0, 3.0, 2.0), FixedBracket(-1.0, 0.0, 1.0),
                                  FixedBracket(1.0, 2.0, inf), FixedBracket(nan, 2.0, 3.0)}) {
    const std::string message = refusal(bad);
    EXPECT_TRUE(message.starts_with("mechanism fixed_bracket returned epsilon = ")) << message;
    EXPECT_NE(message.find("finite 0 <= epsilon_lower <= epsilon <= epsilon_upper"), std::string::npos) << message;
  }
  EXPECT_EQ(refusal(FixedBracket(3.0, 2.0, 1.0)),
            "mechanism fixed_bracket returned epsilon = 2 in [3, 1] at delta = 1e-05: its accountant must give "
            "finite 0 <= epsilon_lower <= epsilon <= epsilon_upper (a defect of the plugin; `reconbound "
            "conformance` checks it)");
}

}  // namespace
