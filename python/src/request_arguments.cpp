#include "request_arguments.hpp"

#include "dict_items.hpp"
#include "params_argument.hpp"
#include "schedule_argument.hpp"

namespace py = pybind11;

namespace reconbound::python {

workflow::MechanismRequest mechanism_argument(const py::dict& mechanism) {
  workflow::MechanismRequest out;
  out.name = item<std::string>(mechanism, "name", "a plugin name", out.name);
  out.params = params_argument(mechanism.contains("params") ? py::object(mechanism["params"]) : py::none());
  if (const auto runs = optional_item<py::list>(mechanism, "runs", "a list of runs")) {
    out.schedule = schedule_argument(*runs);
  }
  return out;
}

workflow::DeltaRequest delta_argument(const py::dict& options) {
  constexpr const char* kNumber = "a number";
  return {optional_item<double>(options, "delta", kNumber), optional_item<double>(options, "delta_exponent", kNumber),
          optional_item<double>(options, "n_train", kNumber)};
}

CalibrationOptions calibration_argument(const py::dict& options, Progress* progress) {
  CalibrationOptions out;
  out.progress = progress;
  out.sigma_tolerance = item<double>(options, "sigma_tolerance", "a number", out.sigma_tolerance);
  out.accountant.epsilon_error = item<double>(options, "epsilon_error", "a number", out.accountant.epsilon_error);
  return out;
}

}  // namespace reconbound::python
