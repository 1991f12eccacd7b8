#include "reconbound/opencl/devices.hpp"

#include <fmt/format.h>

#include "reconbound/opencl/handles.hpp"

namespace reconbound::opencl {

namespace {

// The ICD loader's status when it finds no vendor driver (cl_khr_icd).
constexpr cl_int kPlatformNotFound = -1001;

// A string property of a platform or device (clGetPlatformInfo, clGetDeviceInfo), without its
// terminating zeros.
template <typename Object, typename Info>
std::string info_string(cl_int (*get)(Object, Info, std::size_t, void*, std::size_t*), Object object, Info what,
                        const char* call) {
  std::size_t size = 0;
  check(get(object, what, 0, nullptr, &size), call);
  std::string out(size, '\0');
  check(get(object, what, size, out.data(), nullptr), call);
  while (!out.empty() && out.back() == '\0') out.pop_back();
  return out;
}

std::string platform_string(cl_platform_id platform, cl_platform_info what) {
  return info_string(clGetPlatformInfo, platform, what, "clGetPlatformInfo");
}

std::string device_string(cl_device_id device, cl_device_info what) {
  return info_string(clGetDeviceInfo, device, what, "clGetDeviceInfo");
}

template <typename T>
T device_value(cl_device_id device, cl_device_info what) {
  T value{};
  check(clGetDeviceInfo(device, what, sizeof value, &value, nullptr), "clGetDeviceInfo");
  return value;
}

std::string type_name(cl_device_type type) {
  if ((type & CL_DEVICE_TYPE_GPU) != 0) return "gpu";
  if ((type & CL_DEVICE_TYPE_ACCELERATOR) != 0) return "accelerator";
  if ((type & CL_DEVICE_TYPE_CPU) != 0) return "cpu";
  return "other";
}

// Doubles that round to nearest: the extension is there and its configuration says so (an
// OpenCL 1.2 device with cl_khr_fp64 must report round-to-nearest, but the check is cheap).
bool has_fp64(cl_device_id device) {
  if (device_string(device, CL_DEVICE_EXTENSIONS).find("cl_khr_fp64") == std::string::npos) return false;
  const auto config = device_value<cl_device_fp_config>(device, CL_DEVICE_DOUBLE_FP_CONFIG);
  return (config & CL_FP_ROUND_TO_NEAREST) != 0;
}

std::vector<cl_platform_id> platforms() {
  cl_uint count = 0;
  const cl_int status = clGetPlatformIDs(0, nullptr, &count);
  if (status == kPlatformNotFound || count == 0) return {};
  check(status, "clGetPlatformIDs");
  std::vector<cl_platform_id> out(count);
  check(clGetPlatformIDs(count, out.data(), nullptr), "clGetPlatformIDs");
  return out;
}

}  // namespace

std::string summation_name(Summation summation) {
  return summation == Summation::double_precision ? "double" : "compensated float";
}

std::string DeviceReport::description() const { return fmt::format("opencl:{} {} ({})", index, name, platform); }

std::string refusal_of(const std::string& profile, cl_device_fp_config single_config) {
  if (profile != "FULL_PROFILE") {
    return fmt::format("it has the {} (the proofs need the full profile's correctly rounded float operations)",
                       profile);
  }
  if ((single_config & CL_FP_ROUND_TO_NEAREST) == 0) return "its float32 does not round to nearest";
  if ((single_config & CL_FP_FMA) == 0) return "its float32 has no fused multiply-add (CL_FP_FMA)";
  if ((single_config & CL_FP_DENORM) == 0) return "its float32 flushes subnormals to zero (no CL_FP_DENORM)";
  return "";
}

std::vector<Device> devices() {
  std::vector<Device> out;
  for (cl_platform_id platform : platforms()) {
    cl_uint count = 0;
    const cl_int status = clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 0, nullptr, &count);
    if (status == CL_DEVICE_NOT_FOUND || count == 0) continue;
    check(status, "clGetDeviceIDs");
    std::vector<cl_device_id> ids(count);
    check(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, count, ids.data(), nullptr), "clGetDeviceIDs");
    const std::string platform_name = platform_string(platform, CL_PLATFORM_NAME);
    for (cl_device_id id : ids) {
      Device device;
      device.platform = platform;
      device.id = id;
      DeviceReport& r = device.report;
      r.index = out.size();
      r.platform = platform_name;
      r.name = device_string(id, CL_DEVICE_NAME);
      r.version = device_string(id, CL_DEVICE_VERSION);
      r.type = type_name(device_value<cl_device_type>(id, CL_DEVICE_TYPE));
      r.fp64 = has_fp64(id);
      r.refusal = refusal_of(device_string(id, CL_DEVICE_PROFILE),
                             device_value<cl_device_fp_config>(id, CL_DEVICE_SINGLE_FP_CONFIG));
      out.push_back(std::move(device));
    }
  }
  return out;
}

}  // namespace reconbound::opencl
