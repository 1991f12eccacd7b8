#pragma once
// The device kernel's sum of one query (single_kernel.cl), evaluated on the host in the same
// IEEE operations: exponents by std::fma, the clamp, exp_neg_single_fused, float runs of
// kDeviceRun centres added per range of kDeviceRange centres in double (device_double) or in
// Neumaier's compensated float sum of the runs scaled by 2^-64 (device_compensated), the ranges
// added in order in double (device_kernel.cpp). A conforming device gives these bits: the device
// check (device_check.cpp) and the tests compare it with them.
#include <algorithm>
#include <cmath>
#include <cstddef>

#include "cpu/exp_neg_single.hpp"
#include "cpu/single_bound.hpp"
#include "cpu/single_kernel.hpp"
#include "opencl/exp_neg_fused.hpp"

namespace reconbound::goldfeld {

inline double device_reference_sum(const SingleCentres& centres, const float* weight, float offset, float scale,
                                   SingleSummation summation) {
  double sum = 0.0;
  for (std::size_t begin = 0; begin < centres.n; begin += kDeviceRange) {
    const std::size_t end = std::min(begin + kDeviceRange, centres.n);
    double total = 0.0;
    float compensated = 0.0f;
    float compensation = 0.0f;
    for (std::size_t run_begin = begin; run_begin < end; run_begin += kDeviceRun) {
      float run = 0.0f;
      for (std::size_t l = run_begin; l < std::min(run_begin + kDeviceRun, end); ++l) {
        float a = std::fma(scale, centres.norm2[l], offset);
        for (std::size_t c = 0; c < centres.k; ++c) a = std::fma(-weight[c], centres.values[c * centres.stride + l], a);
        run += detail::exp_neg_single_fused(std::min(a, detail::kSingleExponentClamp));
      }
      if (summation == SingleSummation::device_double) {
        total += static_cast<double>(run);
        continue;
      }
      const float scaled = run * 0x1p-64f;
      const float next = compensated + scaled;
      compensation += std::abs(compensated) >= std::abs(scaled) ? (compensated - next) + scaled
                                                                : (scaled - next) + compensated;
      compensated = next;
    }
    sum += summation == SingleSummation::device_double
               ? total
               : std::ldexp(static_cast<double>(compensated) + static_cast<double>(compensation), 64);
  }
  return sum;
}

}  // namespace reconbound::goldfeld
