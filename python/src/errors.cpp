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

// Python names a job's parameter by its keyword, the name core gives it, with "=" before a
// value: delta=2.
ParameterSpelling keyword_spelling() {
  return {[](std::string_view name) { return std::string(name); }, "="};
}

// A Python str of UTF-8 text (a byte that is not UTF-8 becomes U+FFFD); null with an error set.
py::object text(const std::string& utf8) {
  return py::reinterpret_steal<py::object>(PyUnicode_DecodeUTF8(utf8.data(), static_cast<Py_ssize_t>(utf8.size()),
                                                                "replace"));
}

// The message with core's parameters spelled as Python's keywords, set as `type`'s error. A message
// that names parameters keeps them marked in the exception's `_marked_message`, for the package to
// spell as its caller named them (a keyword alias: reconbound/_arguments.py).
void set_error(PyObject* type, const Error& error) {
  const std::string marked = error.what();
  const std::string spelled = spell_parameters(marked, keyword_spelling());
  const py::object message = text(spelled);
  const auto exception = message ? py::reinterpret_steal<py::object>(PyObject_CallOneArg(type, message.ptr())) : message;
  if (!exception) return;  // the call set its own error
  if (spelled != marked) {
    const py::object original = text(marked);
    if (!original || PyObject_SetAttrString(exception.ptr(), "_marked_message", original.ptr()) != 0) return;
  }
  PyErr_SetObject(type, exception.ptr());
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
      set_error(invalid_input, e);
    } catch (const FileError& e) {
      set_error(file_error, e);
    } catch (const PluginError& e) {
      set_error(plugin_error, e);
    } catch (const NumericalError& e) {
      set_error(numerical_error, e);
    } catch (const Error& e) {
      set_error(PyExc_RuntimeError, e);
    }
  });
}

}  // namespace reconbound::python
