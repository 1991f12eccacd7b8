// The seed of the RapidCheck property tests (docs/testing.md), linked into every test
// program by reconbound_add_test.
//
// ctest runs each test with RC_PARAMS="seed=<fixed>" (cmake/ReconboundPlugin.cmake), so a
// run is reproducible. RECONBOUND_PROPERTY_SEED, when set, replaces that seed before
// RapidCheck reads RC_PARAMS: a number runs with that seed, "random" with a fresh one. Every
// failing test prints the seed the program ran with and how to run it again.
#include <gtest/gtest.h>
#include <rapidcheck/detail/Configuration.h>

#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <random>
#include <sstream>
#include <string>

namespace {

constexpr const char* kSeedVariable = "RECONBOUND_PROPERTY_SEED";

std::uint64_t fresh_seed() {
  std::random_device device;
  return (static_cast<std::uint64_t>(device()) << 32) ^ device();
}

// The seed RECONBOUND_PROPERTY_SEED asks for; exits with a one-line message when it is
// neither "random" nor a decimal number.
std::uint64_t requested_seed(const std::string& choice) {
  if (choice == "random") return fresh_seed();
  std::uint64_t seed = 0;
  const char* end = choice.data() + choice.size();
  const auto [stop, error] = std::from_chars(choice.data(), end, seed);
  if (error != std::errc{} || stop != end) {
    std::cerr << kSeedVariable << "='" << choice << "' is neither 'random' nor a seed (a number below 2^64)\n";
    std::exit(2);
  }
  return seed;
}

// RC_PARAMS with its seed replaced (RapidCheck reads space-separated key=value pairs).
std::string with_seed(const char* rc_params, std::uint64_t seed) {
  std::istringstream pairs(rc_params == nullptr ? "" : rc_params);
  std::string out;
  std::string pair;
  while (pairs >> pair) {
    if (pair.rfind("seed=", 0) != 0) out += pair + " ";
  }
  return out + "seed=" + std::to_string(seed);
}

void apply_requested_seed() {
  const char* choice = std::getenv(kSeedVariable);
  if (choice == nullptr || *choice == '\0') return;
  const std::uint64_t seed = requested_seed(choice);
  ::setenv("RC_PARAMS", with_seed(std::getenv("RC_PARAMS"), seed).c_str(), 1);
  std::cout << "[ seed     ] property tests run with RapidCheck seed " << seed << " (" << kSeedVariable << "="
            << choice << ")\n";
}

class SeedOnFailure : public ::testing::EmptyTestEventListener {
  void OnTestEnd(const ::testing::TestInfo& test) override {
    if (!test.result()->Failed()) return;
    const std::uint64_t seed = rc::detail::configuration().testParams.seed;
    std::cout << "[ seed     ] " << test.test_suite_name() << "." << test.name()
              << " failed; property tests in this program ran with RapidCheck seed " << seed << ": rerun with "
              << kSeedVariable << "=" << seed << " --gtest_filter=" << test.test_suite_name() << "." << test.name()
              << "\n";
  }
};

// Runs before main (gtest_main) and so before RapidCheck first reads RC_PARAMS.
const bool kSeedInstalled = [] {
  apply_requested_seed();
  ::testing::UnitTest::GetInstance()->listeners().Append(new SeedOnFailure);
  return true;
}();

}  // namespace
