// The `select` representation plugin (mathematics §3) against direct selection
// (verify/reference_representations.hpp) for rectangles, channels and mask files (.npy written
// by hand, PNG written with OpenCV), loaded through the registry; and its error messages.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <fmt/format.h>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>

#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/verify/reference_representations.hpp"
#include "representation_test_support.hpp"

namespace reconbound {
namespace {

using test::expect_error;
using test::registry;

std::shared_ptr<Representation> select(const std::string& spec) {
  return registry().make_representation("select", Params().set("arg", spec));
}

ImageShape random_shape() {
  return {static_cast<std::size_t>(*rc::gen::inRange(1, 4)), static_cast<std::size_t>(*rc::gen::inRange(1, 12)),
          static_cast<std::size_t>(*rc::gen::inRange(1, 12))};
}

RowMatrix random_images(const ImageShape& shape) {
  RowMatrix images(*rc::gen::inRange(1, 4), static_cast<Eigen::Index>(shape.size()));
  for (Eigen::Index i = 0; i < images.size(); ++i) images.data()[i] = *rc::gen::inRange(0, 255 * 4 + 1) / 4.0;
  return images;
}

// The plugin maps every record exactly as the reference selects `keep`, with m = |keep| and B = 255²·m.
void check_against_reference(const Representation& plugin, const ImageShape& shape, const std::vector<int>& keep) {
  const RowMatrix images = random_images(shape);
  const RepresentationInfo info = plugin.describe(shape);
  std::size_t m = 0;
  for (const int k : keep) m += static_cast<std::size_t>(k);
  RC_ASSERT(info.output_dim == m);
  RC_ASSERT(info.max_squared_distance == 255.0 * 255.0 * static_cast<double>(m));
  RowMatrix out(images.rows(), static_cast<Eigen::Index>(m));
  plugin.map(shape, images, out);
  for (Eigen::Index r = 0; r < images.rows(); ++r) {
    const std::vector<double> expected =
        verify::reference_select(std::vector<double>(images.row(r).begin(), images.row(r).end()), keep);
    RC_ASSERT(std::vector<double>(out.row(r).begin(), out.row(r).end()) == expected);
  }
}

RC_GTEST_PROP(SelectPlugin, RectangleMatchesTheReference, ()) {
  const ImageShape shape = random_shape();
  const auto h = static_cast<std::size_t>(*rc::gen::inRange<int>(1, static_cast<int>(shape.height) + 1));
  const auto w = static_cast<std::size_t>(*rc::gen::inRange<int>(1, static_cast<int>(shape.width) + 1));
  const auto y0 = static_cast<std::size_t>(*rc::gen::inRange<int>(0, static_cast<int>(shape.height - h) + 1));
  const auto x0 = static_cast<std::size_t>(*rc::gen::inRange<int>(0, static_cast<int>(shape.width - w) + 1));
  const auto plugin = select(fmt::format("rect:{},{},{},{}", y0, x0, h, w));
  check_against_reference(*plugin, shape, verify::reference_rect_keep(shape, y0, x0, h, w));
}

RC_GTEST_PROP(SelectPlugin, ChannelMatchesTheReference, ()) {
  const ImageShape shape = random_shape();
  const auto c = static_cast<std::size_t>(*rc::gen::inRange<int>(0, static_cast<int>(shape.channels)));
  check_against_reference(*select(fmt::format("channel:{}", c)), shape, verify::reference_channel_keep(shape, c));
}

std::vector<int> random_mask(std::size_t size) {
  std::vector<int> mask = *rc::gen::container<std::vector<int>>(size, rc::gen::inRange(0, 2));
  mask[static_cast<std::size_t>(*rc::gen::inRange<int>(0, static_cast<int>(size)))] = 1;  // never empty
  return mask;
}

RC_GTEST_PROP(SelectPlugin, NpyMasksMatchTheReference, ()) {
  const test::TempDir dir;
  const ImageShape shape = random_shape();
  const std::size_t plane = shape.height * shape.width;
  // H × W, applied to every channel.
  const std::vector<int> plane_mask = random_mask(plane);
  test::write_npy(dir.file("plane.npy"), {shape.height, shape.width}, std::vector<double>(plane_mask.begin(), plane_mask.end()));
  check_against_reference(*select("mask:" + dir.file("plane.npy")), shape, verify::reference_plane_mask_keep(shape, plane_mask));
  // C × H × W.
  const std::vector<int> full_mask = random_mask(shape.size());
  test::write_npy(dir.file("full.npy"), {shape.channels, shape.height, shape.width},
                  std::vector<double>(full_mask.begin(), full_mask.end()));
  check_against_reference(*select("mask:" + dir.file("full.npy")), shape, full_mask);
}

RC_GTEST_PROP(SelectPlugin, PngMasksMatchTheReference, ()) {
  const test::TempDir dir;
  const ImageShape shape = random_shape();
  const std::vector<int> plane_mask = random_mask(shape.height * shape.width);
  cv::Mat png(static_cast<int>(shape.height), static_cast<int>(shape.width), CV_8UC1);
  for (std::size_t p = 0; p < plane_mask.size(); ++p) png.data[p] = static_cast<std::uint8_t>(plane_mask[p]);
  RC_ASSERT(cv::imwrite(dir.file("mask.PNG"), png));
  check_against_reference(*select("mask:" + dir.file("mask.PNG")), shape, verify::reference_plane_mask_keep(shape, plane_mask));
}

TEST(SelectPlugin, RejectsSelectionsThatDoNotFit) {
  std::string why;
  EXPECT_FALSE(select("rect:20,0,10,5")->accepts(ImageShape{1, 28, 28}, why));
  for (const char* part : {"rect:20,0,10,5", "rows 20..29", "28 × 28"}) EXPECT_NE(why.find(part), std::string::npos) << why;
  EXPECT_FALSE(select("rect:0,27,1,2")->accepts(ImageShape{3, 28, 28}, why));
  EXPECT_NE(why.find("x0 + w ≤ 28"), std::string::npos) << why;
  EXPECT_FALSE(select("channel:3")->accepts(ImageShape{3, 4, 4}, why));
  EXPECT_NE(why.find("channel 3"), std::string::npos) << why;
  EXPECT_FALSE(select("channel:0")->accepts(ImageShape{0, 4, 4}, why));
  expect_error<InvalidInput>([] { static_cast<void>(select("channel:1")->describe(ImageShape{1, 28, 28})); },
                             {"channel 1", "1 channel"});
  RowMatrix out(1, 4);
  expect_error<InvalidInput>([&] { select("channel:1")->map(ImageShape{1, 2, 2}, RowMatrix::Zero(1, 4), out); },
                             {"channel 1"});
  expect_error<InvalidInput>([&] { select("channel:0")->map(ImageShape{1, 2, 2}, RowMatrix::Constant(1, 4, 256.0), out); },
                             {"256", "[0, 255]"});
}

TEST(SelectPlugin, RejectsMalformedSpecs) {
  expect_error<InvalidInput>([] { select("rect:1,2,3"); }, {"four integers"});
  expect_error<InvalidInput>([] { select("rect:1,2,3,4,5"); }, {"four integers"});
  expect_error<InvalidInput>([] { select("rect:a,0,1,1"); }, {"y0", "'a'"});
  expect_error<InvalidInput>([] { select("rect:0,-1,1,1"); }, {"x0", "'-1'"});
  expect_error<InvalidInput>([] { select("rect:0,0,0,5"); }, {"empty", "h = 0"});
  expect_error<InvalidInput>([] { select("channel:"); }, {"channel c"});
  expect_error<InvalidInput>([] { select("circle:3"); }, {"circle:3", "rect:y0,x0,h,w"});
  expect_error<InvalidInput>([] { select("everything"); }, {"everything"});
  expect_error<InvalidInput>([] { select("mask:"); }, {"mask:PATH"});
  expect_error<InvalidInput>([] { registry().make_representation("select"); }, {"select:rect"});
  expect_error<InvalidInput>([] { registry().make_representation("select", Params::parse("arg=channel:0,invert=1")); },
                             {"invert"});
}

TEST(SelectPlugin, RejectsBadMasks) {
  const test::TempDir dir;
  // Wrong shape: an H × W mask for other images, and a C × H × W mask with other C.
  test::write_npy(dir.file("small.npy"), {2, 3}, {1, 0, 1, 0, 1, 0});
  std::string why;
  EXPECT_FALSE(select("mask:" + dir.file("small.npy"))->accepts(ImageShape{1, 3, 2}, why));
  for (const char* part : {"small.npy", "2x3", "1x3x2"}) EXPECT_NE(why.find(part), std::string::npos) << why;
  test::write_npy(dir.file("two.npy"), {2, 1, 2}, {1, 0, 0, 1});
  EXPECT_TRUE(select("mask:" + dir.file("two.npy"))->accepts(ImageShape{2, 1, 2}, why)) << why;
  EXPECT_FALSE(select("mask:" + dir.file("two.npy"))->accepts(ImageShape{3, 1, 2}, why));
  EXPECT_NE(why.find("2x1x2"), std::string::npos) << why;
  // Values other than 0 and 1, and empty selections.
  test::write_npy(dir.file("half.npy"), {1, 3}, {1, 0.5, 0});
  expect_error<InvalidInput>([&] { select("mask:" + dir.file("half.npy")); }, {"half.npy", "flat index 1"});
  test::write_npy(dir.file("zero.npy"), {2, 2}, {0, 0, 0, 0});
  expect_error<InvalidInput>([&] { select("mask:" + dir.file("zero.npy")); }, {"zero.npy", "selects nothing"});
  cv::Mat png(2, 2, CV_8UC1, cv::Scalar(255));
  ASSERT_TRUE(cv::imwrite(dir.file("white.png"), png));
  expect_error<InvalidInput>([&] { select("mask:" + dir.file("white.png")); }, {"white.png", "not 255"});
  cv::Mat colour(2, 2, CV_8UC3, cv::Scalar(1, 1, 1));
  ASSERT_TRUE(cv::imwrite(dir.file("colour.png"), colour));
  expect_error<FileError>([&] { select("mask:" + dir.file("colour.png")); }, {"colour.png", "one (grey) channel"});
  // Other axis counts, other file types, missing files.
  test::write_npy(dir.file("flat.npy"), {4}, {1, 0, 1, 0});
  expect_error<FileError>([&] { select("mask:" + dir.file("flat.npy")); }, {"flat.npy", "1 axes"});
  expect_error<InvalidInput>([&] { select("mask:" + dir.file("mask.txt")); }, {"mask.txt", ".png or .npy"});
  expect_error<FileError>([&] { select("mask:" + dir.file("missing.npy")); }, {"missing.npy"});
  expect_error<FileError>([&] { select("mask:" + dir.file("missing.png")); }, {"missing.png"});
}

}  // namespace
}  // namespace reconbound
