#pragma once
// Owning handles of OpenCL objects (released on destruction) and the check that turns an
// OpenCL status into an exception naming the call and the status.
#include <CL/cl.h>

#include <memory>
#include <string>
#include <type_traits>

namespace reconbound::opencl {

// Throws reconbound::Error "OpenCL: <what> failed: <status name> (<status>)" unless CL_SUCCESS.
void check(cl_int status, const char* what);

// The name of an OpenCL status code, e.g. "CL_OUT_OF_RESOURCES".
std::string status_name(cl_int status);

namespace detail {
struct ReleaseContext { void operator()(cl_context c) const { clReleaseContext(c); } };
struct ReleaseQueue { void operator()(cl_command_queue q) const { clReleaseCommandQueue(q); } };
struct ReleaseProgram { void operator()(cl_program p) const { clReleaseProgram(p); } };
struct ReleaseKernel { void operator()(cl_kernel k) const { clReleaseKernel(k); } };
struct ReleaseBuffer { void operator()(cl_mem m) const { clReleaseMemObject(m); } };
}  // namespace detail

using Context = std::unique_ptr<std::remove_pointer_t<cl_context>, detail::ReleaseContext>;
using Queue = std::unique_ptr<std::remove_pointer_t<cl_command_queue>, detail::ReleaseQueue>;
using Program = std::unique_ptr<std::remove_pointer_t<cl_program>, detail::ReleaseProgram>;
using Kernel = std::unique_ptr<std::remove_pointer_t<cl_kernel>, detail::ReleaseKernel>;
using Buffer = std::unique_ptr<std::remove_pointer_t<cl_mem>, detail::ReleaseBuffer>;

// A context and an in-order queue on one device.
struct DeviceQueue {
  Context context;
  Queue queue;
};
DeviceQueue open_queue(cl_device_id device);

// Builds `source` for `device` with `options`; on failure throws with the build log's first
// lines. The options never include -cl-fast-relaxed-math, -cl-mad-enable,
// -cl-unsafe-math-optimizations or -cl-denorms-are-zero: the certified kernels' proofs assume
// IEEE operations (the caller's options are checked for them).
Program build_program(cl_context context, cl_device_id device, const std::string& source,
                      const std::string& options);

Kernel make_kernel(cl_program program, const char* name);

// A device buffer of `bytes`, filled from `host` when given.
Buffer make_buffer(cl_context context, cl_mem_flags flags, std::size_t bytes, const void* host = nullptr);

// The largest work-group size the kernel can run with on `device`.
std::size_t kernel_work_group_size(cl_kernel kernel, cl_device_id device);

}  // namespace reconbound::opencl
