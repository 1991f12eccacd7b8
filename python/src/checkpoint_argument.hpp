#pragma once
// The checkpoint of a Python job (docs/checkpoints.md): bound["checkpoint"], a path, opened with
// the fingerprint the package computed of the job's arguments (bound["checkpoint_fields"]).
#include <pybind11/pybind11.h>

#include <memory>

#include "reconbound/checkpoint.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::python {

// nullptr when the job has no checkpoint. The fingerprint: the software, the package's fields
// of the arguments, and the contents of every file an argument names (a data spec).
std::unique_ptr<Checkpoint> checkpoint_argument(const pybind11::dict& bound, const Registry& registry);

}  // namespace reconbound::python
