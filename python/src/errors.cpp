#include "errors.hpp"

#include "reconbound/error.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

// The exception classes, owned by the module (which lives as long as the interpreter).
PyObject* invalid_input = nullptr;
PyObject* file_error = nullptr;
PyObject* plugin_error = nullptr;
PyObject* numerical_error = nullptr;

// A new exception class reconbound.`name` with the given bases (a class or a tuple), added to
// the module; returns it borrowed.
PyObject* new_exception(py::module_& module, const char* name, const py::object& bases) {
  const std::string qualified = std::string("reconbound.") + name;
  auto type = py::reinterpret_steal<py::object>(PyErr_NewException(qualified.c_str(), bases.ptr(), nullptr));
  if (!type) throw py::error_already_set();
  module.add_object(name, type);
  return type.ptr();
}

}  // namespace

void register_errors(py::module_& module) {
  const auto builtin = [](PyObject* type) { return py::reinterpret_borrow<py::object>(type); };
  invalid_input = new_exception(module, "InvalidInput", builtin(PyExc_ValueError));
  file_error = new_exception(module, "FileError", py::make_tuple(builtin(PyExc_OSError), builtin(PyExc_ValueError)));
  plugin_error = new_exception(module, "PluginError", builtin(PyExc_ValueError));
  numerical_error = new_exception(module, "NumericalError", builtin(PyExc_ArithmeticError));
  py::register_exception_translator([](std::exception_ptr error) {
    try {
      if (error) std::rethrow_exception(error);
    } catch (const InvalidInput& e) {
      PyErr_SetString(invalid_input, e.what());
    } catch (const FileError& e) {
      PyErr_SetString(file_error, e.what());
    } catch (const PluginError& e) {
      PyErr_SetString(plugin_error, e.what());
    } catch (const NumericalError& e) {
      PyErr_SetString(numerical_error, e.what());
    } catch (const Error& e) {
      PyErr_SetString(PyExc_RuntimeError, e.what());
    }
  });
}

}  // namespace reconbound::python
