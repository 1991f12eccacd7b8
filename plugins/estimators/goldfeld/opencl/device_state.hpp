#pragma once
// What the OpenCL files of the goldfeld plugin share (device_kernel.cpp runs the kernel,
// device_check.cpp checks a device's bits, device_open.cpp opens one): a program's layout, a
// program built for one block size, and the state of an opened device.
#include <cstddef>
#include <map>
#include <mutex>
#include <string>

#include "opencl/device_kernel.hpp"
#include "reconbound/opencl/devices.hpp"
#include "reconbound/opencl/handles.hpp"

namespace reconbound::goldfeld {

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
Layout layout_for(std::size_t k, std::size_t local_memory);

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

  // The build options of block size k's program (single_kernel.cl).
  std::string options(std::size_t k, const Layout& layout) const;
  // The program of block size k, built on first use (under `mutex` once the device is shared).
  BuiltKernel& kernel_for(std::size_t k);
  // The refusal of a device whose exponential differs from the host's evaluation of the same
  // operations (exp_neg_fused.hpp) anywhere on the check inputs; empty when all bits agree.
  std::string exponential_refusal();
};

// The refusal of a device whose sums differ from the host's evaluation of the same operations
// (device_reference.hpp) on the check's inputs; empty when all bits agree.
std::string sums_refusal(const DeviceKernel& kernel);

}  // namespace reconbound::goldfeld
