// The `lpips` representation plugin (mathematics §3) against Ψ computed by torch in float64 for the
// committed LPIPS-shaped test model (tools/make_test_lpips_model.py: AlexNet layer structure,
// channel widths 16, 48, 96, 64, 64, seeded random weights), loaded through the registry.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <iostream>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/verify/tolerances.hpp"
#include "representation_test_support.hpp"

namespace reconbound {
namespace {

using test::expect_error;
using test::models_dir;

// The test model's layer shapes (C_ℓ, H_ℓ = W_ℓ): AlexNet widths / 4 and the spatial sizes of
// a 64 × 64 input.
constexpr std::size_t kChannels[5] = {16, 48, 96, 64, 64};
constexpr std::size_t kSpatial[5] = {15, 7, 3, 3, 3};

std::string model(const std::string& name) { return models_dir() + "/" + name; }

Params lpips_params(const std::string& onnx, const std::string& extra = "") {
  Params params = extra.empty() ? Params{} : Params::parse(extra);
  params.set("arg", model(onnx));
  return params;
}

class LpipsPlugin : public ::testing::Test {
 protected:
  Registry registry;
};

TEST_F(LpipsPlugin, DescribesTheModel) {
  const auto lpips = registry.make_representation("lpips", lpips_params("lpips_test.onnx"));
  const ImageShape mnist{1, 28, 28};
  std::string why;
  ASSERT_TRUE(lpips->accepts(mnist, why)) << why;
  const RepresentationInfo info = lpips->describe(mnist);
  std::size_t m = 0;
  for (std::size_t l = 0; l < 5; ++l) m += kChannels[l] * kSpatial[l] * kSpatial[l];
  EXPECT_EQ(info.output_dim, m);
  EXPECT_EQ(info.output_dim, 7968U);
  // B = 2·Σ_ℓ max_c w_ℓc (mathematics §6.5) from the weights file, read independently here.
  const Dataset weights = read_npy(model("lpips_test.lin.npy"));
  double bound = 0.0;
  Eigen::Index first = 0;
  for (const std::size_t c : kChannels) {
    bound += 2.0 * weights.records.col(0).segment(first, static_cast<Eigen::Index>(c)).maxCoeff();
    first += static_cast<Eigen::Index>(c);
  }
  EXPECT_DOUBLE_EQ(info.max_squared_distance, bound);
  EXPECT_TRUE(info.prefers_data_free_rotation);
  EXPECT_TRUE(lpips->accepts(ImageShape{3, 32, 32}, why)) << why;
  EXPECT_FALSE(lpips->accepts(ImageShape{2, 32, 32}, why));
  EXPECT_NE(why.find("2x32x32"), std::string::npos) << why;
  EXPECT_FALSE(lpips->accepts(ImageShape{1, 0, 32}, why));
  EXPECT_THROW(static_cast<void>(lpips->describe(ImageShape{4, 8, 8})), InvalidInput);
}

// ‖a − b‖ / ‖b‖ over one segment of two rows.
double relative_error(const Eigen::Ref<const Eigen::RowVectorXd>& a, const Eigen::Ref<const Eigen::RowVectorXd>& b) {
  return (a - b).norm() / b.norm();
}

class LpipsGolden : public LpipsPlugin, public ::testing::WithParamInterface<const char*> {};

// Ψ of each golden image agrees with torch to 1e-5 relative, as a whole, layer by layer, and in
// the LPIPS distances ‖Ψ(x_i) − Ψ(x_j)‖² between the golden images. Upsampling (28 → 64),
// RGB (32 → 64) and non-integer downsampling (100 × 90 → 64) check the resize convention.
TEST_P(LpipsGolden, MatchesTorch) {
  const std::string name = GetParam();
  const Dataset images = read_npy(model("golden_" + name + "_images.npy"));
  const Dataset golden = read_npy(model("golden_" + name + "_features.npy"));
  const RowMatrix expected = golden.records;
  const auto lpips = registry.make_representation("lpips", lpips_params("lpips_test.onnx"));
  ASSERT_EQ(static_cast<std::size_t>(expected.cols()), lpips->describe(images.shape).output_dim);
  RowMatrix out(images.records.rows(), expected.cols());
  lpips->map(images.shape, images.records, out);
  const double tolerance = verify::tolerance::kLpipsTorch;
  double worst = 0.0;
  for (Eigen::Index i = 0; i < out.rows(); ++i) {
    ASSERT_GT(expected.row(i).norm(), 0.0);
    worst = std::max(worst, relative_error(out.row(i), expected.row(i)));
    EXPECT_LE(relative_error(out.row(i), expected.row(i)), tolerance) << name << " image " << i;
    Eigen::Index first = 0;
    for (std::size_t l = 0; l < 5; ++l) {
      const auto size = static_cast<Eigen::Index>(kChannels[l] * kSpatial[l] * kSpatial[l]);
      EXPECT_LE(relative_error(out.row(i).segment(first, size), expected.row(i).segment(first, size)), tolerance)
          << name << " image " << i << " layer " << l + 1;
      first += size;
    }
    for (Eigen::Index j = 0; j < i; ++j) {
      const double distance = (out.row(i) - out.row(j)).squaredNorm();
      const double torch_distance = (expected.row(i) - expected.row(j)).squaredNorm();
      EXPECT_LE(std::abs(distance - torch_distance), tolerance * torch_distance) << name << " pair " << i << "," << j;
      EXPECT_LE(distance, lpips->describe(images.shape).max_squared_distance);
    }
  }
  std::cout << name << ": largest relative error against torch " << worst << "\n";
}

INSTANTIATE_TEST_SUITE_P(Images, LpipsGolden, ::testing::Values("grey28", "rgb32", "grey100x90"));

// Each position's unit-normalised channel vector has norm < 1: Σ_c Ψ_c²·H_ℓW_ℓ/w_ℓc ≤ 1.
TEST_F(LpipsPlugin, PositionsAreUnitNormalised) {
  const Dataset images = read_npy(model("golden_grey28_images.npy"));
  const Dataset weights = read_npy(model("lpips_test.lin.npy"));
  const auto lpips = registry.make_representation("lpips", lpips_params("lpips_test.onnx"));
  RowMatrix out(images.records.rows(), static_cast<Eigen::Index>(lpips->describe(images.shape).output_dim));
  lpips->map(images.shape, images.records, out);
  const Eigen::Index i = 1;  // the random-noise image: active ReLUs at every layer
  Eigen::Index offset = 0;
  Eigen::Index weight = 0;
  for (std::size_t l = 0; l < 5; ++l) {
    const std::size_t positions = kSpatial[l] * kSpatial[l];
    for (std::size_t p = 0; p < positions; ++p) {
      double norm_squared = 0.0;
      for (std::size_t c = 0; c < kChannels[l]; ++c) {
        const double w = weights.records(weight + static_cast<Eigen::Index>(c), 0);
        const double v = out(i, offset + static_cast<Eigen::Index>(c * positions + p));
        EXPECT_GE(v, 0.0);
        if (w > 0.0) norm_squared += v * v * static_cast<double>(positions) / w;
      }
      EXPECT_LE(norm_squared, 1.0 + 1e-12);
      if (norm_squared > 0.0) {
        EXPECT_GT(norm_squared, 0.999) << "layer " << l + 1 << " position " << p;
      }
    }
    offset += static_cast<Eigen::Index>(kChannels[l] * positions);
    weight += static_cast<Eigen::Index>(kChannels[l]);
  }
}

// Results do not depend on the number of threads or on how the caller splits the batch: every
// forward pass has the same fixed batch size, so each record's float32 arithmetic is the same.
TEST_F(LpipsPlugin, ResultsDoNotDependOnThreadsOrBatching) {
  const Dataset images = read_npy(model("golden_grey28_images.npy"));
  RowMatrix batch(37, images.records.cols());  // more than two chunks of 16, the last one partial
  for (Eigen::Index r = 0; r < batch.rows(); ++r) {
    batch.row(r) = images.records.row(r % 2);
    batch(r, r) = static_cast<double>((r * 37) % 256);
  }
  const auto one = registry.make_representation("lpips", lpips_params("lpips_test.onnx", "threads=1"));
  const auto three = registry.make_representation("lpips", lpips_params("lpips_test.onnx", "threads=3"));
  const ImageShape shape = images.shape;
  const auto m = static_cast<Eigen::Index>(one->describe(shape).output_dim);
  RowMatrix out_one(batch.rows(), m);
  RowMatrix out_three(batch.rows(), m);
  one->map(shape, batch, out_one);
  three->map(shape, batch, out_three);
  EXPECT_TRUE(out_one == out_three);
  RowMatrix single(1, m);
  for (const Eigen::Index r : {Eigen::Index{0}, Eigen::Index{20}, Eigen::Index{36}}) {
    three->map(shape, batch.row(r), single);
    EXPECT_TRUE(single.row(0) == out_one.row(r)) << "record " << r;
  }
}

TEST_F(LpipsPlugin, RejectsModelsOfTheWrongForm) {
  expect_error<InvalidInput>([&] { registry.make_representation("lpips", lpips_params("lpips_bad_four_outputs.onnx")); },
                             {"lpips_bad_four_outputs.onnx", "relu5"});
  expect_error<InvalidInput>([&] { registry.make_representation("lpips", lpips_params("lpips_bad_grey_input.onnx")); },
                             {"lpips_bad_grey_input.onnx", "1 × 3 × 64 × 64"});
  expect_error<InvalidInput>([&] { registry.make_representation("lpips", lpips_params("lpips_bad_spatial.onnx")); },
                             {"lpips_bad_spatial.onnx", "relu1", "15"});
  expect_error<FileError>([&] { registry.make_representation("lpips", lpips_params("no_such_model.onnx")); },
                          {"no_such_model.onnx"});
  // A corrupt model on which OpenCV's importer itself crashes (a null read; found by the
  // lpips_model fuzzer): the probe runs in a child process, so this is an error, not a crash.
  expect_error<FileError>([&] { registry.make_representation("lpips", lpips_params("lpips_crashes_opencv.onnx")); },
                          {"lpips_crashes_opencv.onnx", "OpenCV crashes"});
  // A file that is not an ONNX model at all.
  expect_error<FileError>([&] { registry.make_representation("lpips", lpips_params("lpips_test.lin.npy")); },
                          {"lpips_test.lin.npy", "ONNX"});
}

TEST_F(LpipsPlugin, RejectsBadWeights) {
  Params negative = lpips_params("lpips_test.onnx");
  negative.set("weights", model("lpips_test_negative.lin.npy"));
  expect_error<InvalidInput>([&] { registry.make_representation("lpips", negative); },
                             {"lpips_test_negative.lin.npy", "weight 5", "-0.25"});
  Params short_weights = lpips_params("lpips_test.onnx");
  short_weights.set("weights", model("lpips_test_short.lin.npy"));
  expect_error<InvalidInput>([&] { registry.make_representation("lpips", short_weights); },
                             {"lpips_test_short.lin.npy", "287", "288"});
  Params missing = lpips_params("lpips_test.onnx");
  missing.set("weights", model("no_such_weights.lin.npy"));
  expect_error<FileError>([&] { registry.make_representation("lpips", missing); }, {"no_such_weights.lin.npy"});
}

TEST_F(LpipsPlugin, RejectsBadParametersAndRecords) {
  expect_error<InvalidInput>([&] { registry.make_representation("lpips"); }, {"lpips:MODEL.onnx"});
  expect_error<InvalidInput>([&] { registry.make_representation("lpips", lpips_params("lpips_test.onnx", "colour=1")); },
                             {"colour"});
  expect_error<InvalidInput>([&] { registry.make_representation("lpips", lpips_params("lpips_test.onnx", "threads=0")); },
                             {"threads"});
  const auto lpips = registry.make_representation("lpips", lpips_params("lpips_test.onnx", "threads=2"));
  const ImageShape shape{1, 4, 4};
  RowMatrix out(1, 7968);
  expect_error<InvalidInput>([&] { lpips->map(shape, RowMatrix::Constant(1, 16, 255.5), out); }, {"255.5", "[0, 255]"});
  expect_error<InvalidInput>([&] { lpips->map(shape, RowMatrix::Zero(1, 15), out); }, {"1 × 16"});
  RowMatrix wrong_out(1, 7967);
  expect_error<InvalidInput>([&] { lpips->map(shape, RowMatrix::Zero(1, 16), wrong_out); }, {"7968"});
}

}  // namespace
}  // namespace reconbound
