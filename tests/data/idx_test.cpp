// IDX reading: the real Fashion-MNIST test images against zlib's own gz reader and statistics
// computed with python3, round trips of every element type and rank, and every rejection path.
#include <gtest/gtest.h>
#include <zlib.h>

#include <chrono>
#include <cmath>
#include <filesystem>
#include <limits>

#include "data_test_support.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound {
namespace {

using test::Bytes;
using test::expect_error;
using test::gzread_all;

TEST(Idx, ReadsFashionMnistTestImagesExactly) {
  const std::string path = fashion_mnist_test_images();
  ASSERT_TRUE(std::filesystem::exists(path))
      << path << " is missing: install the Debian package dataset-fashion-mnist (scripts/setup.sh)";
  const auto start = std::chrono::steady_clock::now();
  const Dataset set = read_idx(path);
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("read_idx(Fashion-MNIST t10k): %.3f s\n", seconds);

  ASSERT_EQ(set.records.rows(), 10000);
  ASSERT_EQ(set.records.cols(), 784);
  EXPECT_EQ(set.shape, (ImageShape{1, 28, 28}));
  EXPECT_EQ(set.source, "idx:" + path);

  // Every pixel equals the byte zlib's gzread gives after the 16-byte header. The CRC-32 of the
  // whole decompressed file (python3: zlib.crc32(gzip.open(path).read()) = 0x678fe0b1) pins
  // those bytes, and so the file, independently.
  const Bytes raw = gzread_all(path);
  ASSERT_EQ(raw.size(), 7840016u);
  EXPECT_EQ(crc32(0, raw.data(), static_cast<uInt>(raw.size())), 0x678fe0b1u);
  for (std::size_t i = 0; i < 10000u * 784u; ++i) {
    ASSERT_EQ(set.records.data()[i], static_cast<double>(raw[16 + i])) << "value " << i;
  }

  // Literals from python3 + gzip (px = gzip.open(path).read()[16:]): image 0 has 267 non-zero
  // pixels summing to 33456, pixels 215, 216, 219, 221 are 3 1 7 37; image 1 sums to 100994;
  // the last image sums to 24390 and its pixel 400 is 45; the mean pixel is
  // sum(px)/7840000 = 73.14656658163265; the trace of the unbiased covariance
  // Σ_j (Σ x² − (Σ x)²/n)/(n − 1) is 4417053.201510531.
  EXPECT_EQ((set.records.row(0).array() > 0).count(), 267);
  EXPECT_EQ(set.records.row(0).sum(), 33456.0);
  const int first_at[] = {215, 216, 219, 221};
  const double first_pixels[] = {3, 1, 7, 37};
  for (int j = 0; j < 4; ++j) EXPECT_EQ(set.records(0, first_at[j]), first_pixels[j]);
  EXPECT_EQ(set.records.row(1).sum(), 100994.0);
  EXPECT_EQ(set.records.row(9999).sum(), 24390.0);
  EXPECT_EQ(set.records(9999, 400), 45.0);
  EXPECT_NEAR(set.records.mean(), 73.14656658163265, 1e-12);
  const Eigen::RowVectorXd means = set.records.colwise().mean();
  const double trace = (set.records.rowwise() - means).squaredNorm() / (10000 - 1);
  EXPECT_NEAR(trace, 4417053.201510531, 1e-9 * 4417053.0);
}

TEST(Idx, RoundTripsUint8InEveryRank) {
  const Bytes pixels = {0, 1, 2, 3, 4, 5, 250, 251, 252, 253, 254, 255};
  struct Case {
    std::vector<std::uint32_t> dims;
    ImageShape shape;
  };
  for (const Case& c :
       {Case{{12}, {1, 1, 1}}, Case{{3, 4}, {1, 1, 4}}, Case{{2, 3, 2}, {1, 3, 2}}, Case{{1, 3, 2, 2}, {3, 2, 2}}}) {
    const Bytes file = test::idx_bytes(0x08, c.dims, pixels);
    const Dataset set = parse_idx(file, "mem");
    EXPECT_EQ(set.shape, c.shape);
    ASSERT_EQ(static_cast<std::size_t>(set.records.rows()), c.dims[0]);
    ASSERT_EQ(static_cast<std::size_t>(set.records.cols()), c.shape.size());
    for (std::size_t i = 0; i < pixels.size(); ++i) EXPECT_EQ(set.records.data()[i], pixels[i]);
  }
}

TEST(Idx, RoundTripsEveryElementType) {
  Bytes i8 = {0x80, 0xFF, 0x00, 0x7F};
  EXPECT_EQ(parse_idx(test::idx_bytes(0x09, {1, 4}, i8), "m").records,
            (RowMatrix(1, 4) << -128, -1, 0, 127).finished());

  Bytes i16;
  for (std::int16_t v : {std::int16_t{-32768}, std::int16_t{-2}, std::int16_t{300}, std::int16_t{32767}}) {
    test::append_value(i16, v, true);
  }
  EXPECT_EQ(parse_idx(test::idx_bytes(0x0B, {2, 2}, i16), "m").records,
            (RowMatrix(2, 2) << -32768, -2, 300, 32767).finished());

  Bytes i32;
  for (std::int32_t v : {std::numeric_limits<std::int32_t>::min(), 70000, -1}) test::append_value(i32, v, true);
  EXPECT_EQ(parse_idx(test::idx_bytes(0x0C, {3}, i32), "m").records,
            (RowMatrix(3, 1) << -2147483648.0, 70000, -1).finished());

  Bytes f32;
  for (float v : {0.5f, -1.25f, 255.0f, 1e-30f}) test::append_value(f32, v, true);
  EXPECT_EQ(parse_idx(test::idx_bytes(0x0D, {1, 2, 2}, f32), "m").records,
            (RowMatrix(1, 4) << 0.5, -1.25, 255.0, static_cast<double>(1e-30f)).finished());

  Bytes f64;
  for (double v : {3.5, -7.0, 1e300}) test::append_value(f64, v, true);
  EXPECT_EQ(parse_idx(test::idx_bytes(0x0E, {3, 1}, f64), "m").records,
            (RowMatrix(3, 1) << 3.5, -7.0, 1e300).finished());
}

TEST(Idx, ReadsRawAndGzippedFilesAlike) {
  test::TempDir dir;
  const Bytes file = test::idx_bytes(0x08, {2, 2, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12});
  test::write_file(dir.file("raw.idx"), file);
  test::write_file(dir.file("packed.idx.gz"), test::gzip_bytes(file));
  const Dataset raw = read_idx(dir.file("raw.idx"));
  const Dataset packed = read_idx(dir.file("packed.idx.gz"));
  EXPECT_EQ(raw.records, packed.records);
  EXPECT_EQ(raw.shape, (ImageShape{1, 2, 3}));
  EXPECT_EQ(packed.records(1, 5), 12.0);
  // Two gzip members back to back (`cat a.gz b.gz`) are one stream.
  const Bytes half1(file.begin(), file.begin() + 9), half2(file.begin() + 9, file.end());
  Bytes two = test::gzip_bytes(half1);
  const Bytes second = test::gzip_bytes(half2);
  two.insert(two.end(), second.begin(), second.end());
  test::write_file(dir.file("two.gz"), two);
  EXPECT_EQ(read_idx(dir.file("two.gz")).records, raw.records);
}

TEST(Idx, RejectsBrokenFilesNamingTheProblem) {
  const Bytes px = {1, 2, 3, 4, 5, 6};
  expect_error<FileError>([] { parse_idx(Bytes{0, 0}, "f.idx"); }, {"f.idx", "magic"});
  Bytes bad_magic = test::idx_bytes(0x08, {6}, px);
  bad_magic[1] = 0x08;
  expect_error<FileError>([&] { parse_idx(bad_magic, "f.idx"); }, {"f.idx", "bad magic"});
  expect_error<FileError>([&] { parse_idx(test::idx_bytes(0x07, {6}, px), "f.idx"); }, {"element type 0x07"});
  expect_error<FileError>([&] { parse_idx(test::idx_bytes(0x08, {}, px), "f.idx"); }, {"0 dimensions"});
  expect_error<FileError>([&] { parse_idx(test::idx_bytes(0x08, {1, 1, 1, 1, 6}, px), "f.idx"); }, {"5 dimensions"});
  expect_error<FileError>([&] { parse_idx(Bytes{0, 0, 8, 3, 0, 0, 0, 1}, "f.idx"); }, {"truncated IDX header"});
  expect_error<FileError>(
      [&] {
        parse_idx(test::idx_bytes(0x08, {2, 4}, px), "f.idx");
      },
      {"f.idx", "truncated", "need 8", "found 6"});
  expect_error<FileError>([&] { parse_idx(test::idx_bytes(0x08, {1, 4}, px), "f.idx"); }, {"2 trailing bytes"});
  expect_error<FileError>([&] { parse_idx(test::idx_bytes(0x08, {0, 6}, {}), "f.idx"); }, {"zero records"});
  expect_error<FileError>([&] { parse_idx(test::idx_bytes(0x08, {6, 0}, {}), "f.idx"); }, {"dimension 1 is 0"});
  // 2^32−1 records of (2^32−1)² values: N·d overflows 64 bits; refused before any allocation.
  expect_error<FileError>(
      [&] {
        parse_idx(test::idx_bytes(0x08, {0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF}, px), "f.idx");
      },
      {"larger than the limit"});
  expect_error<FileError>(
      [&] {
        parse_idx(test::idx_bytes(0x08, {65536, 32769}, px), "f.idx");
      },
      {"larger than the limit"});
  Bytes nan;
  for (float v : {1.0f, 2.0f, 3.0f, std::numeric_limits<float>::quiet_NaN()}) test::append_value(nan, v, true);
  expect_error<FileError>(
      [&] {
        parse_idx(test::idx_bytes(0x0D, {2, 2}, nan), "f.idx");
      },
      {"record 1", "non-finite", "position 1"});
  Bytes inf;
  test::append_value(inf, -std::numeric_limits<double>::infinity(), true);
  expect_error<FileError>([&] { parse_idx(test::idx_bytes(0x0E, {1}, inf), "f.idx"); }, {"record 0", "non-finite"});
}

TEST(Idx, RejectsBrokenGzipAndMissingFiles) {
  test::TempDir dir;
  expect_error<FileError>([&] { read_idx(dir.file("absent.gz")); }, {"absent.gz", "no such file"});
  expect_error<FileError>([&] { read_idx(dir.path()); }, {"not a regular file"});
  const Bytes packed = test::gzip_bytes(test::idx_bytes(0x08, {4, 25}, Bytes(100, 7)));
  test::write_file(dir.file("cut.gz"), Bytes(packed.begin(), packed.end() - 12));
  expect_error<FileError>([&] { read_idx(dir.file("cut.gz")); }, {"cut.gz", "truncated"});
  Bytes corrupt = packed;
  corrupt[12] ^= 0xFF;
  corrupt[13] ^= 0xFF;
  test::write_file(dir.file("corrupt.gz"), corrupt);
  expect_error<FileError>([&] { read_idx(dir.file("corrupt.gz")); }, {"corrupt.gz", "corrupt gzip"});
  Bytes garbage = packed;
  garbage.insert(garbage.end(), {1, 2, 3});
  test::write_file(dir.file("garbage.gz"), garbage);
  expect_error<FileError>([&] { read_idx(dir.file("garbage.gz")); }, {"3 unexpected bytes"});
}

TEST(Idx, GunzipRefusesOutputBeyondItsCap) {
  // 1 MB of zeros deflates to about 1 kB: a small decompression bomb against a 64 kB cap.
  const Bytes packed = test::gzip_bytes(Bytes(1 << 20, 0));
  expect_error<FileError>([&] { detail::gunzip(packed, "bomb.gz", 1 << 16); }, {"bomb.gz", "more than 65536 bytes"});
  EXPECT_EQ(detail::gunzip(packed, "ok.gz", 1 << 21).size(), std::size_t{1} << 20);
}

}  // namespace
}  // namespace reconbound
