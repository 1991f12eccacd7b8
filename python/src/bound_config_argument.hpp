#pragma once
// The bound pipeline's configuration from Python (BoundConfig; mathematics §3–7), as the CLI's bound
// options give it: {"representation_params", "estimator", "estimator_params", "converse",
// "converse_params", "exact", "mc_samples", "grid_k", "grid_nu2", "alpha", "rotation",
// "padded_order", "normaliser", "normaliser_alpha_share", "grid_select", "grid_select_pairs",
// "select_only", "threads"}; a missing key or None keeps the settings table's default, as the CLI
// does. (spectrum's dictionary also holds "joint", read by its binding.)
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>

#include "reconbound/bound.hpp"

namespace reconbound::python {

// `seed` is the data's (the CLI's --seed serves the split and the pipeline). InvalidInput with the
// settings table's message for a value outside its choices or range (workflow::bound_config) and
// for grid lists check_grid_lists refuses.
BoundConfig bound_config_argument(const pybind11::dict& options, std::uint64_t seed);

}  // namespace reconbound::python
