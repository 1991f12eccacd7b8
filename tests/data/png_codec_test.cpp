// The PNG codec (reconbound/png_codec.hpp) on files written by the hand-made encoder of
// data_test_support.hpp: every colour type and bit depth as the folder reader and the mask
// reader take them, the refusals, and the encoder's files read back exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "data_test_support.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/png_codec.hpp"

namespace reconbound {
namespace {

using png::decode_png;
using png::PngError;
using png::PngImage;
using test::Bytes;
using test::png_bytes;

constexpr std::size_t kNoLimit = std::size_t{1} << 30;

// A palette of two entries, (10, 20, 30) and (40, 50, 60).
const std::pair<std::string, Bytes> kPalette{"PLTE", {10, 20, 30, 40, 50, 60}};

// A 1 x 1 grey file whose IHDR claims width x height (its CRC recomputed to match).
Bytes claiming_size(std::uint32_t width, std::uint32_t height) {
  Bytes file = png_bytes(1, 1, 0, {0});
  Bytes fields;
  test::append_be32(fields, width);
  test::append_be32(fields, height);
  std::copy(fields.begin(), fields.end(), file.begin() + 16);  // after the signature, length and "IHDR"
  Bytes crc;
  test::append_be32(crc, static_cast<std::uint32_t>(crc32(0, file.data() + 12, 17)));  // "IHDR" and its 13 bytes
  std::copy(crc.begin(), crc.end(), file.begin() + 29);
  return file;
}

std::vector<std::uint8_t> samples(std::initializer_list<int> values) {
  return {values.begin(), values.end()};
}

TEST(PngCodec, ExpandsLowBitGreyToFullRange) {
  const PngImage one = decode_png(png_bytes(3, 1, 0, {1, 0, 1}, 1), kNoLimit);
  EXPECT_EQ(one.samples, samples({255, 0, 255}));
  EXPECT_EQ(one.bit_depth, 1);
  const PngImage four = decode_png(png_bytes(2, 1, 0, {1, 15}, 4), kNoLimit);
  EXPECT_EQ(four.samples, samples({17, 255}));
  EXPECT_EQ(four.channels, 1u);
}

TEST(PngCodec, LooksUpPaletteEntriesAsRgbAndIgnoresTheirTransparency) {
  const PngImage image = decode_png(png_bytes(3, 1, 3, {0, 1, 1}, 2, {kPalette, {"tRNS", {0}}}), kNoLimit);
  EXPECT_EQ(image.color_type, 3);
  EXPECT_EQ(image.channels, 3u);
  EXPECT_EQ(image.samples, samples({10, 20, 30, 40, 50, 60, 40, 50, 60}));
}

TEST(PngCodec, DropsAlphaAndKeepsGreyWithATransparentLevelAsGrey) {
  EXPECT_EQ(decode_png(png_bytes(2, 1, 4, {10, 255, 20, 0}), kNoLimit).samples, samples({10, 20}));
  EXPECT_EQ(decode_png(png_bytes(2, 1, 6, {1, 2, 3, 9, 4, 5, 6, 0}), kNoLimit).samples, samples({1, 2, 3, 4, 5, 6}));
  const PngImage grey = decode_png(png_bytes(2, 1, 0, {0, 7}, 8, {{"tRNS", {0, 7}}}), kNoLimit);
  EXPECT_EQ(grey.channels, 1u);
  EXPECT_EQ(grey.samples, samples({0, 7}));
}

TEST(PngCodec, KeepsTheHighByteOfSixteenBitSamplesAndSaysSo) {
  const PngImage image = decode_png(png_bytes(2, 1, 0, {0x01ff, 0xee00}, 16), kNoLimit);
  EXPECT_EQ(image.bit_depth, 16);
  EXPECT_EQ(image.samples, samples({0x01, 0xee}));
}

TEST(PngCodec, RefusesWhatItCannotDecode) {
  test::expect_error<PngError>([] { decode_png(Bytes{'n', 'o', 't'}, kNoLimit); }, {"not a PNG file"});
  const Bytes whole = png_bytes(4, 4, 0, std::vector<std::uint16_t>(16, 3));
  test::expect_error<PngError>([&] { decode_png(Bytes(whole.begin(), whole.end() - 20), kNoLimit); }, {"ends early"});
  Bytes damaged = whole;
  damaged[20] ^= 1;  // inside IHDR: its CRC no longer matches
  test::expect_error<PngError>([&] { decode_png(damaged, kNoLimit); }, {"IHDR", "CRC"});
  // A header promising more pixels than its data can hold, or than the caller allows.
  test::expect_error<PngError>([] { decode_png(claiming_size(100000, 100000), kNoLimit); },
                               {"too short", "100000x100000"});
  test::expect_error<PngError>([&] { decode_png(whole, 15); }, {"4x4", "limit of 15 samples"});
}

TEST(PngCodec, EncodedRgbReadsBackExactly) {
  std::vector<std::uint8_t> rgb;
  for (int i = 0; i < 5 * 3 * 3; ++i) rgb.push_back(static_cast<std::uint8_t>(i * 37 % 256));
  const std::string file = png::encode_png_rgb(5, 3, rgb);
  const PngImage image = decode_png(Bytes(file.begin(), file.end()), kNoLimit);
  EXPECT_EQ(image.width, 5u);
  EXPECT_EQ(image.height, 3u);
  EXPECT_EQ(image.color_type, 2);
  EXPECT_EQ(image.samples, rgb);
  EXPECT_THROW(png::encode_png_rgb(5, 3, std::vector<std::uint8_t>(44)), std::invalid_argument);
}

TEST(PngFolder, ReadsPaletteImagesAsRgb) {
  test::TempDir dir;
  test::write_file(dir.file("a.png"), png_bytes(2, 1, 3, {1, 0}, 8, {kPalette}));
  const Dataset set = read_png_folder(dir.path());
  EXPECT_EQ(set.shape, (ImageShape{3, 1, 2}));
  EXPECT_EQ(set.records, (RowMatrix(1, 6) << 40, 10, 50, 20, 60, 30).finished());
}

}  // namespace
}  // namespace reconbound
