# The OpenCL backend of the goldfeld estimator (docs/fast_estimator.md, "The OpenCL kernel"):
# the OpenCL 1.2 C API through Debian's opencl-headers and ocl-icd-opencl-dev. Only the ICD
# loader (libOpenCL.so.1) is linked; it finds the NVIDIA, AMD, Intel or POCL driver at run time.
# Built when the headers and the loader are found, and configure says which.
find_package(OpenCL QUIET)
option(RECONBOUND_OPENCL "Build the OpenCL backend (device=opencl of the goldfeld estimator)" ${OpenCL_FOUND})
if(RECONBOUND_OPENCL AND NOT OpenCL_FOUND)
  message(FATAL_ERROR "RECONBOUND_OPENCL needs the OpenCL headers and ICD loader: opencl-headers and "
                      "ocl-icd-opencl-dev (scripts/setup.sh)")
endif()
if(RECONBOUND_OPENCL)
  message(STATUS "OpenCL backend: built (ICD loader ${OpenCL_LIBRARIES}); device=opencl computes the "
                 "certified estimate on any OpenCL 1.2 device that meets its float checks")
elseif(OpenCL_FOUND)
  message(STATUS "OpenCL backend: not built (RECONBOUND_OPENCL=OFF); device=opencl will say so")
else()
  message(STATUS "OpenCL backend: not built (no OpenCL headers or ICD loader found; apt-get install "
                 "opencl-headers ocl-icd-opencl-dev); device=opencl will say so")
endif()
