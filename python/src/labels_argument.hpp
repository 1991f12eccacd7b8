#pragma once
// The labels of a per-label job from Python (mathematics §6.10), as workflow::LabelSource:
//   "labels": None (the data set's own: fashion-mnist's label files, png:DIR's class folders),
//             "idx:PATH" / "npy:PATH", or an array of whole numbers >= 0, one per record of the
//             data (any NumPy integer type, or floats that are whole numbers);
//   "labels_source": how the package describes an array of labels (one line), or None;
//   "label_names": None, the path of a names file (line c names label c), or a list of names
//             (names[c] names label c).
#include <pybind11/pybind11.h>

#include "reconbound/workflow/data.hpp"
#include "reconbound/workflow/label_split.hpp"

namespace reconbound::python {

// InvalidInput for an array that is not one-dimensional, a value that is not a whole number in
// [0, 2^31) (naming the record), records given as an array without labels, and a list of names
// with an empty name or fewer names than labels; the errors of load_labels for the data set's
// own labels named by a list of names.
workflow::LabelSource label_source(const pybind11::dict& options, const workflow::DataRequest& data);

}  // namespace reconbound::python
