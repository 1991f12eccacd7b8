#include "reconbound/opencl/handles.hpp"

#include <fmt/format.h>

#include <array>
#include <sstream>
#include <utility>

#include "reconbound/error.hpp"

namespace reconbound::opencl {

std::string status_name(cl_int status) {
  static constexpr std::array<std::pair<cl_int, const char*>, 18> kNames{{
      {CL_SUCCESS, "CL_SUCCESS"},
      {CL_DEVICE_NOT_FOUND, "CL_DEVICE_NOT_FOUND"},
      {CL_DEVICE_NOT_AVAILABLE, "CL_DEVICE_NOT_AVAILABLE"},
      {CL_COMPILER_NOT_AVAILABLE, "CL_COMPILER_NOT_AVAILABLE"},
      {CL_MEM_OBJECT_ALLOCATION_FAILURE, "CL_MEM_OBJECT_ALLOCATION_FAILURE"},
      {CL_OUT_OF_RESOURCES, "CL_OUT_OF_RESOURCES"},
      {CL_OUT_OF_HOST_MEMORY, "CL_OUT_OF_HOST_MEMORY"},
      {CL_BUILD_PROGRAM_FAILURE, "CL_BUILD_PROGRAM_FAILURE"},
      {CL_INVALID_VALUE, "CL_INVALID_VALUE"},
      {CL_INVALID_DEVICE, "CL_INVALID_DEVICE"},
      {CL_INVALID_CONTEXT, "CL_INVALID_CONTEXT"},
      {CL_INVALID_BUFFER_SIZE, "CL_INVALID_BUFFER_SIZE"},
      {CL_INVALID_BUILD_OPTIONS, "CL_INVALID_BUILD_OPTIONS"},
      {CL_INVALID_KERNEL_ARGS, "CL_INVALID_KERNEL_ARGS"},
      {CL_INVALID_WORK_GROUP_SIZE, "CL_INVALID_WORK_GROUP_SIZE"},
      {CL_INVALID_WORK_ITEM_SIZE, "CL_INVALID_WORK_ITEM_SIZE"},
      {CL_INVALID_GLOBAL_WORK_SIZE, "CL_INVALID_GLOBAL_WORK_SIZE"},
      {CL_INVALID_ARG_SIZE, "CL_INVALID_ARG_SIZE"},
  }};
  for (const auto& [code, name] : kNames) {
    if (code == status) return name;
  }
  return "OpenCL status";
}

void check(cl_int status, const char* what) {
  if (status == CL_SUCCESS) return;
  throw Error(fmt::format("OpenCL: {} failed: {} ({})", what, status_name(status), status));
}

DeviceQueue open_queue(cl_device_id device) {
  cl_int status = CL_SUCCESS;
  Context context(clCreateContext(nullptr, 1, &device, nullptr, nullptr, &status));
  check(status, "clCreateContext");
  Queue queue(clCreateCommandQueue(context.get(), device, 0, &status));
  check(status, "clCreateCommandQueue");
  return {std::move(context), std::move(queue)};
}

Program build_program(cl_context context, cl_device_id device, const std::string& source,
                      const std::string& options) {
  for (const char* relaxed : {"-cl-fast-relaxed-math", "-cl-mad-enable", "-cl-unsafe-math-optimizations",
                              "-cl-denorms-are-zero", "-cl-finite-math-only"}) {
    if (options.find(relaxed) != std::string::npos) {
      throw Error(fmt::format("OpenCL: build option {} would void the kernel's error bound", relaxed));
    }
  }
  const char* text = source.c_str();
  const std::size_t length = source.size();
  cl_int status = CL_SUCCESS;
  Program program(clCreateProgramWithSource(context, 1, &text, &length, &status));
  check(status, "clCreateProgramWithSource");
  status = clBuildProgram(program.get(), 1, &device, options.c_str(), nullptr, nullptr);
  if (status != CL_SUCCESS) {
    std::size_t size = 0;
    clGetProgramBuildInfo(program.get(), device, CL_PROGRAM_BUILD_LOG, 0, nullptr, &size);
    std::string log(size, '\0');
    clGetProgramBuildInfo(program.get(), device, CL_PROGRAM_BUILD_LOG, size, log.data(), nullptr);
    std::istringstream lines(log);
    std::string first;
    std::string line;
    for (int i = 0; i < 3 && std::getline(lines, line);) {
      if (line.empty()) continue;
      first += (first.empty() ? "" : " | ") + line;
      ++i;
    }
    throw Error(fmt::format("OpenCL: clBuildProgram failed: {} ({}): {}", status_name(status), status, first));
  }
  return program;
}

Kernel make_kernel(cl_program program, const char* name) {
  cl_int status = CL_SUCCESS;
  Kernel kernel(clCreateKernel(program, name, &status));
  check(status, "clCreateKernel");
  return kernel;
}

Buffer make_buffer(cl_context context, cl_mem_flags flags, std::size_t bytes, const void* host) {
  cl_int status = CL_SUCCESS;
  // A buffer of 0 bytes is invalid in OpenCL; a one-byte one stands in for an empty array.
  const std::size_t size = bytes == 0 ? 1 : bytes;
  const cl_mem_flags copy = host != nullptr && bytes > 0 ? CL_MEM_COPY_HOST_PTR : 0;
  Buffer buffer(clCreateBuffer(context, flags | copy, size, copy != 0 ? const_cast<void*>(host) : nullptr, &status));
  check(status, "clCreateBuffer");
  return buffer;
}

std::size_t kernel_work_group_size(cl_kernel kernel, cl_device_id device) {
  std::size_t size = 0;
  check(clGetKernelWorkGroupInfo(kernel, device, CL_KERNEL_WORK_GROUP_SIZE, sizeof size, &size, nullptr),
        "clGetKernelWorkGroupInfo");
  return size;
}

}  // namespace reconbound::opencl
