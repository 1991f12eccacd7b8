#include "python_representation.hpp"

#include <pybind11/stl.h>

#include <fmt/format.h>

#include <utility>

#include "python_psi.hpp"
#include "reconbound/error.hpp"
#include "registry_access.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

// reconbound.Representation (reconbound/_representation.py).
bool is_python_representation(const py::object& value) {
  const py::object type = py::module_::import("reconbound._representation").attr("Representation");
  return py::isinstance(value, type);
}

// TypeError for a value that is neither a spec nor a reconbound.Representation.
[[noreturn]] void refuse(const py::object& value) {
  const std::string shown = py::repr(value).cast<std::string>();
  if (PyCallable_Check(value.ptr()) != 0) {
    throw py::type_error(fmt::format(
        "representation={} is a bare callable: wrap it as reconbound.representation(fn, output_dim=..., "
        "max_squared_distance=...) (docs/python.md, \"Your own representation\")", shown));
  }
  throw py::type_error(fmt::format(
      "representation={} must be a plugin spec (a str such as \"pixel\" or \"downsample:4\") or "
      "reconbound.representation(...)", shown));
}

// Adds the Python Ψ `value` to `registry` as a representation named by its spec; returns the spec.
// Its record's version is its fingerprint (a torch module's parameters, the callable's code), so
// a checkpoint made with it refuses another (workflow::job_fingerprint).
std::string add_python_representation(Registry& registry, const py::object& value) {
  const auto [spec, version] = value.attr("_job_record")().cast<std::pair<std::string, std::string>>();
  PluginRecord record{PluginKind::representation, spec, version,
                      "a Python callable given to reconbound.representation", "none", "", {}, {}};
  auto psi = std::make_shared<const SharedPythonObject>(value);
  registry.add_representation(std::move(record), [psi, spec](const Params& params) -> std::shared_ptr<Representation> {
    if (!params.values().empty()) {
      throw InvalidInput(fmt::format("representation {} is written in Python and takes no parameters: drop "
                                     "representation_params", spec));
    }
    return std::make_shared<PythonPsi>(psi, spec);
  });
  return spec;
}

}  // namespace

RepresentationChoice representation_choice(const py::object& representation) {
  py::list one;
  one.append(representation);
  RepresentationChoices choices = representation_choices(one);
  return {choices.registry, std::move(choices.specs.front()), std::move(choices.owned)};
}

RepresentationChoices representation_choices(const py::list& representations) {
  RepresentationChoices out;
  out.registry = &registry();
  for (const py::handle entry : representations) {
    const auto value = py::reinterpret_borrow<py::object>(entry);
    if (py::isinstance<py::str>(value)) {
      out.specs.push_back(value.cast<std::string>());
      continue;
    }
    if (!is_python_representation(value)) refuse(value);
    if (!out.owned) {
      out.owned = Registry::extending(registry());
      out.registry = out.owned.get();
    }
    out.specs.push_back(add_python_representation(*out.owned, value));
  }
  return out;
}

}  // namespace reconbound::python
