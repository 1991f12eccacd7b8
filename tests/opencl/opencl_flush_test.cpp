// A device that flushes subnormals to zero is refused when opened, whatever it reports and
// whatever options its driver adds (issue 49; docs/fast_estimator.md, "What a device must be"):
// POCL told to build every program with -cl-denorms-are-zero (POCL_EXTRA_BUILD_FLAGS, which
// build_program's list of refused options never sees) flushes; the sums check's query whose
// compensated runs scale to subnormal floats then differs from the host's IEEE evaluation, and
// the compensated variant is refused. The double-sum variant meets no subnormal (its exponents
// are clamped to 87, its terms ≥ e^-87 are normal), so the same device is accepted there.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "opencl/device_kernel.hpp"
#include "reconbound/error.hpp"
#include "reconbound/opencl/devices.hpp"

namespace {

using reconbound::goldfeld::DeviceVariant;

TEST(FlushingDevice, IsRefusedForCompensatedSumsAndHarmlessForDoubleSums) {
  // Before any OpenCL call of this process, so that POCL reads it for every program it builds.
  ASSERT_EQ(setenv("POCL_EXTRA_BUILD_FLAGS", "-cl-denorms-are-zero", 1), 0);
  const auto devices = reconbound::opencl::devices();
  std::size_t pocl = devices.size();
  for (std::size_t i = 0; i < devices.size() && pocl == devices.size(); ++i) {
    if (devices[i].report.platform.find("Portable Computing Language") != std::string::npos) pocl = i;
  }
  ASSERT_LT(pocl, devices.size()) << "the OpenCL tests run on POCL (Debian's pocl-opencl-icd)";
  try {
    static_cast<void>(reconbound::goldfeld::open_device_variant(pocl, DeviceVariant{true, 0, 0}));
    ADD_FAILURE() << "a device flushing subnormals was accepted for compensated sums";
  } catch (const reconbound::InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("its sums differ from the IEEE evaluation"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("check query 17"), std::string::npos) << e.what();
  }
  EXPECT_NE(reconbound::goldfeld::open_device_variant(pocl, DeviceVariant{}), nullptr);
}

}  // namespace
