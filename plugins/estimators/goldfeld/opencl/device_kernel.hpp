#pragma once
// The single-precision product kernel on an OpenCL device (single_kernel.cl;
// docs/fast_estimator.md, "The OpenCL kernel"): which device the goldfeld estimator computes on
// (its parameter device=cpu|opencl|opencl:N|auto) and a device's sums of the single kernel's
// queries. Only these sums move to the device; the margins, the prediction, the certificate and
// the dealing of query parts and ranks stay the estimator's own.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>

#include "cpu/fast_entropy.hpp"

namespace reconbound::goldfeld {

struct DeviceSetting {
  enum class Kind { cpu, opencl, automatic };
  Kind kind = Kind::cpu;
  std::optional<std::size_t> index;  // opencl:N
};

// The parameter's value: cpu, opencl, opencl:N or auto; InvalidInput otherwise.
DeviceSetting parse_device_setting(const std::string& value);

// An OpenCL device that passed the checks of device_check.cpp, with its programs (one per
// block size k, built on first use). Its methods may be called from any thread.
struct BuiltKernel;
struct DeviceCentres;

class DeviceKernel {
 public:
  struct State;
  explicit DeviceKernel(std::unique_ptr<State> state);
  ~DeviceKernel();
  DeviceKernel(const DeviceKernel&) = delete;
  DeviceKernel& operator=(const DeviceKernel&) = delete;

  // "opencl:N <name> (<platform>), <double|compensated float> sums": what results say computed them.
  const std::string& description() const;
  SingleSummation summation() const;
  // The sums of `queries` against `centres`; nothing is skipped.
  SingleKernelSums sums(const SingleCentres& centres, const SingleKernelQueries& queries) const;

 private:
  void launch(const BuiltKernel& built, const DeviceCentres& centres, std::size_t n, const SingleKernelQueries& queries,
              std::size_t first, std::size_t size, double* sums) const;

  std::unique_ptr<State> state_;
};

// The device `setting` picks; nullptr for the CPU. device=opencl (the first usable device,
// GPUs first) or opencl:N without such a usable device is an InvalidInput naming the device and
// what it lacks, never a silent fall back; auto takes the first usable GPU or accelerator, else
// says on stderr (once) why it computes on the CPU and returns nullptr. A device is opened once
// per process and shared.
std::shared_ptr<const DeviceKernel> open_device(const DeviceSetting& setting);

// How a device runs the kernel beyond what its properties decide. None of it changes a bit of
// the sums (each query's terms are added in centre order whatever the layout): the layout is a
// speed choice, and the compensated sums are how the tests run the no-fp64 variant on any device.
struct DeviceVariant {
  bool compensated = false;          // compensated float sums even where the device has fp64
  std::size_t queries_per_item = 0;  // Q; 0: the default for k (layout_for, device_state.hpp)
  std::size_t group = 0;             // work-group size; 0: 64 (at most what the kernel allows)

  auto operator<=>(const DeviceVariant&) const = default;
};

// The variant of open_device: its layout from the environment, RECONBOUND_OPENCL_LAYOUT=Q,GROUP
// (e.g. 2,128: for tuning on a GPU, bench/gpu/run.sh --layouts), InvalidInput when malformed.
DeviceVariant environment_variant();

// Device N in `variant` (the tests' way to any variant; opened once per process and variant).
std::shared_ptr<const DeviceKernel> open_device_variant(std::size_t index, const DeviceVariant& variant);

}  // namespace reconbound::goldfeld
