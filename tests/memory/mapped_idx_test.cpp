// MappedDataset for IDX files and Fashion-MNIST (docs/memory.md): the records parse_idx gives
// for every element type, raw (mapped) or gzipped (inflated and kept), in any order; a broken
// file refused when it is opened with parse_idx's FileError; Fashion-MNIST's 70,000 records in
// load_dataset's order, checked against zlib's own gz reader.
#include <gtest/gtest.h>

#include <limits>

#include "../data/data_test_support.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound {
namespace {

using test::Bytes;
using test::expect_error;
using test::gzread_all;

RowMatrix mapped_rows(const MappedDataset& set, const std::vector<std::size_t>& indices) {
  RowMatrix out(static_cast<Eigen::Index>(indices.size()), static_cast<Eigen::Index>(set.shape().size()));
  set.read(indices, out);
  return out;
}

// 4 records of 2 × 3 values of every IDX element type (big-endian, as the format stores them).
std::vector<std::pair<std::uint8_t, Bytes>> every_type() {
  std::vector<std::pair<std::uint8_t, Bytes>> out(6);
  out[0].first = 0x08, out[1].first = 0x09, out[2].first = 0x0B, out[3].first = 0x0C, out[4].first = 0x0D,
  out[5].first = 0x0E;
  for (int i = 0; i < 24; ++i) {
    out[0].second.push_back(static_cast<std::uint8_t>(i * 10 + 3));
    test::append_value(out[1].second, static_cast<std::int8_t>(i * 5 - 60), true);
    test::append_value(out[2].second, static_cast<std::int16_t>(i * 1000 - 9000), true);
    test::append_value(out[3].second, static_cast<std::int32_t>(i * 100000 - 7), true);
    test::append_value(out[4].second, static_cast<float>(i) * -0.37f + 1e-3f, true);
    test::append_value(out[5].second, static_cast<double>(i) * 1.0e-7 - 3.25e5, true);
  }
  return out;
}

TEST(MappedIdx, GivesTheRecordsParseIdxGivesRawOrGzipped) {
  const test::TempDir dir;
  for (const auto& [type, payload] : every_type()) {
    SCOPED_TRACE(static_cast<int>(type));
    const Bytes file = test::idx_bytes(type, {4, 2, 3}, payload);
    test::write_file(dir.file("raw.idx"), file);
    test::write_file(dir.file("packed.idx.gz"), test::gzip_bytes(file));
    const Dataset parsed = parse_idx(file, "x");
    for (const std::string name : {"raw.idx", "packed.idx.gz"}) {
      SCOPED_TRACE(name);
      const std::string path = dir.file(name);
      const auto mapped = MappedDataset::open_idx(path);
      EXPECT_EQ(mapped->size(), 4u);
      EXPECT_EQ(mapped->shape(), (ImageShape{1, 2, 3}));
      EXPECT_EQ(mapped->source(), "idx:" + path);
      EXPECT_EQ(mapped->record_bytes(), payload.size() / 4);
      // A gzipped file is inflated and kept: its header and values; a raw file is only mapped.
      EXPECT_EQ(mapped->resident_bytes(), name == "raw.idx" ? 0u : file.size());
      const std::vector<std::size_t> shuffled = {3, 0, 3, 1};
      const RowMatrix rows = mapped_rows(*mapped, shuffled);
      for (std::size_t i = 0; i < shuffled.size(); ++i) {
        EXPECT_EQ(rows.row(static_cast<Eigen::Index>(i)), parsed.records.row(static_cast<Eigen::Index>(shuffled[i])));
      }
      EXPECT_EQ(mapped->read_all().records, parsed.records);
      EXPECT_EQ(read_idx(path).records, parsed.records);
      EXPECT_EQ(map_dataset("idx:" + path)->size(), 4u);
    }
  }
  EXPECT_EQ(map_dataset("png:" + dir.path()), nullptr);
  EXPECT_EQ(map_dataset("idx:"), nullptr);
  EXPECT_EQ(map_dataset("nonsense"), nullptr);
}

TEST(MappedIdx, RefusesABrokenFileWhenOpenedWithParseIdxsMessage) {
  const test::TempDir dir;
  const Bytes px = {1, 2, 3, 4, 5, 6};
  Bytes nan;
  for (float v : {1.0f, 2.0f, 3.0f, std::numeric_limits<float>::quiet_NaN()}) test::append_value(nan, v, true);
  const std::vector<Bytes> broken = {
      test::idx_bytes(0x08, {2, 4}, px),   // truncated data
      test::idx_bytes(0x08, {1, 4}, px),   // trailing bytes
      test::idx_bytes(0x07, {6}, px),      // unknown element type
      test::idx_bytes(0x0D, {2, 2}, nan),  // a NaN in record 1
      Bytes{0, 0},                         // shorter than the magic number
      Bytes{},                             // empty
  };
  for (std::size_t i = 0; i < broken.size(); ++i) {
    SCOPED_TRACE(i);
    for (const bool gzipped : {false, true}) {
      const std::string path = dir.file(gzipped ? "broken.idx.gz" : "broken.idx");
      test::write_file(path, gzipped ? test::gzip_bytes(broken[i]) : broken[i]);
      std::string expected;
      try {
        parse_idx(broken[i], path);
      } catch (const FileError& e) {
        expected = e.what();
      }
      ASSERT_FALSE(expected.empty());
      expect_error<FileError>([&] { MappedDataset::open_idx(path); }, {expected});
      expect_error<FileError>([&] { read_idx(path); }, {expected});
    }
  }
  test::write_file(dir.file("cut.gz"), Bytes{0x1F, 0x8B, 8});
  expect_error<FileError>([&] { MappedDataset::open_idx(dir.file("cut.gz")); }, {"cut.gz"});
  expect_error<FileError>([&] { MappedDataset::open_idx(dir.file("absent.idx")); }, {"absent.idx", "no such file"});
}

TEST(MappedIdx, FashionMnistIsTheTrainingThenTheTestImagesAsZlibReadsThem) {
  const std::string train = fashion_mnist_train_images(), test_images = fashion_mnist_test_images();
  const Bytes train_bytes = gzread_all(train), test_bytes = gzread_all(test_images);
  ASSERT_EQ(train_bytes.size(), 16u + 60000u * 784u) << train << " (install dataset-fashion-mnist)";
  ASSERT_EQ(test_bytes.size(), 16u + 10000u * 784u) << test_images;
  const auto mapped = map_dataset("fashion-mnist");
  ASSERT_NE(mapped, nullptr);
  EXPECT_EQ(mapped->size(), 70000u);
  EXPECT_EQ(mapped->shape(), (ImageShape{1, 28, 28}));
  EXPECT_EQ(mapped->resident_bytes(), train_bytes.size() + test_bytes.size());
  EXPECT_EQ(load_dataset("fashion-mnist").source, mapped->source());
  // Records from both files, across the seam, in any order: record r < 60,000 is training
  // image r, record 60,000 + t is test image t.
  const std::vector<std::size_t> records = {69999, 0, 59999, 60000, 12345, 65432};
  const RowMatrix rows = mapped_rows(*mapped, records);
  for (std::size_t i = 0; i < records.size(); ++i) {
    const bool in_train = records[i] < 60000;
    const Bytes& bytes = in_train ? train_bytes : test_bytes;
    const std::size_t image = in_train ? records[i] : records[i] - 60000;
    for (std::size_t j = 0; j < 784; ++j) {
      ASSERT_EQ(rows(static_cast<Eigen::Index>(i), static_cast<Eigen::Index>(j)),
                static_cast<double>(bytes[16 + image * 784 + j]))
          << "record " << records[i] << " value " << j;
    }
  }
}

}  // namespace
}  // namespace reconbound
