#include "device_listing.hpp"

#include <fmt/format.h>

#if RECONBOUND_HAVE_OPENCL
#include "reconbound/opencl/devices.hpp"
#endif

namespace reconbound::opencl_listing {

#if RECONBOUND_HAVE_OPENCL

void print_opencl_devices() {
  const std::vector<opencl::Device> devices = opencl::devices();
  fmt::print("\nOpenCL devices (goldfeld device=opencl:N):\n");
  if (devices.empty()) fmt::print("  none found (no driver registered with the OpenCL ICD loader)\n");
  for (const opencl::Device& d : devices) {
    const opencl::DeviceReport& r = d.report;
    fmt::print("  opencl:{} {} ({}; {}, {}): {}\n", r.index, r.name, r.platform, r.type, r.version,
               r.usable() ? fmt::format("usable for certified work, {} sums", opencl::summation_name(r.summation()))
                          : "refused: " + r.refusal);
  }
}

nlohmann::json opencl_devices_json() {
  nlohmann::json list = nlohmann::json::array();
  for (const opencl::Device& d : opencl::devices()) {
    const opencl::DeviceReport& r = d.report;
    list.push_back({{"index", r.index},
                    {"platform", r.platform},
                    {"name", r.name},
                    {"version", r.version},
                    {"type", r.type},
                    {"fp64", r.fp64},
                    {"summation", opencl::summation_name(r.summation())},
                    {"usable_for_certified_work", r.usable()},
                    {"refusal", r.refusal}});
  }
  return {{"built", true}, {"devices", list}};
}

#else  // built without the OpenCL headers (cmake/ReconboundOpenCL.cmake)

void print_opencl_devices() { fmt::print("\nOpenCL devices: this reconbound was built without OpenCL\n"); }

nlohmann::json opencl_devices_json() { return {{"built", false}, {"devices", nlohmann::json::array()}}; }

#endif

}  // namespace reconbound::opencl_listing
