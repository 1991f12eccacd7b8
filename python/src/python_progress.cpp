#include "python_progress.hpp"

namespace py = pybind11;

namespace reconbound::python {

PythonProgress::PythonProgress(py::object callback)
    : callback_(std::move(callback)), has_callback_(!callback_.is_none()), caller_(std::this_thread::get_id()) {}

PythonProgress::~PythonProgress() = default;

void PythonProgress::report(std::string_view stage, std::size_t done, std::size_t total) {
  const bool caller = std::this_thread::get_id() == caller_;
  if (stopped_) {
    if (caller) throw Cancelled("stopped by the caller");
    return;
  }
  if (!caller && !has_callback_) return;
  const py::gil_scoped_acquire gil;
  try {
    if (caller && PyErr_CheckSignals() != 0) throw py::error_already_set();
    if (has_callback_) {
      // Stage names are ASCII; a stray byte must not stop the computation.
      const auto name = py::reinterpret_steal<py::str>(
          PyUnicode_DecodeUTF8(stage.data(), static_cast<Py_ssize_t>(stage.size()), "replace"));
      callback_(name, done, total);
    }
  } catch (py::error_already_set& error) {
    keep_error(std::move(error));
    if (caller) throw Cancelled("stopped by the caller");
  }
}

void PythonProgress::keep_error(py::error_already_set&& error) {
  const std::lock_guard lock(error_mutex_);
  if (!error_) error_.emplace(std::move(error));
  stopped_ = true;
}

void PythonProgress::raise_if_stopped() {
  const std::lock_guard lock(error_mutex_);
  if (error_) {
    py::error_already_set error = std::move(*error_);
    error_.reset();
    throw error;
  }
}

}  // namespace reconbound::python
