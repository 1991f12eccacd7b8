#pragma once
// Shared set-up of the DP-SGD attack tests: random records and a one-line error check.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>

#include "reconbound/error.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound::test {

// n × m records with coordinates uniform on [0, scale), like grey levels.
inline RowMatrix random_records(Eigen::Index n, Eigen::Index m, std::uint64_t seed, double scale = 1.0) {
  std::mt19937_64 engine(seed);
  std::uniform_real_distribution<double> uniform(0.0, scale);
  RowMatrix out(n, m);
  for (Eigen::Index i = 0; i < n; ++i) {
    for (Eigen::Index k = 0; k < m; ++k) out(i, k) = uniform(engine);
  }
  return out;
}

// The message of the InvalidInput that `call` throws; fails the test when it throws none or
// one that spans several lines.
template <class Call>
std::string invalid_input_message(const Call& call) {
  try {
    call();
  } catch (const InvalidInput& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    return message;
  }
  ADD_FAILURE() << "no InvalidInput thrown";
  return {};
}

}  // namespace reconbound::test
