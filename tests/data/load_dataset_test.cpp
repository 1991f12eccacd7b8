// Data-set specs: each prefix reaches its reader, unknown specs are refused, and Fashion-MNIST
// gives 70,000 × 784 (the Debian package dataset-fashion-mnist is a dependency: a failure, not
// a skip, when it is missing).
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "data_test_support.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound {
namespace {

using test::expect_error;

TEST(LoadDataset, DispatchesOnThePrefix) {
  test::TempDir dir;
  test::write_file(dir.file("a.idx"), test::idx_bytes(0x08, {2, 2}, {1, 2, 3, 4}));
  test::write_file(dir.file("a.npy"), test::npy_bytes(test::npy_dict("|u1", "(2, 2)"), {1, 2, 3, 4}));
  test::write_file(dir.file("a.png"), test::png_bytes(2, 1, 0, {1, 2}));
  test::write_file(dir.file("b.png"), test::png_bytes(2, 1, 0, {3, 4}));
  const RowMatrix expected = (RowMatrix(2, 2) << 1, 2, 3, 4).finished();
  EXPECT_EQ(load_dataset("idx:" + dir.file("a.idx")).records, expected);
  EXPECT_EQ(load_dataset("npy:" + dir.file("a.npy")).records, expected);
  EXPECT_EQ(load_dataset("png:" + dir.path()).records, expected);
  for (const std::string& bad : std::vector<std::string>{"", "mnist", "idx:", "csv:x.csv", dir.file("a.idx")}) {
    expect_error<InvalidInput>([&] { load_dataset(bad); }, {"unknown data set", "fashion-mnist", "idx:PATH"});
  }
}

TEST(LoadDataset, FashionMnistHas70000Images) {
  for (const std::string& file : {fashion_mnist_train_images(), fashion_mnist_test_images()}) {
    ASSERT_TRUE(std::filesystem::exists(file))
        << file << " is missing: install the Debian package dataset-fashion-mnist (scripts/setup.sh)";
  }
  const auto start = std::chrono::steady_clock::now();
  const Dataset set = load_dataset("fashion-mnist");
  std::printf("load_dataset(fashion-mnist): %.3f s\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  ASSERT_EQ(set.records.rows(), 70000);
  ASSERT_EQ(set.records.cols(), 784);
  EXPECT_EQ(set.shape, (ImageShape{1, 28, 28}));
  // Literals from python3 + gzip: the first training image sums to 76247, the first and last
  // test images to 33456 and 24390; train comes first, test second.
  EXPECT_EQ(set.records.row(0).sum(), 76247.0);
  EXPECT_EQ(set.records.row(60000).sum(), 33456.0);
  EXPECT_EQ(set.records.row(69999).sum(), 24390.0);
  EXPECT_GE(set.records.minCoeff(), 0.0);
  EXPECT_LE(set.records.maxCoeff(), 255.0);
}

}  // namespace
}  // namespace reconbound
