#pragma once
// Helpers of the privacy CLI tests (epsilon, calibrate, spectrum): a small Fashion-MNIST bound,
// JSON output, full-precision numbers and the one-line error contract.
#include <gtest/gtest.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace reconbound::test {

// A small bound on the Fashion-MNIST test images: D⊥ = 0:1000, D_est = 1000:1400, grid
// {4, 8} × {0.4, 1.6} (block sizes that divide both 784 and the 200 of downsample:2, padded).
inline std::vector<std::string> small_bound(std::vector<std::string> args) {
  args.insert(args.end(), {"--data", fashion_mnist_t10k(), "--perp-range", "0:1000", "--est-range", "1000:1400",
                           "--grid-k", "4,8", "--grid-nu2", "0.4,1.6", "--threads", "2", "--quiet"});
  return args;
}

// A double on the command line with every digit (round-trips exactly).
inline std::string number(double x) { return nlohmann::json(x).dump(); }

inline nlohmann::json run_json(const std::vector<std::string>& args) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return r.exit_code == 0 ? nlohmann::json::parse(r.out) : nlohmann::json{};
}

inline void expect_one_line_error(const std::vector<std::string>& args, const std::string& needle) {
  const auto r = run_cli(args);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(needle), std::string::npos) << r.err;
}

}  // namespace reconbound::test
