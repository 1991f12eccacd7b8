#pragma once
// The records of a job from Python (workflow::DataRequest, mathematics §7):
//   "data": a data-set spec ("fashion-mnist", "idx:PATH", "npy:PATH", "png:DIR"), or an array of
//           records, split like a data set (copied once into the core's data set);
//   "perp", "est": the caller's D⊥ and D_est as arrays, read in place (DataRequest::views);
//   "shape": (C, H, W) of one record for arrays of flat records;
//   "layout" ("NCHW" | "NHWC"), "scale" (255 | 1): how the arrays, or an "npy:PATH" file, are
//           stored (reconbound/record_encoding.hpp), each None when not said;
//   "n_perp", "n_est", "perp_range", "est_range", "perp_indices", "est_indices", "seed",
//   "quick": the split, as the CLI's --perp/--est, --perp-range/..., --seed and --quick.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>

#include "records.hpp"
#include "reconbound/workflow/data.hpp"

namespace reconbound::python {

struct DataArgument {
  std::optional<Records> perp, est;  // the arrays request.views reads: they must outlive the job
  workflow::DataRequest request;
};

// InvalidInput for perp without est (or the reverse), arrays given with a data set, records of
// two shapes, a layout or a scale that is not one of the choices, data that is neither a spec nor
// an array, and arrays that Records refuses.
DataArgument data_argument(const pybind11::dict& options);

}  // namespace reconbound::python
