// The `pixel` representation plugin (mathematics §3): identity, m = d, B = 255²·d, loaded by the registry.
#include <gtest/gtest.h>

#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"

namespace reconbound {
namespace {

class PixelPlugin : public ::testing::Test {
 protected:
  Registry registry;
};

TEST_F(PixelPlugin, IsRegisteredAsARepresentation) {
  const PluginRecord* record = registry.find(PluginKind::representation, "pixel");
  ASSERT_NE(record, nullptr);
  EXPECT_EQ(record->name, "pixel");
}

TEST_F(PixelPlugin, DescribesTheIdentity) {
  const auto pixel = registry.make_representation("pixel");
  for (const ImageShape shape : {ImageShape{1, 28, 28}, ImageShape{3, 32, 32}, ImageShape{1, 1, 1}}) {
    std::string why;
    EXPECT_TRUE(pixel->accepts(shape, why)) << why;
    const RepresentationInfo info = pixel->describe(shape);
    EXPECT_EQ(info.output_dim, shape.size());
    EXPECT_EQ(info.max_squared_distance, 255.0 * 255.0 * static_cast<double>(shape.size()));
    EXPECT_FALSE(info.prefers_data_free_rotation);
  }
  std::string why;
  EXPECT_FALSE(pixel->accepts(ImageShape{0, 28, 28}, why));
  EXPECT_FALSE(why.empty());
  EXPECT_THROW(static_cast<void>(pixel->describe(ImageShape{1, 0, 5})), InvalidInput);
}

TEST_F(PixelPlugin, MapCopiesAndTheBoundHolds) {
  const auto pixel = registry.make_representation("pixel");
  const ImageShape shape{1, 2, 3};
  RowMatrix batch(3, 6);
  batch << 0, 255, 17, 3.5, 100, 200,  //
      255, 0, 0, 255, 0, 255,          //
      1, 2, 3, 4, 5, 6;
  RowMatrix out = RowMatrix::Constant(3, 6, -1.0);
  pixel->map(shape, batch, out);
  EXPECT_TRUE(out == batch);
  // The farthest pair of valid records attains B exactly.
  const RowMatrix black = RowMatrix::Zero(1, 6);
  const RowMatrix white = RowMatrix::Constant(1, 6, 255.0);
  EXPECT_EQ((white - black).squaredNorm(), pixel->describe(shape).max_squared_distance);
}

TEST_F(PixelPlugin, RejectsBadInput) {
  const auto pixel = registry.make_representation("pixel");
  const ImageShape shape{1, 2, 2};
  RowMatrix out(1, 4);
  EXPECT_THROW(pixel->map(shape, RowMatrix::Constant(1, 4, 256.0), out), InvalidInput);
  EXPECT_THROW(pixel->map(shape, RowMatrix::Constant(1, 4, -0.5), out), InvalidInput);
  EXPECT_THROW(pixel->map(shape, RowMatrix::Constant(1, 4, NAN), out), InvalidInput);
  EXPECT_THROW(pixel->map(shape, RowMatrix::Zero(1, 5), out), InvalidInput);
  RowMatrix wrong_out(2, 4);
  EXPECT_THROW(pixel->map(shape, RowMatrix::Zero(1, 4), wrong_out), InvalidInput);
  EXPECT_THROW(static_cast<void>(registry.make_representation("pixel", Params::parse("scale=2"))), InvalidInput);
}

}  // namespace
}  // namespace reconbound
