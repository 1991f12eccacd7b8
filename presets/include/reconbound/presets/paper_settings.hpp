#pragma once
// The settings table of the front ends (docs/settings-route.md): the jobs' rows
// (workflow/setting_table.hpp: the bound pipeline's, then the other jobs') and, first, the
// plugins' — the representation, mechanism, estimator and converse the front ends default to,
// the paper's pipeline (paper_pipeline.hpp).
#include <vector>

#include "reconbound/workflow/setting_table.hpp"

namespace reconbound::presets {

const std::vector<workflow::Setting>& front_end_settings();

// The row named `name` (std::logic_error for a name the table lacks).
const workflow::Setting& front_end_setting(std::string_view name);

}  // namespace reconbound::presets
