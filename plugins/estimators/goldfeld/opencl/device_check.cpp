// The checks a device passes before it computes certified sums (docs/fast_estimator.md, "The
// OpenCL kernel"): its float32 exponential and its sums must give the bits of the host's
// evaluation of the same IEEE operations (exp_neg_fused.hpp, device_reference.hpp) on fixed
// inputs chosen where they are hardest to match.
#include <fmt/format.h>

#include <cstdint>
#include <cstring>
#include <numbers>
#include <vector>

#include "opencl/device_reference.hpp"
#include "opencl/device_state.hpp"
#include "opencl/exp_neg_fused.hpp"

namespace reconbound::goldfeld {

namespace {

// Inputs of the device's exponential check: a grid over exp_neg_single's range [−87.5, 87], and
// the points next to each boundary of j (x = j·ln2 ± 0.3466), where |r| is largest.
std::vector<float> exponential_check_inputs() {
  std::vector<float> a;
  constexpr int kGrid = 4096;
  for (int i = 0; i <= kGrid; ++i) a.push_back(static_cast<float>(-87.5 + 174.5 * i / kGrid));
  for (int j = -126; j <= 126; ++j) {
    for (const double offset : {-0.34657, -0.3465, 0.3465, 0.34657}) {
      const auto x = static_cast<float>(j * std::numbers::ln2 + offset);
      if (-x >= -87.5f && -x <= detail::kSingleExponentClamp) a.push_back(-x);
    }
  }
  return a;
}

// Centres and queries of the device's sums check at k = 1: 4,500 centres (two ranges, a last run
// of 4) with values in [−1, 1] from a fixed linear congruential sequence, 16 queries with
// exponents in [−2, 5], one whose exponents all exceed the clamp, and one with exponents in
// [47, 53], whose runs (≈ 1e-22 … 6e-20) the compensated sums scale by 2^-64 to subnormal floats
// (≈ 1e-41 … 3e-39): a device that flushes subnormals to zero, whatever it reports and whatever
// options its driver adds, sums them differently and is refused (docs/fast_estimator.md).
struct SumsCheck {
  SingleCentres centres;
  SingleKernelQueries queries;
};

SumsCheck sums_check_inputs() {
  std::uint32_t state = 12345u;
  const auto next = [&state] {  // uniform in [−1, 1)
    state = state * 1664525u + 1013904223u;
    return static_cast<float>(state >> 8) * 0x1p-23f - 1.0f;
  };
  SumsCheck out;
  SingleCentres& c = out.centres;
  c.n = 4500;
  c.k = 1;
  c.stride = (c.n + kSingleBlock - 1) / kSingleBlock * kSingleBlock;
  c.values.assign(c.stride, 0.0f);
  c.norm2.assign(c.stride, 0.0f);
  for (std::size_t l = 0; l < c.n; ++l) {
    c.values[l] = next();
    c.norm2[l] = c.values[l] * c.values[l];
  }
  constexpr int kClamped = 16;
  constexpr int kSubnormalRuns = 17;
  for (int q = 0; q < 18; ++q) {
    out.queries.weights.push_back(2.0f * next());
    out.queries.offsets.push_back(q == kClamped ? 100.0f : q == kSubnormalRuns ? 50.0f : 1.0f + next());
    out.queries.scales.push_back(0.75f + 0.25f * next());
  }
  return out;
}

}  // namespace

std::string DeviceKernel::State::exponential_refusal() {
  const std::vector<float> a = exponential_check_inputs();
  BuiltKernel& built = kernel_for(1);
  opencl::Kernel check = opencl::make_kernel(built.program.get(), "exp_neg_values");
  cl_context context = queue.context.get();
  opencl::Buffer input = opencl::make_buffer(context, CL_MEM_READ_ONLY, a.size() * sizeof(float), a.data());
  opencl::Buffer output = opencl::make_buffer(context, CL_MEM_WRITE_ONLY, a.size() * sizeof(float));
  const auto count = static_cast<cl_uint>(a.size());
  cl_mem in = input.get();
  cl_mem out = output.get();
  opencl::check(clSetKernelArg(check.get(), 0, sizeof count, &count), "clSetKernelArg");
  opencl::check(clSetKernelArg(check.get(), 1, sizeof in, &in), "clSetKernelArg");
  opencl::check(clSetKernelArg(check.get(), 2, sizeof out, &out), "clSetKernelArg");
  const std::size_t global = a.size();
  opencl::check(clEnqueueNDRangeKernel(queue.queue.get(), check.get(), 1, nullptr, &global, nullptr, 0, nullptr,
                                       nullptr),
                "clEnqueueNDRangeKernel");
  std::vector<float> e(a.size());
  opencl::check(clEnqueueReadBuffer(queue.queue.get(), out, CL_TRUE, 0, e.size() * sizeof(float), e.data(), 0,
                                    nullptr, nullptr),
                "clEnqueueReadBuffer");
  for (std::size_t i = 0; i < a.size(); ++i) {
    const float host = detail::exp_neg_single_fused(a[i]);
    if (std::memcmp(&host, &e[i], sizeof host) != 0) {
      return fmt::format("its float32 exponential differs from the IEEE evaluation at a = {} ({} against {})",
                         a[i], e[i], host);
    }
  }
  return "";
}

std::string sums_refusal(const DeviceKernel& kernel) {
  const SumsCheck check = sums_check_inputs();
  const SingleKernelSums sums = kernel.sums(check.centres, check.queries);
  for (std::size_t q = 0; q < sums.sums.size(); ++q) {
    const double host = device_reference_sum(check.centres, &check.queries.weights[q], check.queries.offsets[q],
                                             check.queries.scales[q], kernel.summation());
    if (std::memcmp(&host, &sums.sums[q], sizeof host) != 0) {
      return fmt::format("its sums differ from the IEEE evaluation ({} against {} on check query {})", sums.sums[q],
                         host, q);
    }
  }
  return "";
}

}  // namespace reconbound::goldfeld
