// The representation kit as a library (docs/conformance.md, "References", "The library"): the
// reference registry, a caller's reference on an object it made, and sample_records.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>

#include "reconbound/conformance/representation_references.hpp"
#include "reconbound/conformance/suites.hpp"
#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"

namespace reconbound::conformance {
namespace {

// Ψ(x) = x / 255 on records of any shape: B = d (each coordinate moves by at most 1).
class Scaled final : public Representation {
 public:
  bool accepts(const ImageShape&, std::string&) const override { return true; }
  RepresentationInfo describe(const ImageShape& shape) const override {
    return {.output_dim = shape.size(), .max_squared_distance = static_cast<double>(shape.size())};
  }
  void map(const ImageShape&, MatrixView batch, MutableMatrixView out) const override {
    require_grey_levels(batch, "scaled");
    out = batch / kMaxGreyLevel;
  }
};

const Check& named(const std::vector<Check>& checks, const std::string& name) {
  const auto found = std::find_if(checks.begin(), checks.end(), [&](const Check& c) { return c.name == name; });
  if (found == checks.end()) throw std::runtime_error("no check " + name);
  return *found;
}

TEST(ReferenceRegistry, FindsWhatWasAddedAndRefusesADuplicateOrNoName) {
  ReferenceRegistry registry;
  registry.add("mine", [](const Params& params, const ImageShape&) -> std::optional<RepresentationReference> {
    if (!params.has("arg")) return std::nullopt;
    return RepresentationReference{"mine", [](const ImageShape&, const RowMatrix& x) { return x; }, 0.0, 0.0};
  });
  EXPECT_THROW(registry.add("mine", {}), InvalidInput);
  EXPECT_THROW(registry.add("", {}), InvalidInput);
  EXPECT_FALSE(registry.find("other", Params{}));
  const ReferenceForShape with_arg = registry.find("mine", Params::parse("arg=1"));
  ASSERT_TRUE(with_arg);
  EXPECT_TRUE(with_arg({1, 2, 2}).has_value());
  EXPECT_FALSE(registry.find("mine", Params{})({1, 2, 2}).has_value());
}

TEST(ReferenceRegistry, TheBuiltinReferencesAreVerifysDirectOnes) {
  const ReferenceRegistry& builtin = builtin_references();
  EXPECT_TRUE(builtin.find("downsample", Params::parse("arg=4")));
  EXPECT_TRUE(builtin.find("dct", Params::parse("arg=8")));
  EXPECT_TRUE(builtin.find("select", Params::parse("arg=channel:0"))({3, 4, 4}).has_value());
  EXPECT_FALSE(builtin.find("select", Params::parse("arg=mask.npy"))({3, 4, 4}).has_value());
  EXPECT_FALSE(builtin.find("pixel", Params{}));
}

TEST(RepresentationKit, ACallersReferenceIsComparedOnEveryRecord) {
  RepresentationSuiteOptions options;
  options.search_budget = 64;
  options.property_cases = 10;
  options.reference = [](const ImageShape&) -> std::optional<RepresentationReference> {
    return RepresentationReference{"x / 255", [](const ImageShape&, const RowMatrix& x) { RowMatrix y = x / 255.0; return y; },
                                   0.0, 1e-15};
  };
  const std::vector<Check> good = check_representation(Scaled{}, options);
  EXPECT_EQ(tally(good).failed, 0u);
  EXPECT_EQ(named(good, "matches_reference[1x28x28]").outcome, Outcome::pass);
  // The largest pair: all 0 against all 255, exactly B = d.
  EXPECT_NE(named(good, "declared_bound_holds[1x28x28]").detail.find("= 784 <= B = 784 (ratio 1)"), std::string::npos)
      << named(good, "declared_bound_holds[1x28x28]").detail;
  options.reference = [](const ImageShape&) -> std::optional<RepresentationReference> {
    return RepresentationReference{"x / 256", [](const ImageShape&, const RowMatrix& x) { RowMatrix y = x / 256.0; return y; },
                                   0.0, 1e-6};
  };
  const std::vector<Check> off = check_representation(Scaled{}, options);
  const Check& check = named(off, "matches_reference[1x28x28]");
  EXPECT_EQ(check.outcome, Outcome::fail);
  EXPECT_TRUE(check.detail.starts_with("violated: record 1 (constant 1): max |psi - reference| = ")) << check.detail;
  EXPECT_NE(check.detail.find(" > "), std::string::npos) << check.detail;
}

TEST(SampleRecords, DrawsDistinctRecordsOrAllOfThem) {
  Dataset data{RowMatrix(10, 4), {1, 2, 2}, "test"};
  for (Eigen::Index i = 0; i < data.records.rows(); ++i) data.records.row(i).setConstant(static_cast<double>(i));
  const Dataset three = sample_records(data, 3, 5);
  ASSERT_EQ(three.records.rows(), 3);
  EXPECT_EQ(three.shape, data.shape);
  std::set<double> seen;
  for (Eigen::Index i = 0; i < 3; ++i) seen.insert(three.records(i, 0));
  EXPECT_EQ(seen.size(), 3u);
  EXPECT_EQ(sample_records(data, 3, 5).records, three.records);  // the seed fixes the draw
  EXPECT_EQ(sample_records(data, 50, 5).records.rows(), 10);
}

}  // namespace
}  // namespace reconbound::conformance
