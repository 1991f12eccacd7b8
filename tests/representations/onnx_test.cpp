// The `onnx` representation plugin (mathematics §3) on the committed test networks
// (models/make_onnx_test_models.py): a small CNN for 1 × 28 × 28 records (m = 32), a 1 × 1
// identity convolution for 3-channel records, whose Ψ the tests compute without the plugin, and a
// logarithm, which is -inf on a black pixel. Loaded through the registry.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <thread>

#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"
#include "representation_test_support.hpp"

namespace reconbound {
namespace {

using test::expect_error;
using test::models_dir;

constexpr std::size_t kCnnOutputs = 32;
const ImageShape kMnist{1, 28, 28};

std::string model(const std::string& name) { return models_dir() + "/" + name; }

Params onnx_params(const std::string& onnx, const std::string& extra) {
  Params params = Params::parse(extra);
  params.set("arg", model(onnx));
  return params;
}

// n records of `shape` with seeded uniform grey levels in [0, 255].
RowMatrix random_records(const ImageShape& shape, Eigen::Index n, unsigned seed) {
  std::mt19937 generator(seed);
  std::uniform_int_distribution<int> grey(0, 255);
  RowMatrix records(n, static_cast<Eigen::Index>(shape.size()));
  for (Eigen::Index i = 0; i < records.size(); ++i) records.data()[i] = grey(generator);
  return records;
}

class OnnxPlugin : public ::testing::Test {
 protected:
  RowMatrix map(const Representation& psi, const ImageShape& shape, const RowMatrix& records) {
    RowMatrix out(records.rows(), static_cast<Eigen::Index>(psi.describe(shape).output_dim));
    psi.map(shape, records, out);
    return out;
  }
  Registry registry;
};

TEST_F(OnnxPlugin, DescribesTheNetworkAndItsBound) {
  const auto unit = registry.make_representation("onnx", onnx_params("onnx_test_cnn.onnx", "normalize=unit"));
  const RepresentationInfo info = unit->describe(kMnist);
  EXPECT_EQ(info.output_dim, kCnnOutputs);
  EXPECT_EQ(info.max_squared_distance, 4.0);
  EXPECT_FALSE(info.prefers_data_free_rotation);  // m = 32: an embedding, the eigenbasis may serve
  EXPECT_EQ(info.unit, "feature units");
  const auto clipped = registry.make_representation("onnx", onnx_params("onnx_test_cnn.onnx", "clip=-0.5/1.5"));
  EXPECT_EQ(clipped->describe(kMnist).max_squared_distance, 32.0 * 2.0 * 2.0);  // B = m·(b − a)²
  // Identity on 3 × 40 × 40: m = 4,800 values, above the embedding limit of 1,024.
  const auto wide = registry.make_representation("onnx", onnx_params("onnx_test_identity.onnx", "normalize=unit"));
  EXPECT_EQ(wide->describe(ImageShape{3, 40, 40}).output_dim, 4800U);
  EXPECT_TRUE(wide->describe(ImageShape{3, 40, 40}).prefers_data_free_rotation);
  EXPECT_FALSE(wide->describe(ImageShape{3, 10, 10}).prefers_data_free_rotation);  // m = 300
}

TEST_F(OnnxPlugin, RefusesToRunWithoutABound) {
  expect_error<InvalidInput>([&] { registry.make_representation("onnx", onnx_params("onnx_test_cnn.onnx", "")); },
                             {"B would be a guess", "normalize=unit", "clip=a/b"});
  expect_error<InvalidInput>(
      [&] { registry.make_representation("onnx", onnx_params("onnx_test_cnn.onnx", "normalize=unit,clip=0/1")); },
      {"not both"});
}

TEST_F(OnnxPlugin, RejectsBadParameters) {
  const auto refused = [&](const std::string& extra, const std::vector<std::string>& parts) {
    expect_error<InvalidInput>([&] { registry.make_representation("onnx", onnx_params("onnx_test_cnn.onnx", extra)); },
                               parts);
  };
  expect_error<InvalidInput>([&] { registry.make_representation("onnx", Params::parse("normalize=unit")); },
                             {"onnx:FILE.onnx"});
  refused("normalize=unit,colour=1", {"colour"});
  refused("normalize=l2", {"normalize=l2", "normalize=unit"});
  refused("clip=1/0", {"clip=1/0", "a < b"});
  refused("clip=1", {"clip=1", "two numbers"});
  refused("clip=0/1/2", {"clip=0/1/2"});
  refused("normalize=unit,mean=0.5/x", {"mean=0.5/x", "separated by '/'"});
  refused("normalize=unit,scale=/1", {"scale=/1"});
  refused("normalize=unit,std=1/0", {"std", "0", "> 0"});
  refused("normalize=unit,std=nan", {"std=nan"});
}

// The identity network's output is its input: Ψ is (x·scale_c − mean_c)/std_c in float32, channel
// by channel, which the test computes here.
TEST_F(OnnxPlugin, AppliesScaleMeanAndStdPerChannel) {
  const ImageShape shape{3, 5, 4};
  const auto psi = registry.make_representation(
      "onnx", onnx_params("onnx_test_identity.onnx", "scale=0.5/1/2,mean=1/2/3,std=2/4/8,clip=-1e6/1e6"));
  const RowMatrix records = random_records(shape, 3, 7);
  const RowMatrix out = map(*psi, shape, records);
  const double scale[] = {0.5, 1.0, 2.0}, mean[] = {1.0, 2.0, 3.0}, std[] = {2.0, 4.0, 8.0};
  for (Eigen::Index i = 0; i < records.rows(); ++i) {
    for (Eigen::Index j = 0; j < records.cols(); ++j) {
      const auto c = static_cast<std::size_t>(j) / 20;
      const double expected = static_cast<float>((records(i, j) * scale[c] - mean[c]) / std[c]);
      EXPECT_NEAR(out(i, j), expected, 1e-6 * std::abs(expected) + 1e-12) << "record " << i << " value " << j;
    }
  }
  // One value serves every channel; a list of another length is refused for this shape.
  const auto single =
      registry.make_representation("onnx", onnx_params("onnx_test_identity.onnx", "scale=1,clip=0/255"));
  EXPECT_TRUE(map(*single, shape, records) == records);
  const auto two =
      registry.make_representation("onnx", onnx_params("onnx_test_identity.onnx", "mean=1/2,normalize=unit"));
  std::string why;
  EXPECT_FALSE(two->accepts(shape, why));
  EXPECT_NE(why.find("mean has 2 values for records of 3 channels"), std::string::npos) << why;
}

// normalize=unit: every row has norm 1 (a zero output stays zero), so ‖Ψ(x) − Ψ(x')‖² ≤ 4 = B.
TEST_F(OnnxPlugin, UnitNormalisationHoldsItsBound) {
  const auto psi = registry.make_representation("onnx", onnx_params("onnx_test_cnn.onnx", "normalize=unit"));
  const RowMatrix out = map(*psi, kMnist, random_records(kMnist, 20, 11));
  for (Eigen::Index i = 0; i < out.rows(); ++i) {
    EXPECT_LE(out.row(i).norm(), 1.0);
    EXPECT_GT(out.row(i).norm(), 1.0 - 1e-12);
    for (Eigen::Index j = 0; j < i; ++j) EXPECT_LE((out.row(i) - out.row(j)).squaredNorm(), 4.0);
  }
  // Antipodal outputs reach the bound: the identity network with mean 1 and scale 2/255 maps
  // black to −1 and white to +1 everywhere.
  const ImageShape shape{3, 2, 2};
  const auto identity = registry.make_representation(
      "onnx", onnx_params("onnx_test_identity.onnx", "scale=0.00784313725490196,mean=1,normalize=unit"));
  RowMatrix extremes(3, 12);
  extremes.row(0).setZero();
  extremes.row(1).setConstant(255.0);
  extremes.row(2).setConstant(127.5);  // maps to 0: the zero output stays the zero vector
  const RowMatrix unit = map(*identity, shape, extremes);
  EXPECT_NEAR((unit.row(0) - unit.row(1)).squaredNorm(), 4.0, 1e-9);
  EXPECT_LE((unit.row(0) - unit.row(1)).squaredNorm(), 4.0);
  EXPECT_TRUE(unit.row(2).isZero(0.0));
}

// clip=a/b: every coordinate in [a, b], exactly clamp(x) for the identity network.
TEST_F(OnnxPlugin, ClipHoldsItsBox) {
  const ImageShape shape{3, 4, 4};
  const auto psi = registry.make_representation("onnx", onnx_params("onnx_test_identity.onnx", "scale=1,clip=10/100"));
  const RowMatrix records = random_records(shape, 5, 3);
  const RowMatrix out = map(*psi, shape, records);
  EXPECT_TRUE(out == records.cwiseMax(10.0).cwiseMin(100.0));
  EXPECT_EQ(psi->describe(shape).max_squared_distance, 48.0 * 90.0 * 90.0);
  const auto cnn = registry.make_representation("onnx", onnx_params("onnx_test_cnn.onnx", "clip=-0.05/0.05"));
  const RowMatrix features = map(*cnn, kMnist, random_records(kMnist, 10, 5));
  EXPECT_GE(features.minCoeff(), -0.05);
  EXPECT_LE(features.maxCoeff(), 0.05);
}

TEST_F(OnnxPlugin, RefusesShapesTheNetworkCannotRun) {
  const auto psi = registry.make_representation("onnx", onnx_params("onnx_test_cnn.onnx", "normalize=unit"));
  std::string why;
  EXPECT_FALSE(psi->accepts(ImageShape{1, 32, 32}, why));
  for (const std::string part : {"onnx_test_cnn.onnx", "16 × 1 × 32 × 32", "1x32x32"}) {
    EXPECT_NE(why.find(part), std::string::npos) << why << "\n  lacks: " << part;
  }
  EXPECT_EQ(why.find('\n'), std::string::npos) << why;
  EXPECT_FALSE(psi->accepts(ImageShape{3, 28, 28}, why));
  expect_error<InvalidInput>([&] { static_cast<void>(psi->describe(ImageShape{1, 32, 32})); }, {"1x32x32"});
  EXPECT_TRUE(psi->accepts(kMnist, why)) << why;
}

TEST_F(OnnxPlugin, RejectsFilesThatAreNotNetworks) {
  expect_error<FileError>([&] { registry.make_representation("onnx", onnx_params("no_such.onnx", "normalize=unit")); },
                          {"no_such.onnx"});
  expect_error<FileError>(
      [&] { registry.make_representation("onnx", onnx_params("lpips_test.lin.npy", "normalize=unit")); },
      {"onnx: OpenCV cannot read the ONNX model", "lpips_test.lin.npy", "export_representation"});
  // A corrupt model on which OpenCV's importer crashes (as for lpips): an error, not a crash.
  expect_error<FileError>(
      [&] { registry.make_representation("onnx", onnx_params("lpips_crashes_opencv.onnx", "normalize=unit")); },
      {"lpips_crashes_opencv.onnx", "OpenCV crashes"});
}

TEST_F(OnnxPlugin, NonFiniteOutputIsAnError) {
  const ImageShape shape{1, 4, 4};
  const auto psi = registry.make_representation("onnx", onnx_params("onnx_test_log.onnx", "normalize=unit"));
  RowMatrix records = RowMatrix::Constant(2, 16, 100.0);
  records(1, 5) = 0.0;  // log 0 = −inf
  RowMatrix out(2, 16);
  expect_error<NumericalError>([&] { psi->map(shape, records, out); },
                               {"onnx_test_log.onnx", "-inf", "coordinate 5", "record 1"});
  EXPECT_NO_THROW(psi->map(shape, records.topRows(1), out.topRows(1)));
  RowMatrix wrong(2, 15);
  expect_error<InvalidInput>([&] { psi->map(shape, records, wrong); }, {"2 × 16"});
  expect_error<InvalidInput>([&] { psi->map(shape, RowMatrix::Constant(2, 16, 256.0), out); }, {"256", "[0, 255]"});
}

// Several threads mapping at once get the single thread's values bit for bit, and a record's Ψ
// does not depend on the batch it comes in (every forward pass has 16 records).
TEST_F(OnnxPlugin, ThreadSafeAndIndependentOfTheBatch) {
  const auto psi = registry.make_representation("onnx", onnx_params("onnx_test_cnn.onnx", "normalize=unit"));
  const RowMatrix records = random_records(kMnist, 37, 23);
  const RowMatrix expected = map(*psi, kMnist, records);
  std::vector<RowMatrix> results(4, RowMatrix(records.rows(), static_cast<Eigen::Index>(kCnnOutputs)));
  std::vector<std::thread> threads;
  for (RowMatrix& result : results) {
    threads.emplace_back([&] {
      for (int round = 0; round < 3; ++round) psi->map(kMnist, records, result);
    });
  }
  for (std::thread& thread : threads) thread.join();
  for (const RowMatrix& result : results) EXPECT_TRUE(result == expected);
  RowMatrix single(1, static_cast<Eigen::Index>(kCnnOutputs));
  for (const Eigen::Index r : {Eigen::Index{0}, Eigen::Index{20}, Eigen::Index{36}}) {
    psi->map(kMnist, records.row(r), single);
    EXPECT_TRUE(single.row(0) == expected.row(r)) << "record " << r;
  }
}

}  // namespace
}  // namespace reconbound
