// The single-precision product kernel's sums on an OpenCL device (single_kernel.cl): a program
// built per block size k, the centres uploaded once per call, the queries launched in batches,
// and each query's ranges added in order on the host.
#include "opencl/device_kernel.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "cpu/exp_neg_single.hpp"
#include "opencl/device_state.hpp"
#include "single_kernel_source.hpp"

namespace reconbound::goldfeld {

Layout layout_for(std::size_t k, std::size_t local_memory) {
  Layout out;
  out.queries_per_item = k <= 32 ? 4 : k <= 64 ? 2 : 1;
  const std::size_t budget = std::min<std::size_t>(local_memory, 32768) / 2;
  const std::size_t fits = budget / (sizeof(float) * (k + 1));
  out.tile = 256;
  while (out.tile > fits && out.tile > kDeviceRun) out.tile /= 2;
  if (out.tile > fits) {
    out.local_tiles = false;
    out.tile = 64;
  }
  return out;
}

std::string DeviceKernel::State::options(std::size_t k, const Layout& layout) const {
  return fmt::format("-cl-std=CL1.2 -DK={} -DQ={} -DTILE={} -DRANGE={} -DLOCAL_TILES={} -DFP64={}", k,
                     layout.queries_per_item, layout.tile, kDeviceRange, layout.local_tiles ? 1 : 0,
                     summation == SingleSummation::device_double ? 1 : 0);
}

BuiltKernel& DeviceKernel::State::kernel_for(std::size_t k) {
  auto it = kernels.find(k);
  if (it != kernels.end()) return it->second;
  BuiltKernel built;
  built.k = k;
  built.layout = layout_for(k, local_memory);
  if (variant.queries_per_item > 0) built.layout.queries_per_item = variant.queries_per_item;
  built.program = opencl::build_program(queue.context.get(), device.id, kSingleKernelSource, options(k, built.layout));
  built.kernel = opencl::make_kernel(built.program.get(), "single_kernel_sums");
  built.group = std::min<std::size_t>(variant.group > 0 ? variant.group : 64,
                                      opencl::kernel_work_group_size(built.kernel.get(), device.id));
  return kernels.emplace(k, std::move(built)).first->second;
}

DeviceKernel::DeviceKernel(std::unique_ptr<State> state) : state_(std::move(state)) {}
DeviceKernel::~DeviceKernel() = default;

const std::string& DeviceKernel::description() const { return state_->description; }

SingleSummation DeviceKernel::summation() const { return state_->summation; }

// The centres in the kernel's layout on the device: k rows of `stride` floats (n rounded up to
// whole tiles), zero beyond n, and the norms.
struct DeviceCentres {
  std::size_t stride = 0;
  opencl::Buffer values;
  opencl::Buffer norm2;
};

namespace {

DeviceCentres upload_centres(cl_context context, const SingleCentres& centres, std::size_t tile) {
  DeviceCentres out;
  out.stride = (centres.n + tile - 1) / tile * tile;
  std::vector<float> values(centres.k * out.stride, 0.0f);
  std::vector<float> norm2(out.stride, 0.0f);
  for (std::size_t c = 0; c < centres.k; ++c) {
    std::copy_n(centres.values.data() + c * centres.stride, centres.n, values.data() + c * out.stride);
  }
  std::copy_n(centres.norm2.data(), centres.n, norm2.data());
  out.values = opencl::make_buffer(context, CL_MEM_READ_ONLY, values.size() * sizeof(float), values.data());
  out.norm2 = opencl::make_buffer(context, CL_MEM_READ_ONLY, norm2.size() * sizeof(float), norm2.data());
  return out;
}

// Each query's sum from its ranges' results (`ranges` × `size`, range-major), the ranges added
// in order in double: single_bound.cpp (g1), and (g2) with each range's (s + c)·2^64.
void add_ranges(const std::vector<double>& partial, const std::vector<float>& pairs, std::size_t ranges,
                std::size_t size, double* sums) {
  for (std::size_t q = 0; q < size; ++q) {
    double sum = 0.0;
    for (std::size_t r = 0; r < ranges; ++r) {
      const std::size_t at = r * size + q;
      sum += !partial.empty()
                 ? partial[at]
                 : std::ldexp(static_cast<double>(pairs[2 * at]) + static_cast<double>(pairs[2 * at + 1]), 64);
    }
    sums[q] = sum;
  }
}

}  // namespace

// Queries [first, first + size) of `queries` on the device, their sums into sums[0, size).
void DeviceKernel::launch(const BuiltKernel& built, const DeviceCentres& centres, std::size_t n,
                          const SingleKernelQueries& queries, std::size_t first, std::size_t size, double* sums) const {
  cl_context context = state_->queue.context.get();
  cl_command_queue queue = state_->queue.queue.get();
  const std::size_t k = built.k;
  const std::size_t ranges = (centres.stride + kDeviceRange - 1) / kDeviceRange;
  const bool fp64 = state_->summation == SingleSummation::device_double;
  const std::size_t result_size = fp64 ? sizeof(double) : 2 * sizeof(float);
  const opencl::Buffer weights = opencl::make_buffer(context, CL_MEM_READ_ONLY, size * k * sizeof(float),
                                                     queries.weights.data() + first * k);
  const opencl::Buffer offsets =
      opencl::make_buffer(context, CL_MEM_READ_ONLY, size * sizeof(float), queries.offsets.data() + first);
  const opencl::Buffer scales =
      opencl::make_buffer(context, CL_MEM_READ_ONLY, size * sizeof(float), queries.scales.data() + first);
  const opencl::Buffer results = opencl::make_buffer(context, CL_MEM_WRITE_ONLY, ranges * size * result_size);
  cl_kernel kernel = built.kernel.get();
  const auto n_arg = static_cast<cl_uint>(n);
  const auto stride_arg = static_cast<cl_uint>(centres.stride);
  const auto count_arg = static_cast<cl_uint>(size);
  const cl_mem buffers[6] = {centres.values.get(), centres.norm2.get(), weights.get(),
                             offsets.get(),        scales.get(),        results.get()};
  opencl::check(clSetKernelArg(kernel, 0, sizeof n_arg, &n_arg), "clSetKernelArg");
  opencl::check(clSetKernelArg(kernel, 1, sizeof stride_arg, &stride_arg), "clSetKernelArg");
  opencl::check(clSetKernelArg(kernel, 2, sizeof count_arg, &count_arg), "clSetKernelArg");
  for (cl_uint i = 0; i < 6; ++i) opencl::check(clSetKernelArg(kernel, 3 + i, sizeof(cl_mem), &buffers[i]), "clSetKernelArg");
  const std::size_t items = (size + built.layout.queries_per_item - 1) / built.layout.queries_per_item;
  const std::size_t global[2] = {(items + built.group - 1) / built.group * built.group, ranges};
  const std::size_t local[2] = {built.group, 1};
  opencl::check(clEnqueueNDRangeKernel(queue, kernel, 2, nullptr, global, local, 0, nullptr, nullptr),
                "clEnqueueNDRangeKernel");
  std::vector<double> partial(fp64 ? ranges * size : 0);
  std::vector<float> pairs(fp64 ? 0 : 2 * ranges * size);
  void* host = fp64 ? static_cast<void*>(partial.data()) : static_cast<void*>(pairs.data());
  opencl::check(clEnqueueReadBuffer(queue, results.get(), CL_TRUE, 0, ranges * size * result_size, host, 0, nullptr,
                                    nullptr),
                "clEnqueueReadBuffer");
  add_ranges(partial, pairs, ranges, size, sums);
}

SingleKernelSums DeviceKernel::sums(const SingleCentres& centres, const SingleKernelQueries& queries) const {
  const std::size_t count = queries.offsets.size();
  SingleKernelSums out{std::vector<double>(count), std::vector<double>(count, 0.0),
                       std::vector<double>(count, static_cast<double>(detail::kSingleExponentClamp)),
                       state_->summation};
  if (count == 0 || centres.n == 0) return out;
  std::lock_guard lock(state_->mutex);
  const BuiltKernel& built = state_->kernel_for(centres.k);
  const DeviceCentres device_centres = upload_centres(state_->queue.context.get(), centres, built.layout.tile);
  // Launches of at most 2^31 (query, centre) pairs, a whole number of work groups each; every
  // launch covers all ranges of its queries (the second dimension).
  const std::size_t per_group = built.layout.queries_per_item * built.group;
  const std::size_t batch =
      std::max<std::size_t>(1, (std::size_t{1} << 31) / (device_centres.stride * per_group)) * per_group;
  for (std::size_t first = 0; first < count; first += batch) {
    launch(built, device_centres, centres.n, queries, first, std::min(batch, count - first), out.sums.data() + first);
  }
  return out;
}

}  // namespace reconbound::goldfeld
