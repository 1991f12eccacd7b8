#pragma once
// The OpenCL devices this machine's ICD loader finds, numbered across all platforms in the
// loader's order (device=opencl:N), and whether each meets what the certified float32 kernels
// assume (docs/fast_estimator.md, "The OpenCL kernel"):
//  - full profile (an embedded-profile device may round its basic operations otherwise);
//  - float32 with round-to-nearest, a fused multiply-add (CL_FP_FMA) and gradual underflow
//    (CL_FP_DENORM), as CL_DEVICE_SINGLE_FP_CONFIG reports them;
//  - fp64 optional: a device with cl_khr_fp64 and round-to-nearest doubles sums each query's
//    terms in double, one without sums them in a compensated float sum (its own bound).
#include <CL/cl.h>

#include <cstddef>
#include <string>
#include <vector>

namespace reconbound::opencl {

// How a device sums a query's float terms (docs/fast_estimator.md, "The OpenCL kernel").
enum class Summation { double_precision, compensated_float };

// "double" or "compensated float".
std::string summation_name(Summation summation);

struct DeviceReport {
  std::size_t index = 0;  // N of opencl:N
  std::string platform;   // CL_PLATFORM_NAME
  std::string name;       // CL_DEVICE_NAME
  std::string version;    // CL_DEVICE_VERSION
  std::string type;       // gpu, cpu, accelerator or other
  bool fp64 = false;      // doubles with round-to-nearest (cl_khr_fp64)
  std::string refusal;    // empty when usable for certified work, else what it lacks

  bool usable() const { return refusal.empty(); }
  bool is_gpu() const { return type == "gpu" || type == "accelerator"; }
  Summation summation() const { return fp64 ? Summation::double_precision : Summation::compensated_float; }
  // "opencl:N <name> (<platform>)": what a result says computed it.
  std::string description() const;
};

struct Device {
  DeviceReport report;
  cl_platform_id platform = nullptr;
  cl_device_id id = nullptr;
};

// Every device of every platform, in order; empty when the loader finds no platform (no
// vendor driver installed, or OCL_ICD_VENDORS names none).
std::vector<Device> devices();

// The refusal of a device from its reported properties (empty when usable): a one-line
// reason naming the missing property. Exposed for the tests of the rule itself.
std::string refusal_of(const std::string& profile, cl_device_fp_config single_config);

}  // namespace reconbound::opencl
