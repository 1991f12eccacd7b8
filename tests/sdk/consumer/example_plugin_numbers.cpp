// Checks the example plugins (examples/plugins) through the installed SDK: γ of `gaussian`
// and the pixels of `centre_crop` against values worked out by hand; then prints ε(δ) of
// `gaussian` for a few cases, one line each, "epsilon k sigma noise_scale delta lower
// estimate upper", which the test script compares with its own numerical integration.
// Exit code 1 when a check fails.
#include <cmath>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"

namespace {

using reconbound::Params;

int failures = 0;

void expect(bool ok, const std::string& what) {
  std::fprintf(stderr, "%s %s\n", ok ? "PASS" : "FAIL", what.c_str());
  if (!ok) ++failures;
}

bool near(double value, double expected, double relative) {
  return std::abs(value - expected) <= relative * std::abs(expected);
}

bool throws_invalid_input(const std::function<void()>& action) {
  try {
    action();
  } catch (const reconbound::InvalidInput&) {
    return true;
  }
  return false;
}

void check_gaussian(const reconbound::Registry& registry) {
  const auto mechanism = registry.make_mechanism("gaussian", Params::parse("k=10,sigma=4"));
  const reconbound::MechanismNeeds needs = mechanism->needs();
  expect(needs.noise_scale && !needs.schedule && !needs.data,
         "gaussian needs only the noise factor");
  // γ = k / (2σ² ln 2) = 10 / (32 ln 2) bits; with the noise factor 2, 10 / (128 ln 2).
  const double gamma = mechanism->leakage({}).gamma_bits;
  expect(near(gamma, 0.45084220027780106480, 1e-15), "gaussian gamma(k=10, sigma=4) = 10/(32 ln 2) bits");
  const double scaled = mechanism->leakage({.noise_scale = 2.0}).gamma_bits;
  expect(near(scaled, 0.11271055006945026620, 1e-15), "gaussian gamma at noise factor 2 = 10/(128 ln 2) bits");
  expect(throws_invalid_input([&] { mechanism->leakage({.noise_scale = 0.0}); }),
         "gaussian refuses the noise factor 0");
  expect(mechanism->accountant() != nullptr, "gaussian provides an accountant");
  expect(registry.make_mechanism("gaussian", Params::parse("k=10,sigma=4,accounting=off"))->accountant() == nullptr,
         "gaussian with accounting=off provides none");
  for (const char* bad : {"k=0,sigma=4", "k=10,sigma=0", "k=10", "k=10,sigma=4,accounting=maybe",
                          "k=10,sigma=4,tau=1"}) {
    expect(throws_invalid_input([&] { registry.make_mechanism("gaussian", Params::parse(bad)); }),
           std::string("gaussian refuses ") + bad);
  }
}

void print_epsilon(const reconbound::Registry& registry, int k, double sigma, double noise_scale,
                   double delta) {
  const std::string params = "k=" + std::to_string(k) + ",sigma=" + std::to_string(sigma);
  const auto mechanism = registry.make_mechanism("gaussian", Params::parse(params));
  const reconbound::EpsilonResult r =
      mechanism->accountant()->epsilon({.noise_scale = noise_scale}, delta, {});
  std::printf("epsilon %d %.17g %.17g %.17g %.17g %.17g %.17g\n", k, sigma, noise_scale, delta,
              r.epsilon_lower, r.epsilon, r.epsilon_upper);
}

void check_centre_crop(const reconbound::Registry& registry) {
  const auto crop = registry.make_representation("centre_crop", Params::parse("size=3"));
  // A 2 × 5 × 6 image with x[c, h, w] = 100c + 10h + w: the 3 × 3 centre starts at
  // top = ⌊(5 − 3)/2⌋ = 1, left = ⌊(6 − 3)/2⌋ = 1.
  const reconbound::ImageShape shape{.channels = 2, .height = 5, .width = 6};
  reconbound::RowMatrix image(1, 60);
  for (int c = 0; c < 2; ++c) {
    for (int h = 0; h < 5; ++h) {
      for (int w = 0; w < 6; ++w) image(0, c * 30 + h * 6 + w) = 100 * c + 10 * h + w;
    }
  }
  const std::vector<double> expected{11,  12,  13,  21,  22,  23,  31,  32,  33,
                                     111, 112, 113, 121, 122, 123, 131, 132, 133};
  const reconbound::RepresentationInfo info = crop->describe(shape);
  expect(info.output_dim == 18, "centre_crop m = C * size^2 = 18");
  expect(info.max_squared_distance == 255.0 * 255.0 * 18, "centre_crop B = 255^2 * 18");
  reconbound::RowMatrix out(1, 18);
  crop->map(shape, image, out);
  expect(std::vector<double>(out.data(), out.data() + 18) == expected,
         "centre_crop keeps rows 1-3 and columns 1-3 of both channels, grey levels unchanged");
  std::string why;
  expect(!crop->accepts({.channels = 1, .height = 2, .width = 6}, why) && !why.empty(),
         "centre_crop refuses an image smaller than the crop, saying why");
  expect(throws_invalid_input([&] { registry.make_representation("centre_crop", Params::parse("size=0")); }),
         "centre_crop refuses size=0");
}

}  // namespace

int main() {
  try {
    const reconbound::Registry registry;
    check_gaussian(registry);
    check_centre_crop(registry);
    print_epsilon(registry, 10, 4.0, 1.0, 1e-5);
    print_epsilon(registry, 10, 2.0, 2.0, 1e-5);
    print_epsilon(registry, 1, 1.0, 1.0, 1e-3);
    print_epsilon(registry, 100, 2.0, 1.0, 1e-8);
    print_epsilon(registry, 3, 50.0, 1.0, 0.5);
  } catch (const reconbound::Error& e) {
    std::fprintf(stderr, "FAIL %s\n", e.what());
    return 1;
  }
  return failures == 0 ? 0 : 1;
}
