// PNG folders: images written by a hand-made PNG encoder (not by the libpng codec under test),
// read back as channel-major RGB or grey records in file-name order; every rejection path.
#include <gtest/gtest.h>

#include "data_test_support.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound {
namespace {

using test::expect_error;
using test::png_bytes;

// Colour image w × h with R = 10·x + y, G = 100 + x, B = 200 + y (file order R, G, B).
std::vector<std::uint16_t> rgb_samples(std::uint32_t w, std::uint32_t h, bool alpha, std::uint16_t offset) {
  std::vector<std::uint16_t> s;
  for (std::uint32_t y = 0; y < h; ++y) {
    for (std::uint32_t x = 0; x < w; ++x) {
      s.insert(s.end(), {static_cast<std::uint16_t>(10 * x + y + offset), static_cast<std::uint16_t>(100 + x),
                         static_cast<std::uint16_t>(200 + y)});
      if (alpha) s.push_back(static_cast<std::uint16_t>(17 * x));  // varying alpha, to be ignored
    }
  }
  return s;
}

TEST(PngFolder, ReadsGreyImagesInFileNameOrder) {
  test::TempDir dir;
  // Written out of order; b.png, a.png, c.PNG must come back as a, b, c.
  test::write_file(dir.file("b.png"), png_bytes(3, 2, 0, {10, 11, 12, 13, 14, 15}));
  test::write_file(dir.file("a.png"), png_bytes(3, 2, 0, {0, 1, 2, 3, 4, 255}));
  test::write_file(dir.file("c.PNG"), png_bytes(3, 2, 0, {20, 21, 22, 23, 24, 25}));
  test::write_file(dir.file("notes.txt"), {'h', 'i'});
  const Dataset set = read_png_folder(dir.path());
  EXPECT_EQ(set.shape, (ImageShape{1, 2, 3}));
  EXPECT_EQ(set.records,
            (RowMatrix(3, 6) << 0, 1, 2, 3, 4, 255, 10, 11, 12, 13, 14, 15, 20, 21, 22, 23, 24, 25).finished());
  EXPECT_EQ(set.source, "png:" + dir.path());
}

TEST(PngFolder, StoresColourAsChannelMajorRgbAndDropsAlpha) {
  test::TempDir dir;
  const std::uint32_t w = 4, h = 3;
  test::write_file(dir.file("0.png"), png_bytes(w, h, 2, rgb_samples(w, h, false, 0)));
  test::write_file(dir.file("1.png"), png_bytes(w, h, 6, rgb_samples(w, h, true, 50)));
  const Dataset set = load_dataset("png:" + dir.path());
  ASSERT_EQ(set.shape, (ImageShape{3, h, w}));
  ASSERT_EQ(set.records.rows(), 2);
  for (int r = 0; r < 2; ++r) {
    for (std::size_t y = 0; y < h; ++y) {
      for (std::size_t x = 0; x < w; ++x) {
        const auto at = [&](std::size_t c) { return set.records(r, static_cast<Eigen::Index>((c * h + y) * w + x)); };
        EXPECT_EQ(at(0), static_cast<double>(10 * x + y + 50 * r)) << "R at " << x << "," << y;
        EXPECT_EQ(at(1), static_cast<double>(100 + x));
        EXPECT_EQ(at(2), static_cast<double>(200 + y));
      }
    }
  }
}

TEST(PngFolder, KeepsGreyWithAlphaAsOneChannel) {
  test::TempDir dir;
  // Grey + alpha (colour type 4), samples grey, alpha: one grey channel, alpha dropped.
  test::write_file(dir.file("a.png"), png_bytes(2, 2, 4, {10, 255, 20, 0, 30, 128, 40, 7}));
  test::write_file(dir.file("b.png"), png_bytes(2, 2, 0, {1, 2, 3, 4}));
  const Dataset set = read_png_folder(dir.path());
  EXPECT_EQ(set.shape, (ImageShape{1, 2, 2}));
  EXPECT_EQ(set.records, (RowMatrix(2, 4) << 10, 20, 30, 40, 1, 2, 3, 4).finished());
}

TEST(PngFolder, RejectsWhatItCannotReadExactly) {
  test::TempDir dir;
  expect_error<FileError>([&] { read_png_folder(dir.file("absent")); }, {"absent", "no such folder"});
  expect_error<FileError>([&] { read_png_folder(dir.path()); }, {"no *.png files"});

  test::write_file(dir.file("a.png"), png_bytes(3, 2, 0, {0, 1, 2, 3, 4, 5}));
  test::write_file(dir.file("b.png"), png_bytes(2, 3, 0, {0, 1, 2, 3, 4, 5}));
  expect_error<FileError>([&] { read_png_folder(dir.path()); }, {"b.png", "2x3", "a.png", "one size"});

  std::filesystem::remove(dir.file("b.png"));
  test::write_file(dir.file("b.png"), png_bytes(3, 2, 2, rgb_samples(3, 2, false, 0)));
  expect_error<FileError>([&] { read_png_folder(dir.path()); }, {"b.png", "3 channel(s)", "colour type"});

  std::filesystem::remove(dir.file("b.png"));
  test::write_file(dir.file("b.png"), png_bytes(3, 2, 0, {0, 1, 2, 3, 4, 65535}, 16));
  expect_error<FileError>([&] { read_png_folder(dir.path()); }, {"b.png", "8-bit"});

  std::filesystem::remove(dir.file("b.png"));
  test::write_file(dir.file("b.png"), {'n', 'o', 't', ' ', 'a', ' ', 'p', 'n', 'g'});
  expect_error<FileError>([&] { read_png_folder(dir.path()); }, {"b.png", "cannot decode"});
}

}  // namespace
}  // namespace reconbound
