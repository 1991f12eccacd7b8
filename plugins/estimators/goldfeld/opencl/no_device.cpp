// The goldfeld plugin's device functions in a build without the OpenCL backend
// (cmake/ReconboundOpenCL.cmake: RECONBOUND_OPENCL off): device=cpu computes, device=opencl is
// one InvalidInput line saying how to build the backend, device=auto says on stderr (once) that
// it computes on the CPU.
#include <cstdio>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "opencl/device_kernel.hpp"
#include "reconbound/error.hpp"

namespace reconbound::goldfeld {

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

}  // namespace reconbound::goldfeld
