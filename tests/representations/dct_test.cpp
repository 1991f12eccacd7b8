// The `dct` representation plugin (mathematics §3) against the direct O(H·W·F²) long-double DCT-II
// (verify/reference_representations.hpp), Parseval, the constant image, and concurrent use,
// loaded through the registry.
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <cmath>
#include <thread>

#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/verify/reference_representations.hpp"
#include "reconbound/verify/tolerances.hpp"
#include "representation_test_support.hpp"

namespace reconbound {
namespace {

using test::expect_error;
using test::registry;

std::shared_ptr<Representation> dct(std::size_t frequencies) {
  return registry().make_representation("dct", Params().set("arg", std::to_string(frequencies)));
}

RowMatrix random_images(Eigen::Index rows, Eigen::Index cols) {
  RowMatrix images(rows, cols);
  for (Eigen::Index r = 0; r < rows; ++r) {
    for (Eigen::Index j = 0; j < cols; ++j) images(r, j) = *rc::gen::inRange(0, 255 * 16 + 1) / 16.0;
  }
  return images;
}

RowMatrix map(const Representation& plugin, const ImageShape& shape, const RowMatrix& images) {
  RowMatrix out(images.rows(), static_cast<Eigen::Index>(plugin.describe(shape).output_dim));
  plugin.map(shape, images, out);
  return out;
}

RC_GTEST_PROP(DctPlugin, MatchesTheDirectSum, ()) {
  const ImageShape shape{static_cast<std::size_t>(*rc::gen::inRange(1, 4)),
                         static_cast<std::size_t>(*rc::gen::inRange(1, 17)),
                         static_cast<std::size_t>(*rc::gen::inRange(1, 17))};
  const auto f = static_cast<std::size_t>(*rc::gen::inRange<int>(1, static_cast<int>(std::min(shape.height, shape.width)) + 1));
  const auto plugin = dct(f);
  const RepresentationInfo info = plugin->describe(shape);
  RC_ASSERT(info.output_dim == shape.channels * f * f);
  RC_ASSERT(info.max_squared_distance == 255.0 * 255.0 * static_cast<double>(shape.size()));
  const RowMatrix images = random_images(*rc::gen::inRange(1, 3), static_cast<Eigen::Index>(shape.size()));
  const RowMatrix out = map(*plugin, shape, images);
  // The largest possible coefficient is 255·sqrt(H·W) (Cauchy–Schwarz on an orthonormal row).
  const long double scale = 255.0L * std::sqrt(static_cast<long double>(shape.height * shape.width));
  for (Eigen::Index r = 0; r < images.rows(); ++r) {
    const std::vector<double> record(images.row(r).begin(), images.row(r).end());
    const std::vector<long double> expected = verify::reference_dct(shape, record, f);
    for (std::size_t i = 0; i < expected.size(); ++i) {
      RC_ASSERT(std::abs(static_cast<long double>(out(r, static_cast<Eigen::Index>(i))) - expected[i]) <=
                verify::tolerance::kDctReference * scale);
    }
  }
}

// F = H = W keeps every coefficient of an orthonormal transform: ‖Ψ(x)‖ = ‖x‖ (Parseval), and
// ‖Ψ(x) − Ψ(x')‖ = ‖x − x'‖.
RC_GTEST_PROP(DctPlugin, KeepsAllEnergyAtFullSize, ()) {
  const auto side = static_cast<std::size_t>(*rc::gen::inRange(1, 20));
  const ImageShape shape{static_cast<std::size_t>(*rc::gen::inRange(1, 4)), side, side};
  const RowMatrix images = random_images(2, static_cast<Eigen::Index>(shape.size()));
  const RowMatrix out = map(*dct(side), shape, images);
  for (Eigen::Index r = 0; r < 2; ++r) {
    RC_ASSERT(std::abs(out.row(r).squaredNorm() - images.row(r).squaredNorm()) <=
              1e-12 * std::max(1.0, images.row(r).squaredNorm()));
  }
  const double d2 = (images.row(0) - images.row(1)).squaredNorm();
  RC_ASSERT(std::abs((out.row(0) - out.row(1)).squaredNorm() - d2) <= 1e-12 * std::max(1.0, images.row(0).squaredNorm() + images.row(1).squaredNorm()));
}

// A truncated transform loses energy: ‖Ψ(x)‖ ≤ ‖x‖ for F < min(H, W).
RC_GTEST_PROP(DctPlugin, TruncationNeverAddsEnergy, ()) {
  const ImageShape shape{1, static_cast<std::size_t>(*rc::gen::inRange(2, 20)), static_cast<std::size_t>(*rc::gen::inRange(2, 20))};
  const auto f = static_cast<std::size_t>(*rc::gen::inRange<int>(1, static_cast<int>(std::min(shape.height, shape.width))));
  const RowMatrix images = random_images(1, static_cast<Eigen::Index>(shape.size()));
  const RowMatrix out = map(*dct(f), shape, images);
  RC_ASSERT(out.squaredNorm() <= images.squaredNorm() * (1.0 + 1e-12));
}

// A constant image v has the one non-zero coefficient DC = v·sqrt(H·W) per channel:
// a_0(H)·a_0(W)·Σ v = v·H·W/sqrt(H·W).
TEST(DctPlugin, ConstantImageHasOnlyTheDcCoefficient) {
  const ImageShape shape{2, 28, 20};
  const std::size_t f = 8;
  RowMatrix image(1, static_cast<Eigen::Index>(shape.size()));
  image.leftCols(28 * 20).setConstant(255.0);
  image.rightCols(28 * 20).setConstant(17.0);
  const RowMatrix out = map(*dct(f), shape, image);
  const double root_area = std::sqrt(28.0 * 20.0);
  for (std::size_t c = 0; c < 2; ++c) {
    const double v = c == 0 ? 255.0 : 17.0;
    for (std::size_t i = 0; i < f * f; ++i) {
      const double coefficient = out(0, static_cast<Eigen::Index>(c * f * f + i));
      EXPECT_NEAR(coefficient, i == 0 ? v * root_area : 0.0, 1e-12 * 255.0 * root_area) << "channel " << c << " index " << i;
    }
  }
}

// map() is thread safe, including the first use of new shapes (FFTW planning under a lock).
TEST(DctPlugin, ConcurrentMapsAgreeWithSequentialOnes) {
  const auto plugin = dct(3);
  std::vector<ImageShape> shapes;
  std::vector<RowMatrix> images;
  for (std::size_t s = 0; s < 8; ++s) {
    shapes.push_back(ImageShape{1 + s % 3, 5 + s, 9 + 2 * s});
    RowMatrix batch(4, static_cast<Eigen::Index>(shapes.back().size()));
    for (Eigen::Index i = 0; i < batch.size(); ++i) batch.data()[i] = static_cast<double>((i * 7919 + static_cast<Eigen::Index>(s)) % 256);
    images.push_back(batch);
  }
  std::vector<RowMatrix> concurrent(shapes.size());
  std::vector<std::thread> threads;
  for (std::size_t s = 0; s < shapes.size(); ++s) {
    threads.emplace_back([&, s] { concurrent[s] = map(*plugin, shapes[s], images[s]); });
  }
  for (std::thread& t : threads) t.join();
  const auto fresh = dct(3);
  for (std::size_t s = 0; s < shapes.size(); ++s) EXPECT_TRUE(concurrent[s] == map(*fresh, shapes[s], images[s])) << s;
}

TEST(DctPlugin, RejectsBadFrequenciesAndRecords) {
  std::string why;
  EXPECT_FALSE(dct(9)->accepts(ImageShape{1, 8, 28}, why));
  for (const char* part : {"F = 9", "H = 8", "W = 28"}) EXPECT_NE(why.find(part), std::string::npos) << why;
  expect_error<InvalidInput>([] { static_cast<void>(dct(29)->describe(ImageShape{1, 28, 28})); }, {"F = 29"});
  expect_error<InvalidInput>([] { registry().make_representation("dct", Params::parse("arg=0")); }, {"F = 0"});
  expect_error<InvalidInput>([] { registry().make_representation("dct"); }, {"dct:F"});
  expect_error<InvalidInput>([] { registry().make_representation("dct", Params::parse("arg=4,norm=ortho")); }, {"norm"});
  const auto plugin = dct(2);
  RowMatrix out(1, 4);
  expect_error<InvalidInput>([&] { plugin->map(ImageShape{1, 2, 2}, RowMatrix::Constant(1, 4, 300.0), out); }, {"300"});
  expect_error<InvalidInput>([&] { plugin->map(ImageShape{1, 2, 2}, RowMatrix::Zero(1, 3), out); }, {"1 × 4"});
}

}  // namespace
}  // namespace reconbound
