#include "mathematics/dither.hpp"

#include <cmath>
#include <numbers>

namespace reconbound::goldfeld {

namespace {

constexpr std::uint64_t kGoldenGamma = 0x9e3779b97f4a7c15ULL;

// SplitMix64's finaliser: a bijection of 64-bit words with full avalanche.
std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// 53 random bits as a double in [0, 1).
double unit_interval(std::uint64_t word) {
  return static_cast<double>(word >> 11) * 0x1.0p-53;
}

}  // namespace

NormalStream::NormalStream(std::uint64_t seed, std::uint64_t block_size, std::uint64_t block)
    : counter_(mix(mix(mix(seed) + block_size * kGoldenGamma) + block)) {}

std::uint64_t NormalStream::next_word() {
  counter_ += kGoldenGamma;
  return mix(counter_);
}

double NormalStream::next() {
  if (has_spare_) {
    has_spare_ = false;
    return spare_;
  }
  // Box–Muller: u1 ∈ (0, 1] keeps the logarithm finite.
  const double u1 = 1.0 - unit_interval(next_word());
  const double u2 = unit_interval(next_word());
  const double radius = std::sqrt(-2.0 * std::log(u1));
  const double angle = 2.0 * std::numbers::pi * u2;
  spare_ = radius * std::sin(angle);
  has_spare_ = true;
  return radius * std::cos(angle);
}

void NormalStream::discard(std::uint64_t count) {
  if (count > 0 && has_spare_) {
    has_spare_ = false;
    --count;
  }
  counter_ += (count / 2) * 2 * kGoldenGamma;  // each Box–Muller pair uses two words
  if (count % 2 == 1) next();
}

}  // namespace reconbound::goldfeld
