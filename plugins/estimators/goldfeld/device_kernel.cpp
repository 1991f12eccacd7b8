#include "device_kernel.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <cstdio>
#include <map>
#include <mutex>
#include <optional>
#include <string_view>
#include <utility>

#include "reconbound/error.hpp"

#if RECONBOUND_HAVE_OPENCL
#include <cmath>
#include <cstdint>
#include <cstring>
#include <numbers>
#include <vector>

#include "device_reference.hpp"
#include "exp_neg_fused.hpp"
#include "exp_neg_single.hpp"
#include "reconbound/opencl/devices.hpp"
#include "reconbound/opencl/handles.hpp"
#include "single_kernel_source.hpp"
#endif

namespace reconbound::goldfeld {

namespace {

// The whole number `text` spells in decimal digits (at most 9 of them), nullopt for anything else.
// (Not std::from_chars: its digit table is a GNU-unique symbol, which would keep the plugin
// loaded after its registry is gone; tests/soak checks that none is left.)
std::optional<std::size_t> whole_number(std::string_view text) {
  if (text.empty() || text.size() > 9) return std::nullopt;
  std::size_t out = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    out = 10 * out + static_cast<std::size_t>(c - '0');
  }
  return out;
}

}  // namespace

DeviceSetting parse_device_setting(const std::string& value) {
  if (value == "cpu") return {DeviceSetting::Kind::cpu, std::nullopt};
  if (value == "auto") return {DeviceSetting::Kind::automatic, std::nullopt};
  if (value == "opencl") return {DeviceSetting::Kind::opencl, std::nullopt};
  constexpr std::string_view kPrefix = "opencl:";
  if (value.starts_with(kPrefix)) {
    const std::optional<std::size_t> index = whole_number(std::string_view(value).substr(kPrefix.size()));
    if (index.has_value()) return {DeviceSetting::Kind::opencl, *index};
  }
  throw InvalidInput(fmt::format(
      "parameter 'device'='{}' must be cpu, opencl, opencl:N (the N-th OpenCL device of `reconbound plugins`) or auto",
      value));
}

DeviceVariant environment_variant() {
  const char* text = std::getenv("RECONBOUND_OPENCL_LAYOUT");
  if (text == nullptr || *text == '\0') return {};
  const std::string value(text);
  DeviceVariant out;
  const std::size_t comma = value.find(',');
  const std::optional<std::size_t> q = whole_number(std::string_view(value).substr(0, comma));
  const std::optional<std::size_t> group =
      comma == std::string::npos ? std::nullopt : whole_number(std::string_view(value).substr(comma + 1));
  const bool parsed = q.has_value() && group.has_value();
  if (parsed) {
    out.queries_per_item = *q;
    out.group = *group;
  }
  if (!parsed || out.queries_per_item < 1 || out.queries_per_item > 8 || out.group < 1 || out.group > 1024) {
    throw InvalidInput(fmt::format("RECONBOUND_OPENCL_LAYOUT='{}' must be Q,GROUP: queries per work item from 1 to 8 "
                                   "and a work-group size from 1 to 1024 (e.g. 2,128); it changes speed, not results",
                                   value));
  }
  return out;
}

#if RECONBOUND_HAVE_OPENCL

namespace {

// How a program is laid out for block size k (single_kernel.cl's build options).
struct Layout {
  std::size_t queries_per_item = 1;  // Q
  std::size_t tile = 64;             // TILE, a multiple of kDeviceRun
  bool local_tiles = true;           // LOCAL_TILES
};

// Q: four queries per work item share each centre read up to k = 32 (their weights stay in
// registers), two up to 64, one beyond. TILE: the largest power of two of centres, at most 256,
// whose k + 1 floats each fit in half of at most 32 KiB of local memory; below 16 the centres are
// read from global memory instead (TILE then only steps the loop). A power of two divides
// kDeviceRange, so every range is whole tiles.
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

// A program built for block size k with its layout (device_kernel.hpp declares it for launch()).
struct BuiltKernel {
  std::size_t k = 0;
  Layout layout;
  opencl::Program program;
  opencl::Kernel kernel;
  std::size_t group = 64;  // work-group size
};

struct DeviceKernel::State {
  opencl::Device device;
  DeviceVariant variant;
  SingleSummation summation = SingleSummation::device_double;
  std::string description;
  opencl::DeviceQueue queue;
  std::size_t local_memory = 0;
  std::mutex mutex;  // the queue and the programs
  std::map<std::size_t, BuiltKernel> kernels;  // by k

  std::string options(std::size_t k, const Layout& layout) const {
    return fmt::format("-cl-std=CL1.2 -DK={} -DQ={} -DTILE={} -DRANGE={} -DLOCAL_TILES={} -DFP64={}", k,
                       layout.queries_per_item, layout.tile, kDeviceRange, layout.local_tiles ? 1 : 0,
                       summation == SingleSummation::device_double ? 1 : 0);
  }

  BuiltKernel& kernel_for(std::size_t k) {
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

  // The refusal of a device whose exponential differs from the host's evaluation of the same
  // operations (exp_neg_fused.hpp) anywhere on the check inputs; empty when all bits agree.
  std::string exponential_refusal() {
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
};

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

namespace {

std::string device_list(const std::vector<opencl::Device>& devices) {
  std::string out;
  for (const opencl::Device& d : devices) out += (out.empty() ? "" : "; ") + d.report.description();
  return out;
}

// The refusal of a device whose sums differ from the host's evaluation of the same operations
// (device_reference.hpp) on sums_check_inputs; empty when all bits agree.
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

// Opens `device` and checks its exponential and its sums; the refusal when it fails (empty:
// `opened` set).
std::string open_checked(const opencl::Device& device, const DeviceVariant& variant,
                         std::shared_ptr<const DeviceKernel>& opened) {
  if (!device.report.usable()) return device.report.refusal;
  auto state = std::make_unique<DeviceKernel::State>();
  state->device = device;
  state->variant = variant;
  state->summation = device.report.fp64 && !variant.compensated ? SingleSummation::device_double
                                                                  : SingleSummation::device_compensated;
  state->description = fmt::format("{}, {} sums", device.report.description(),
                                   state->summation == SingleSummation::device_double ? "double" : "compensated float");
  state->queue = opencl::open_queue(device.id);
  cl_ulong local = 0;
  opencl::check(clGetDeviceInfo(device.id, CL_DEVICE_LOCAL_MEM_SIZE, sizeof local, &local, nullptr), "clGetDeviceInfo");
  state->local_memory = static_cast<std::size_t>(local);
  std::string refusal = state->exponential_refusal();
  if (!refusal.empty()) return refusal;
  // (Not std::make_shared: its type tag is a GNU-unique symbol, which would keep the plugin loaded.)
  std::shared_ptr<const DeviceKernel> kernel(new DeviceKernel(std::move(state)));
  refusal = sums_refusal(*kernel);
  if (!refusal.empty()) return refusal;
  opened = std::move(kernel);
  return "";
}

std::mutex& cache_mutex() {
  static std::mutex mutex;
  return mutex;
}

// Devices opened so far, by (index, variant).
std::map<std::pair<std::size_t, DeviceVariant>, std::shared_ptr<const DeviceKernel>>& cache() {
  static std::map<std::pair<std::size_t, DeviceVariant>, std::shared_ptr<const DeviceKernel>> opened;
  return opened;
}

// Device `index` of `devices`, opened (from the cache when it was before); the refusal when not usable.
std::string open_index(const std::vector<opencl::Device>& devices, std::size_t index, const DeviceVariant& variant,
                       std::shared_ptr<const DeviceKernel>& opened) {
  auto& cached = cache()[{index, variant}];
  if (cached == nullptr) {
    const std::string refusal = open_checked(devices[index], variant, cached);
    if (!refusal.empty()) return refusal;
  }
  opened = cached;
  return "";
}

constexpr const char* kNoDevice =
    "no OpenCL device found (no driver is registered with the OpenCL ICD loader: install the GPU driver's OpenCL or "
    "pocl-opencl-icd, or set OCL_ICD_VENDORS to a folder of .icd files)";

}  // namespace

std::shared_ptr<const DeviceKernel> open_device(const DeviceSetting& setting) {
  if (setting.kind == DeviceSetting::Kind::cpu) return nullptr;
  const DeviceVariant variant = environment_variant();
  std::lock_guard lock(cache_mutex());
  const std::vector<opencl::Device> devices = opencl::devices();
  std::shared_ptr<const DeviceKernel> opened;
  if (setting.index.has_value()) {
    const std::size_t index = *setting.index;
    if (index >= devices.size()) {
      throw InvalidInput(devices.empty()
                             ? fmt::format("device=opencl:{}: {}", index, kNoDevice)
                             : fmt::format("device=opencl:{}: there are {} OpenCL devices ({})", index, devices.size(),
                                           device_list(devices)));
    }
    const std::string refusal = open_index(devices, index, variant, opened);
    if (!refusal.empty()) {
      throw InvalidInput(fmt::format("device=opencl:{}: {} is refused for certified work: {}", index,
                                     devices[index].report.description(), refusal));
    }
    return opened;
  }
  // The first usable device, GPUs and accelerators before the others (auto: GPUs only).
  std::string refusals;
  for (const bool gpu : {true, false}) {
    if (!gpu && setting.kind == DeviceSetting::Kind::automatic) break;
    for (const opencl::Device& device : devices) {
      if (device.report.is_gpu() != gpu) continue;
      const std::string refusal = open_index(devices, device.report.index, variant, opened);
      if (refusal.empty()) return opened;
      refusals += fmt::format("{}{}: {}", refusals.empty() ? "" : "; ", device.report.description(), refusal);
    }
  }
  const std::string why = devices.empty() ? kNoDevice
                          : refusals.empty() ? fmt::format("no OpenCL GPU among {}", device_list(devices))
                                             : "every device is refused: " + refusals;
  if (setting.kind == DeviceSetting::Kind::opencl) throw InvalidInput(fmt::format("device=opencl: {}", why));
  static bool said = false;
  if (!said) {
    std::fprintf(stderr, "goldfeld: device=auto computes on the CPU: %s\n", why.c_str());
    said = true;
  }
  return nullptr;
}

std::shared_ptr<const DeviceKernel> open_device_variant(std::size_t index, const DeviceVariant& variant) {
  std::lock_guard lock(cache_mutex());
  const std::vector<opencl::Device> devices = opencl::devices();
  if (index >= devices.size()) throw InvalidInput(fmt::format("device opencl:{}: {}", index, kNoDevice));
  std::shared_ptr<const DeviceKernel> opened;
  const std::string refusal = open_index(devices, index, variant, opened);
  if (!refusal.empty()) throw InvalidInput(fmt::format("device opencl:{} is refused: {}", index, refusal));
  return opened;
}

#else  // a build without the OpenCL headers (cmake/ReconboundOpenCL.cmake)

// No DeviceKernel is ever made without the backend; its members exist for the linker.
struct DeviceKernel::State {
  std::string description = "cpu";
};

DeviceKernel::DeviceKernel(std::unique_ptr<State> state) : state_(std::move(state)) {}
DeviceKernel::~DeviceKernel() = default;
const std::string& DeviceKernel::description() const { return state_->description; }
SingleSummation DeviceKernel::summation() const { return SingleSummation::cpu_lanes; }
SingleKernelSums DeviceKernel::sums(const SingleCentres&, const SingleKernelQueries&) const {
  throw Error("goldfeld: this build has no OpenCL backend");
}

std::shared_ptr<const DeviceKernel> open_device(const DeviceSetting& setting) {
  if (setting.kind == DeviceSetting::Kind::cpu) return nullptr;
  if (setting.kind == DeviceSetting::Kind::opencl) {
    throw InvalidInput("device=opencl: this reconbound was built without OpenCL (configure found no OpenCL "
                       "headers, or RECONBOUND_OPENCL was OFF: apt-get install opencl-headers ocl-icd-opencl-dev, "
                       "then configure with -DRECONBOUND_OPENCL=ON)");
  }
  static bool said = false;
  if (!said) {
    std::fprintf(stderr, "goldfeld: device=auto computes on the CPU: this build has no OpenCL backend\n");
    said = true;
  }
  return nullptr;
}

std::shared_ptr<const DeviceKernel> open_device_variant(std::size_t, const DeviceVariant&) {
  return open_device({DeviceSetting::Kind::opencl, std::nullopt});
}

#endif

}  // namespace reconbound::goldfeld
