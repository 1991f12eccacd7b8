// leakage: γ in bits of a mechanism for a schedule (SPEC §2, Theorem 4.1).
#include <nlohmann/json.hpp>

#include "bindings.hpp"
#include "params_argument.hpp"
#include "registry_access.hpp"
#include "schedule_argument.hpp"

namespace py = pybind11;

namespace reconbound::python {

void bind_leakage(py::module_& module) {
  module.def(
      "leakage",
      [](const std::string& mechanism, const py::object& params, const py::list& runs) {
        const Schedule schedule = schedule_argument(runs);
        const auto plugin = registry().make_mechanism(mechanism, params_argument(params));
        MechanismInput input;
        input.schedule = &schedule;
        const Leakage leakage = [&] {
          const py::gil_scoped_release release;
          return plugin->leakage(input);
        }();
        nlohmann::json segments = nlohmann::json::array();
        for (const auto& s : leakage.segments) {
          segments.push_back({{"run", s.run + 1}, {"q", s.segment.q}, {"sigma", s.segment.sigma},
                              {"steps", s.segment.steps}, {"gamma_bits", s.gamma_bits}});
        }
        const nlohmann::json out{{"mechanism", mechanism},
                                 {"gamma_bits", leakage.gamma_bits},
                                 {"abs_error_bits", leakage.abs_error_bits},
                                 {"segments", segments}};
        return out.dump();
      },
      py::arg("mechanism"), py::arg("params"), py::arg("runs"),
      "The leakage job as JSON text (the dictionary `reconbound leakage --json` prints).");
}

}  // namespace reconbound::python
