// The structured records: each is drawn by a function of the pixel's (channel, row, column).
#include "representation_records.hpp"

#include <fmt/format.h>

#include <functional>
#include <random>

namespace reconbound::conformance::detail {
namespace {

constexpr double kWhite = 255.0;

using Pixel = std::function<double(std::size_t channel, std::size_t row, std::size_t column)>;

RowMatrix drawn(const ImageShape& shape, const Pixel& pixel) {
  RowMatrix record(1, static_cast<Eigen::Index>(shape.size()));
  Eigen::Index at = 0;
  for (std::size_t c = 0; c < shape.channels; ++c) {
    for (std::size_t y = 0; y < shape.height; ++y) {
      for (std::size_t x = 0; x < shape.width; ++x) record(0, at++) = pixel(c, y, x);
    }
  }
  return record;
}

double level(bool bright) { return bright ? kWhite : 0.0; }

// `fraction` of the pixels set to 0 or 255 at random on a grey 128 background.
RowMatrix salt_and_pepper(const ImageShape& shape, double fraction, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::bernoulli_distribution hit(fraction), salt(0.5);
  return drawn(shape, [&](std::size_t, std::size_t, std::size_t) { return hit(rng) ? level(salt(rng)) : 128.0; });
}

void add_edges_and_lines(const ImageShape& s, RecordSet& set) {
  const std::size_t mid_x = s.width / 2, mid_y = s.height / 2;
  for (const bool up : {true, false}) {
    const char* from = up ? "0" : "255";
    const char* to = up ? "255" : "0";
    set.add(drawn(s, [&](auto, auto, auto x) { return level((x >= mid_x) == up); }),
            fmt::format("step left {} | right {}", from, to));
    set.add(drawn(s, [&](auto, auto y, auto) { return level((y >= mid_y) == up); }),
            fmt::format("step top {} / bottom {}", from, to));
    set.add(drawn(s, [&](auto, auto y, auto x) { return level((y * s.width >= x * s.height) == up); }),
            fmt::format("diagonal step {} below / {} above", to, from));
    set.add(drawn(s, [&](auto, auto y, auto) { return level((y == mid_y) == up); }),
            fmt::format("horizontal line {} on {}", to, from));
    set.add(drawn(s, [&](auto, auto, auto x) { return level((x == mid_x) == up); }),
            fmt::format("vertical line {} on {}", to, from));
  }
  set.add(drawn(s, [](auto, auto, auto x) { return level(x / 2 % 2 == 1); }), "vertical stripes 2 pixels wide");
  set.add(drawn(s, [](auto, auto y, auto) { return level(y / 2 % 2 == 1); }), "horizontal stripes 2 pixels wide");
}

void add_textures(const ImageShape& s, RecordSet& set) {
  for (const std::size_t square : {1, 2, 4}) {
    set.add(drawn(s, [&](auto, auto y, auto x) { return level((y / square + x / square) % 2 == 1); }),
            fmt::format("checkerboard of {}-pixel squares", square));
  }
  set.add(drawn(s, [](auto, auto y, auto x) { return level((y + x) % 2 == 0); }), "checkerboard of 1-pixel squares, inverted");
  const auto pixel_at = [&](std::size_t row, std::size_t column, bool bright) {
    return drawn(s, [=](auto, auto y, auto x) { return level((y == row && x == column) == bright); });
  };
  set.add(pixel_at(s.height / 2, s.width / 2, true), "one bright pixel in the centre");
  set.add(pixel_at(0, 0, true), "one bright pixel in the top-left corner");
  set.add(pixel_at(s.height - 1, s.width - 1, true), "one bright pixel in the bottom-right corner");
  set.add(pixel_at(s.height / 2, s.width / 2, false), "one dark pixel in the centre on white");
  set.add(salt_and_pepper(s, 0.05, 11), "salt-and-pepper 5 % on 128");
  set.add(salt_and_pepper(s, 0.5, 12), "salt-and-pepper 50 % on 128");
  const auto ramp = [](std::size_t at, std::size_t size) { return size > 1 ? kWhite * at / (size - 1) : 0.0; };
  set.add(drawn(s, [&](auto, auto, auto x) { return ramp(x, s.width); }), "ramp 0 to 255 left to right");
  set.add(drawn(s, [&](auto, auto y, auto) { return ramp(y, s.height); }), "ramp 0 to 255 top to bottom");
  set.add(drawn(s, [&](auto, auto y, auto x) { return ramp(x + y, s.width + s.height - 1); }), "ramp 0 to 255 along the diagonal");
  if (s.channels > 1) set.add(drawn(s, [](auto c, auto, auto) { return level(c == 0); }), "channel 0 at 255, the others 0");
}

}  // namespace

void RecordSet::add(const RowMatrix& records, const std::string& name_prefix) {
  const Eigen::Index first = rows.rows();
  rows.conservativeResize(first + records.rows(), records.cols());
  rows.bottomRows(records.rows()) = records;
  for (Eigen::Index i = 0; i < records.rows(); ++i) {
    names.push_back(records.rows() == 1 ? name_prefix : fmt::format("{} {}", name_prefix, i));
  }
}

RecordSet structured_records(const ImageShape& shape) {
  RecordSet set;
  for (const double value : {0.0, 1.0, 128.0, 254.0, kWhite}) {
    set.add(drawn(shape, [=](auto, auto, auto) { return value; }), fmt::format("constant {}", value));
  }
  add_edges_and_lines(shape, set);
  add_textures(shape, set);
  return set;
}

RowMatrix noise_records(const ImageShape& shape, std::size_t n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> grey(0, 255);
  RowMatrix x(static_cast<Eigen::Index>(n), static_cast<Eigen::Index>(shape.size()));
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = grey(rng);
  return x;
}

}  // namespace reconbound::conformance::detail
