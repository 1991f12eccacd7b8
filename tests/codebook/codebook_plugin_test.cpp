// The `codebook` mechanism plugin through the registry (mathematics §2 end): γ = R charged, the
// realised H(Q) ≤ R reported; gamma=g solved through the binary symmetric channel.
#include <gtest/gtest.h>

#include <cmath>

#include "codebook_test_support.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"

using namespace reconbound;
using reconbound::test::gaussian_clusters;

namespace {

const Registry& registry() {
  static const Registry instance;
  return instance;
}

double detail(const Leakage& leakage, const std::string& name) {
  for (const auto& [key, value] : leakage.details) {
    if (key == name) return value;
  }
  ADD_FAILURE() << "no detail " << name;
  return std::nan("");
}

class CodebookPlugin : public ::testing::Test {
 protected:
  Leakage leakage(const std::string& params) const {
    MechanismInput input;
    input.data = &data_.points;
    return registry().make_mechanism("codebook", Params::parse(params))->leakage(input);
  }
  const test::Clusters data_ = gaussian_clusters({90, 71, 60, 80}, 4, 4.0, 3);  // n = 301, odd
};

TEST_F(CodebookPlugin, NeedsDataNotASchedule) {
  const auto mechanism = registry().make_mechanism("codebook", Params::parse("bits=1"));
  EXPECT_FALSE(mechanism->needs().schedule);
  EXPECT_TRUE(mechanism->needs().data);
  EXPECT_THROW(mechanism->leakage(MechanismInput{}), InvalidInput);
}

TEST_F(CodebookPlugin, ChargesTheBitsAndReportsTheRealisedEntropy) {
  for (const int bits : {1, 2, 3, 5}) {
    const Leakage out = leakage("bits=" + std::to_string(bits) + ",seed=4");
    EXPECT_EQ(out.gamma_bits, bits);
    EXPECT_EQ(detail(out, "codewords"), std::exp2(bits));
    const double realised = detail(out, "realised_entropy_bits");
    EXPECT_GT(realised, 0.0);
    EXPECT_LE(realised, bits + 1e-12);
  }
}

TEST_F(CodebookPlugin, SubBitLeakageSolvesTheChannel) {
  for (const double gamma : {0.01, 0.3, 0.9}) {
    const Leakage out = leakage("gamma=" + std::to_string(gamma));
    EXPECT_EQ(out.gamma_bits, gamma);
    const double f0 = detail(out, "f0");
    const double p = detail(out, "keep_probability");
    ASSERT_GT(f0, 0.0);
    ASSERT_LT(f0, 1.0);
    // I(Q; Z) = H(Z) − H(Z | Q) written out for the 2 × 2 channel.
    const auto h = [](double x) { return -x * std::log2(x) - (1 - x) * std::log2(1 - x); };
    EXPECT_NEAR(h(f0 * p + (1 - f0) * (1 - p)) - h(p), gamma, 1e-12);
    // f0 is a release frequency of the 301 records.
    EXPECT_NEAR(f0 * 301.0, std::round(f0 * 301.0), 1e-9);
  }
}

std::string error_of(const std::string& params) {
  try {
    MechanismInput input;
    const auto data = gaussian_clusters({30, 21}, 2, 4.0, 1);  // n = 51: f0 ≠ 1/2, H_b(f0) < 1
    input.data = &data.points;
    registry().make_mechanism("codebook", Params::parse(params))->leakage(input);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "";
}

TEST(CodebookPluginErrors, ParametersAreChecked) {
  EXPECT_NE(error_of("bits=2,gamma=0.5").find("exactly one"), std::string::npos);
  EXPECT_NE(error_of("seed=3").find("exactly one"), std::string::npos);
  EXPECT_NE(error_of("bits=2,rate=3").find("rate"), std::string::npos);
  EXPECT_NE(error_of("bits=0"), "");
  EXPECT_NE(error_of("bits=1.5").find("bits"), std::string::npos);
  EXPECT_NE(error_of("bits=9"), "");  // 512 codewords for 51 records
  EXPECT_NE(error_of("gamma=0"), "");
  EXPECT_NE(error_of("gamma=-1"), "");
  EXPECT_NE(error_of("gamma=1.5"), "");
  EXPECT_NE(error_of("gamma=1").find("H_b(f0)"), std::string::npos);
  EXPECT_NE(error_of("bits=1,seed=-2"), "");
  EXPECT_EQ(error_of("bits=2,seed=7"), "");
}

}  // namespace
