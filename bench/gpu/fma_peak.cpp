// The float32 FMA rate of an OpenCL device, measured (bench/gpu/run.sh; docs/fast_estimator.md,
// "The GPU benchmark"): every work item runs eight independent chains x ← fma(x, a, b), enough
// work items to fill the device, and the iterations grow ×4 until one launch takes ≥ 0.2 s.
// Prints one JSON line: {"device": ..., "fma_per_s": ..., "seconds": ..., "fmas": ...}.
// Usage: fma_peak [N]   (N: the device of opencl:N; default 0)
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "reconbound/opencl/devices.hpp"
#include "reconbound/opencl/handles.hpp"

namespace {

constexpr const char* kSource = R"cl(
__kernel void fma_chains(__global float* out, const uint iterations, const float a, const float b) {
  const float seed = (float)get_global_id(0) * 1e-7f;
  float x0 = seed, x1 = seed + 1.0f, x2 = seed + 2.0f, x3 = seed + 3.0f;
  float x4 = seed + 4.0f, x5 = seed + 5.0f, x6 = seed + 6.0f, x7 = seed + 7.0f;
  for (uint i = 0; i < iterations; ++i) {
    x0 = fma(x0, a, b); x1 = fma(x1, a, b); x2 = fma(x2, a, b); x3 = fma(x3, a, b);
    x4 = fma(x4, a, b); x5 = fma(x5, a, b); x6 = fma(x6, a, b); x7 = fma(x7, a, b);
  }
  out[get_global_id(0)] = ((x0 + x1) + (x2 + x3)) + ((x4 + x5) + (x6 + x7));
}
)cl";

constexpr std::size_t kChains = 8;

}  // namespace

int main(int argc, char** argv) {
  namespace cl = reconbound::opencl;
  try {
    const std::size_t index = argc > 1 ? std::stoul(argv[1]) : 0;
    const std::vector<cl::Device> devices = cl::devices();
    if (index >= devices.size()) throw std::runtime_error(fmt::format("no OpenCL device opencl:{}", index));
    const cl::Device& device = devices[index];
    cl::DeviceQueue queue = cl::open_queue(device.id);
    const cl::Program program = cl::build_program(queue.context.get(), device.id, kSource, "-cl-std=CL1.2");
    const cl::Kernel kernel = cl::make_kernel(program.get(), "fma_chains");
    cl_uint units = 0;
    cl::check(clGetDeviceInfo(device.id, CL_DEVICE_MAX_COMPUTE_UNITS, sizeof units, &units, nullptr), "clGetDeviceInfo");
    const std::size_t items = std::size_t{units} * 4096;  // many work groups per compute unit
    const cl::Buffer out = cl::make_buffer(queue.context.get(), CL_MEM_WRITE_ONLY, items * sizeof(float));
    const float a = 0.9999999f;
    const float b = 1e-6f;
    cl_mem out_mem = out.get();
    cl::check(clSetKernelArg(kernel.get(), 0, sizeof out_mem, &out_mem), "clSetKernelArg");
    cl::check(clSetKernelArg(kernel.get(), 2, sizeof a, &a), "clSetKernelArg");
    cl::check(clSetKernelArg(kernel.get(), 3, sizeof b, &b), "clSetKernelArg");
    double seconds = 0.0;
    cl_uint iterations = 64;
    for (;; iterations *= 4) {
      cl::check(clSetKernelArg(kernel.get(), 1, sizeof iterations, &iterations), "clSetKernelArg");
      const auto start = std::chrono::steady_clock::now();
      cl::check(clEnqueueNDRangeKernel(queue.queue.get(), kernel.get(), 1, nullptr, &items, nullptr, 0, nullptr,
                                       nullptr),
                "clEnqueueNDRangeKernel");
      cl::check(clFinish(queue.queue.get()), "clFinish");
      seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      if (seconds >= 0.2 || iterations >= (1u << 28)) break;
    }
    const double fmas = static_cast<double>(items) * kChains * iterations;
    fmt::print("{{\"device\": \"{}\", \"fma_per_s\": {:.6g}, \"seconds\": {:.4f}, \"fmas\": {:.6g}}}\n",
               device.report.description(), fmas / seconds, seconds, fmas);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "fma_peak: %s\n", e.what());
    return 1;
  }
  return 0;
}
