// `--data npy:PATH` with --layout and --scale (reconbound/record_encoding.hpp): an .npy file that
// looks scaled to [0, 1] or laid out channels last is refused naming the option to give; with the
// option it gives the bound of the same records stored as the core reads them; an option given is
// checked.
#include <gtest/gtest.h>

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"

using reconbound::test::fashion_mnist_t10k;
using reconbound::test::npy_float64;
using reconbound::test::run_cli;
using reconbound::test::TempDir;

namespace {

constexpr std::size_t kRecords = 40, kChannels = 3, kSide = 8;
using Args = std::vector<std::string>;

// Seeded grey levels of kRecords records (C, H, W) = (3, 8, 8), channel-major, each a multiple of
// 255/4 so that dividing by 255 and multiplying back is exact.
std::vector<double> grey_levels() {
  std::vector<double> values(kRecords * kChannels * kSide * kSide);
  std::uint32_t state = 12345;
  for (double& v : values) {
    state = state * 1664525u + 1013904223u;
    v = 255.0 / 4.0 * static_cast<double>((state >> 24) % 5);
  }
  return values;
}

// The same records channels last: (N, H, W, C).
std::vector<double> channels_last(const std::vector<double>& first) {
  std::vector<double> out(first.size());
  const std::size_t pixels = kSide * kSide, record = kChannels * pixels;
  for (std::size_t n = 0; n < kRecords; ++n) {
    for (std::size_t c = 0; c < kChannels; ++c) {
      for (std::size_t p = 0; p < pixels; ++p) out[n * record + p * kChannels + c] = first[n * record + c * pixels + p];
    }
  }
  return out;
}

Args bound_on(const std::string& path, const Args& more = {}) {
  Args args = {"bound", "--data", "npy:" + path, "--perp-range", "0:20", "--est-range", "20:40", "--gamma", "1",
               "--grid-k", "4,8", "--grid-nu2", "0.4,1.6", "--threads", "2", "--quiet"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

// The JSON of a bound without what names the file or times the run.
nlohmann::json bound_json(const Args& args) {
  Args with_json = args;
  with_json.push_back("--json");
  const auto r = run_cli(with_json);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  auto j = nlohmann::json::parse(r.out);
  for (const char* key : {"data", "timings_s"}) j.erase(key);
  j["grid_selection"].erase("seconds");
  j["certificate"]["ingredients"] = nullptr;  // their `data` lines name the file
  return j;
}

std::string error_line(const Args& args) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  return r.err;
}

TEST(DataEncodingCli, ValuesInZeroOneAreRefusedNamingScaleAndReadWithScaleOne) {
  const TempDir dir;
  std::vector<double> unit = grey_levels();
  for (double& v : unit) v /= 255.0;
  const std::string grey = dir.write("grey.npy", npy_float64({kRecords, kChannels, kSide, kSide}, grey_levels()));
  const std::string scaled = dir.write("unit.npy", npy_float64({kRecords, kChannels, kSide, kSide}, unit));
  EXPECT_EQ(error_line(bound_on(scaled)),
            "reconbound: error: " + scaled + ": float values all <= 1 (the largest is 1), as images scaled to "
            "[0, 1] are; records are grey levels in [0, 255]: give --scale 1 to multiply them by 255, or --scale 255 "
            "to read them as they are\n");
  EXPECT_EQ(bound_json(bound_on(scaled, {"--scale", "1"})), bound_json(bound_on(grey)));
  // A scale given is checked.
  EXPECT_EQ(error_line(bound_on(grey, {"--scale", "1"})),
            "reconbound: error: " + grey + ": values lie in [0, 255], outside the [0, 1] that --scale 1 says\n");
  EXPECT_EQ(error_line(bound_on(grey, {"--scale", "100"})),
            "reconbound: error: --scale 100 must be 255 (grey levels) or 1 (values in [0, 1], multiplied by 255)\n");
}

TEST(DataEncodingCli, ChannelsLastIsRefusedNamingLayoutAndReadWithNhwc) {
  const TempDir dir;
  const std::string first = dir.write("nchw.npy", npy_float64({kRecords, kChannels, kSide, kSide}, grey_levels()));
  const std::string last =
      dir.write("nhwc.npy", npy_float64({kRecords, kSide, kSide, kChannels}, channels_last(grey_levels())));
  EXPECT_EQ(error_line(bound_on(last)),
            "reconbound: error: " + last + ": records (8, 8, 3) end in an axis of 3, smaller than the two before "
            "it, as channels-last images do; give --layout \"NHWC\" to read them as (H, W, C), or --layout \"NCHW\" "
            "to read them as (C, H, W)\n");
  EXPECT_EQ(bound_json(bound_on(last, {"--layout", "NHWC"})), bound_json(bound_on(first)));
  // A layout given is obeyed (NCHW reads the file as 8 channels of 8 × 3) and checked.
  EXPECT_EQ(bound_json(bound_on(last, {"--layout", "NCHW"}))["m"].get<std::size_t>(), kSide * kSide * kChannels);
  const std::string flat = dir.write("flat.npy", npy_float64({kRecords, kSide, kSide * kChannels}, grey_levels()));
  EXPECT_EQ(error_line(bound_on(flat, {"--layout", "NHWC"})),
            "reconbound: error: " + flat + ": --layout \"NHWC\" reads records (N, H, W, C), but the array has 3 "
            "dimensions\n");
  EXPECT_EQ(error_line(bound_on(first, {"--layout", "nhwc"})),
            "reconbound: error: --layout \"nhwc\" must be \"NCHW\" (channels first) or \"NHWC\" (channels last)\n");
}

TEST(DataEncodingCli, LayoutAndScaleAreForNpyFilesOnly) {
  const auto r = run_cli({"bound", "--data", fashion_mnist_t10k(), "--layout", "NCHW", "--scale", "255", "--gamma",
                          "1", "--perp-range", "0:100", "--est-range", "100:200"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "reconbound: error: --layout and --scale are for arrays and npy: files; the data set '" +
                       fashion_mnist_t10k() + "' is read as it is stored\n");
}

}  // namespace
