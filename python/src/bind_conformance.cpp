// conformance: the kit's suite (docs/conformance.md, "Python") on a plugin file, a plugin spec
// or a Python representation (reconbound.representation), as `reconbound conformance --json`
// reports it. The suite runs without the GIL; a Python Ψ and a Python reference take it for each
// batch they map.
#include <pybind11/numpy.h>

#include <fmt/format.h>

#include <cstring>
#include <memory>
#include <optional>

#include "bindings.hpp"
#include "params_argument.hpp"
#include "python_psi.hpp"
#include "python_representation.hpp"
#include "records.hpp"
#include "reconbound/bound.hpp"
#include "reconbound/conformance/plugin_choice.hpp"
#include "reconbound/conformance/representation_references.hpp"
#include "reconbound/conformance/suites.hpp"
#include "reconbound/error.hpp"
#include "registry_access.hpp"

namespace py = pybind11;

namespace reconbound::python {
namespace {

// The records of `shape` as an (n, C, H, W) float64 array (a copy), with the GIL held.
py::array_t<double> batch_array(const ImageShape& shape, const RowMatrix& batch) {
  py::array_t<double> records({static_cast<py::ssize_t>(batch.rows()), static_cast<py::ssize_t>(shape.channels),
                               static_cast<py::ssize_t>(shape.height), static_cast<py::ssize_t>(shape.width)});
  std::memcpy(records.mutable_data(), batch.data(), sizeof(double) * static_cast<std::size_t>(batch.size()));
  return records;
}

// A Python callable on an (n, C, H, W) batch, answering (n, m) numbers, as the reference.
conformance::ReferenceForShape callable_reference(const py::object& fn, double tolerance) {
  auto shared = std::make_shared<const SharedPythonObject>(fn);
  const std::string shown = py::repr(fn).cast<std::string>();
  return [shared, shown, tolerance](const ImageShape&) -> std::optional<conformance::RepresentationReference> {
    const auto map = [shared, shown](const ImageShape& shape, const RowMatrix& batch) {
      const py::gil_scoped_acquire gil;
      const py::object answer = shared->get()(batch_array(shape, batch));
      const auto values = py::array_t<double, py::array::c_style | py::array::forcecast>::ensure(answer);
      if (!values || values.ndim() != 2 || values.shape(0) != batch.rows()) {
        throw InvalidInput(fmt::format("reference={} must return an (n, m) array of numbers for n = {} records", shown,
                                       batch.rows()));
      }
      return RowMatrix(Eigen::Map<const RowMatrix>(values.data(), values.shape(0), values.shape(1)));
    };
    return conformance::RepresentationReference{fmt::format("reference={}", shown), map, 0.0, tolerance};
  };
}

// The plugin `plugin` names: a str (a file or a spec, conformance::choose_plugin) or a
// reconbound.Representation (added to a registry extending the module's, kept in `python_psi`).
conformance::ChosenPlugin chosen(const py::object& plugin, RepresentationChoice& python_psi) {
  if (py::isinstance<py::str>(plugin)) {
    return conformance::choose_plugin(plugin.cast<std::string>(), []() -> const Registry& { return registry(); });
  }
  python_psi = representation_choice(plugin);
  conformance::ChosenPlugin choice;
  choice.registry = python_psi.registry;
  choice.plugin = choice.registry->find(PluginKind::representation, python_psi.spec);
  return choice;
}

// The suite's options from the module's arguments (reconbound/_conformance.py checked their types).
conformance::SuiteOptions suite_options(const conformance::ChosenPlugin& choice, const py::object& params,
                                        const py::object& reference, double tolerance, std::size_t records,
                                        std::uint64_t seed, const py::object& data, std::size_t search_budget) {
  conformance::SuiteOptions suite;
  if (choice.spec_params || !params.is_none()) {
    suite.params = choice.spec_params.value_or(Params{});
    const Params given = params_argument(params);
    for (const auto& [key, value] : given.values()) suite.params->set(key, value);
  }
  if (choice.plugin->kind != PluginKind::representation && !(reference.is_none() && data.is_none())) {
    throw InvalidInput(fmt::format("reference= and data= apply to a representation; '{}' is a {} plugin",
                                   choice.plugin->name, to_string(choice.plugin->kind)));
  }
  conformance::RepresentationSuiteOptions& r = suite.representation;
  r.records = records;
  r.seed = seed;
  r.search_budget = search_budget;
  if (py::isinstance<py::str>(data)) r.data = conformance::sample_records(data.cast<std::string>(), records, seed);
  else if (!data.is_none()) {
    const Dataset given = copied_records(py::array::ensure(data), std::nullopt, "data", "arrays", RecordEncoding{});
    r.data = conformance::sample_records(given, records, seed);
  }
  if (py::isinstance<py::str>(reference)) {
    const auto [name, reference_params] = parse_plugin_spec(reference.cast<std::string>());
    r.reference = conformance::plugin_reference(registry(), name, reference_params, tolerance);
  } else if (!reference.is_none()) {
    r.reference = callable_reference(reference, tolerance);
  }
  return suite;
}

}  // namespace

void bind_conformance(py::module_& module) {
  module.def(
      "conformance",
      [](const py::object& plugin, const py::object& params, const py::object& reference, double tolerance,
         std::size_t records, std::uint64_t seed, const py::object& data, std::size_t search_budget) {
        RepresentationChoice python_psi;
        const conformance::ChosenPlugin choice = chosen(plugin, python_psi);
        const conformance::SuiteOptions suite =
            suite_options(choice, params, reference, tolerance, records, seed, data, search_budget);
        const std::vector<conformance::Check> checks = [&] {
          const py::gil_scoped_release release;
          return conformance::run_suite(*choice.registry, *choice.plugin, suite);
        }();
        return conformance::report_json(*choice.plugin, checks).dump();
      },
      py::arg("plugin"), py::arg("params"), py::arg("reference"), py::arg("tolerance"), py::arg("records"),
      py::arg("seed"), py::arg("data"), py::arg("search_budget"),
      "conformance::run_suite; the JSON of `reconbound conformance --json`.");
}

}  // namespace reconbound::python
