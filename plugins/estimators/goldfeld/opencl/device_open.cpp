// Opening the device the parameter `device` names (device_kernel.hpp): the ICD loader's devices
// in order, GPUs and accelerators first, each opened once per process and variant and only when
// it passes the checks of device_check.cpp; a named device that fails is one InvalidInput line,
// device=auto falls back to the CPU and says why on stderr.
#include <fmt/format.h>

#include <cstdio>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "opencl/device_state.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

namespace {

std::string device_list(const std::vector<opencl::Device>& devices) {
  std::string out;
  for (const opencl::Device& d : devices) out += (out.empty() ? "" : "; ") + d.report.description();
  return out;
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

}  // namespace reconbound::goldfeld
