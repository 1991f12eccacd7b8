#pragma once
// The OpenCL devices of `reconbound plugins` and of Python's reconbound.plugins(): every device
// the ICD loader finds, numbered as device=opencl:N of the goldfeld estimator, and whether its
// reported float configuration meets the certified kernel's proof (docs/fast_estimator.md, "The
// OpenCL kernel"). Built with and without the OpenCL backend (then it says so).
#include <nlohmann/json.hpp>

namespace reconbound::opencl_listing {

// The table's lines (stdout).
void print_opencl_devices();

// {"built": bool, "devices": [{index, platform, name, version, type, fp64, summation,
// usable_for_certified_work, refusal}]}.
nlohmann::json opencl_devices_json();

}  // namespace reconbound::opencl_listing
