#pragma once
// reconbound::Representation over a reconbound.Representation object (reconbound/_representation.py;
// python_representation.hpp). Every method takes the GIL for the Python call it makes and for no
// longer, so the jobs that run it hold none and several workers may map batches at once (each
// call then waits for the GIL). A Python exception raised there leaves as pybind11's
// error_already_set, which the job carries to its caller and the module raises unchanged.
#include <pybind11/pybind11.h>

#include <memory>
#include <string>

#include "reconbound/representation.hpp"

namespace reconbound::python {

// A reference to a Python object that may be dropped on a thread without the GIL (the jobs'
// workers): its destructor takes the GIL to release it.
class SharedPythonObject {
 public:
  explicit SharedPythonObject(pybind11::object object) : object_(std::move(object)) {}
  ~SharedPythonObject();
  SharedPythonObject(const SharedPythonObject&) = delete;
  SharedPythonObject& operator=(const SharedPythonObject&) = delete;
  // Only with the GIL held.
  const pybind11::object& get() const { return object_; }

 private:
  pybind11::object object_;
};

class PythonPsi final : public Representation {
 public:
  // `psi`: a reconbound.Representation; `spec`: the name the job knows it by.
  PythonPsi(std::shared_ptr<const SharedPythonObject> psi, std::string spec)
      : psi_(std::move(psi)), spec_(std::move(spec)) {}

  // Representation._accepts(shape): None, or the reason it refuses records of that shape.
  bool accepts(const ImageShape& input_shape, std::string& why) const override;
  // Representation._describe(shape): (output_dim, max_squared_distance, unit).
  RepresentationInfo describe(const ImageShape& input_shape) const override;
  // Representation._map(records, output_dim) of a copy of the batch as a read-only (n, C, H, W)
  // float64 array; its (n, output_dim) float64 answer copied into `out`.
  void map(const ImageShape& input_shape, MatrixView batch, MutableMatrixView out) const override;

 private:
  std::shared_ptr<const SharedPythonObject> psi_;
  std::string spec_;
};

}  // namespace reconbound::python
