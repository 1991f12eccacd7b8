#pragma once
// reconbound::Progress for a Python caller: forwards progress to the caller's callback and
// stops the computation on Ctrl-C (reconbound/progress.hpp, "Cancellation").
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <atomic>
#include <mutex>
#include <optional>
#include <thread>
#include <utility>

#include "reconbound/error.hpp"
#include "reconbound/progress.hpp"

namespace reconbound::python {

class PythonProgress final : public Progress {
 public:
  // `callback`: None, or a callable (stage: str, done: int, total: int). Made with the GIL held,
  // on the thread that then runs the computation.
  explicit PythonProgress(pybind11::object callback);
  ~PythonProgress() override;
  PythonProgress(const PythonProgress&) = delete;
  PythonProgress& operator=(const PythonProgress&) = delete;

  // With the GIL released. On the calling thread: checks for signals (Ctrl-C runs Python's
  // handler, which raises KeyboardInterrupt), calls the callback, and throws Cancelled when
  // either raised. On a worker thread: calls the callback only; a Python error there is kept
  // and thrown by the calling thread's next report.
  void report(std::string_view stage, std::size_t done, std::size_t total) override;

  // With the GIL held, after the computation: raises the Python error that stopped it, or
  // that the callback raised on a worker thread after the calling thread's last report.
  void raise_if_stopped();

 private:
  void keep_error(pybind11::error_already_set&& error);

  pybind11::object callback_;
  bool has_callback_;
  std::thread::id caller_;
  std::atomic<bool> stopped_{false};
  std::mutex error_mutex_;
  std::optional<pybind11::error_already_set> error_;
};

// Runs `compute` with the GIL released; a computation stopped by `progress` raises the
// Python error that stopped it (KeyboardInterrupt, or the callback's exception).
template <class Compute>
auto without_gil(PythonProgress& progress, Compute&& compute) {
  try {
    auto result = [&] {
      const pybind11::gil_scoped_release release;
      return std::forward<Compute>(compute)();
    }();
    progress.raise_if_stopped();
    return result;
  } catch (const Cancelled&) {
    progress.raise_if_stopped();
    throw;
  }
}

}  // namespace reconbound::python
