// The `downsample` representation plugin (mathematics §3) against direct average pooling in long
// double (verify/reference_representations.hpp), loaded through the registry.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>

#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/verify/reference_representations.hpp"
#include "reconbound/verify/tolerances.hpp"
#include "representation_test_support.hpp"

namespace reconbound {
namespace {

using test::expect_error;
using test::registry;

std::shared_ptr<Representation> downsample(const std::string& arg) {
  return registry().make_representation("downsample", Params().set("arg", arg));
}

// Random grey levels on a 1/16 grid in [0, 255] (endpoints included).
RowMatrix random_images(Eigen::Index rows, Eigen::Index cols) {
  RowMatrix images(rows, cols);
  for (Eigen::Index r = 0; r < rows; ++r) {
    for (Eigen::Index j = 0; j < cols; ++j) images(r, j) = *rc::gen::inRange(0, 255 * 16 + 1) / 16.0;
  }
  return images;
}

RC_GTEST_PROP(DownsamplePlugin, MatchesDirectPooling, ()) {
  const auto factor = static_cast<std::size_t>(*rc::gen::inRange(1, 5));
  const ImageShape shape{static_cast<std::size_t>(*rc::gen::inRange(1, 4)),
                         factor * static_cast<std::size_t>(*rc::gen::inRange(1, 7)),
                         factor * static_cast<std::size_t>(*rc::gen::inRange(1, 7))};
  const auto plugin = downsample(std::to_string(factor));
  const RepresentationInfo info = plugin->describe(shape);
  const std::size_t m = shape.channels * (shape.height / factor) * (shape.width / factor);
  RC_ASSERT(info.output_dim == m);
  RC_ASSERT(info.max_squared_distance == 255.0 * 255.0 * static_cast<double>(m));
  RC_ASSERT(!info.prefers_data_free_rotation);
  const RowMatrix images = random_images(*rc::gen::inRange(1, 4), static_cast<Eigen::Index>(shape.size()));
  RowMatrix out(images.rows(), static_cast<Eigen::Index>(m));
  plugin->map(shape, images, out);
  for (Eigen::Index r = 0; r < images.rows(); ++r) {
    const std::vector<double> record(images.row(r).begin(), images.row(r).end());
    const std::vector<long double> expected = verify::reference_downsample(shape, record, factor);
    RC_ASSERT(expected.size() == m);
    for (std::size_t i = 0; i < m; ++i) {
      RC_ASSERT(std::abs(static_cast<long double>(out(r, static_cast<Eigen::Index>(i))) - expected[i]) <=
                verify::tolerance::kDownsampleReference * 255.0L);
    }
  }
}

TEST(DownsamplePlugin, IsRegisteredWithItsParameter) {
  const PluginRecord* record = registry().find(PluginKind::representation, "downsample");
  ASSERT_NE(record, nullptr);
  EXPECT_NE(record->parameters.find("arg="), std::string::npos);
}

TEST(DownsamplePlugin, PoolsAKnownImageAndAttainsTheBound) {
  const auto plugin = downsample("2");
  const ImageShape shape{2, 2, 4};
  RowMatrix image(1, 16);
  image << 0, 4, 8, 12, 2, 6, 10, 14,  // channel 0: blocks {0,4,2,6}, {8,12,10,14}
      255, 255, 0, 0, 255, 255, 0, 1;  // channel 1: blocks {255×4}, {0,0,0,1}
  RowMatrix out(1, 4);
  plugin->map(shape, image, out);
  EXPECT_EQ(out(0, 0), 3.0);
  EXPECT_EQ(out(0, 1), 11.0);
  EXPECT_EQ(out(0, 2), 255.0);
  EXPECT_EQ(out(0, 3), 0.25);
  RowMatrix black(1, 4);
  RowMatrix white(1, 4);
  plugin->map(shape, RowMatrix::Zero(1, 16), black);
  plugin->map(shape, RowMatrix::Constant(1, 16, 255.0), white);
  EXPECT_EQ((white - black).squaredNorm(), plugin->describe(shape).max_squared_distance);
}

TEST(DownsamplePlugin, RejectsBadFactorsShapesAndRecords) {
  std::string why;
  EXPECT_FALSE(downsample("3")->accepts(ImageShape{1, 28, 27}, why));
  for (const char* part : {"F = 3", "H = 28", "W = 27"}) EXPECT_NE(why.find(part), std::string::npos) << why;
  expect_error<InvalidInput>([] { static_cast<void>(downsample("5")->describe(ImageShape{1, 28, 28})); },
                             {"F = 5", "H = 28", "W = 28"});
  expect_error<InvalidInput>([] { downsample("0"); }, {"F = 0"});
  expect_error<InvalidInput>([] { downsample("two"); }, {"arg"});
  expect_error<InvalidInput>([] { registry().make_representation("downsample"); }, {"downsample:F"});
  expect_error<InvalidInput>(
      [] { registry().make_representation("downsample", Params::parse("arg=2,threads=2")); }, {"threads"});
  const auto plugin = downsample("2");
  const ImageShape shape{1, 2, 2};
  RowMatrix out(1, 1);
  expect_error<InvalidInput>([&] { plugin->map(shape, RowMatrix::Constant(1, 4, -1.0), out); }, {"-1", "[0, 255]"});
  expect_error<InvalidInput>([&] { plugin->map(shape, RowMatrix::Constant(1, 4, NAN), out); }, {"nan"});
  expect_error<InvalidInput>([&] { plugin->map(shape, RowMatrix::Zero(1, 5), out); }, {"1 × 4"});
  RowMatrix wrong(1, 2);
  expect_error<InvalidInput>([&] { plugin->map(shape, RowMatrix::Zero(1, 4), wrong); }, {"1 × 1"});
}

}  // namespace
}  // namespace reconbound
