#pragma once
// exp_neg_single (exp_neg_single.hpp) in the device kernel's order of operations
// (single_kernel.cl): every multiply-add one std::fma, the rest separately rounded. The host's
// bits of what a conforming OpenCL device computes: the device check (device_check.cpp) and
// the tests compare the device against it bit for bit.
#include <cmath>
#include <cstdint>
#include <cstring>

namespace reconbound::goldfeld::detail {

inline float exp_neg_single_fused(float a) {
  const float x = -a;
  constexpr float kShift = 0x1.8p23f + 127.0f;
  const float shifted = std::fma(x, 0x1.715476p0f, kShift);  // step 1
  const float j = shifted - kShift;
  const float r = std::fma(-j, 0x1.7f7d1cp-20f, std::fma(-j, 0x1.62e4p-1f, x));  // steps 2, 3
  const float r2 = r * r;                                                         // step 5
  const float q1 = std::fma(r, 0x1.555556p-3f, 0.5f);
  const float q2 = std::fma(r, 0x1.111112p-7f, 0x1.555556p-5f);
  const float t = std::fma(r2, 0x1.6c16c2p-10f, q2);
  const float poly = std::fma(r2, t, q1);  // step 4
  const float p = 1.0f + std::fma(r2, poly, r);
  std::uint32_t bits;
  std::memcpy(&bits, &shifted, sizeof bits);
  bits <<= 23;  // step 6: 2^j
  float power;
  std::memcpy(&power, &bits, sizeof power);
  return p * power;
}

}  // namespace reconbound::goldfeld::detail
