#pragma once
// The settings that name one of the engine's choices — the rotation (mathematics §4), the
// normaliser (§6.5, §6.8) and the grid selection (§6.6) — as the front ends write them, and the
// choice each name stands for (workflow/setting_table.hpp holds their rows).
#include <string>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/export.hpp"
#include "reconbound/grid_selection.hpp"

namespace reconbound::workflow {

RECONBOUND_API std::vector<std::string> rotation_names();
RECONBOUND_API std::vector<std::string> normaliser_names();
RECONBOUND_API std::vector<std::string> grid_select_names();

RECONBOUND_API std::string rotation_name(RotationChoice choice);
RECONBOUND_API std::string normaliser_name(Normaliser choice);
RECONBOUND_API std::string grid_select_name(GridSelect choice);

// The choice named `given`; InvalidInput with the table's message for any other name.
RECONBOUND_API RotationChoice rotation_named(const std::string& given);
RECONBOUND_API Normaliser normaliser_named(const std::string& given);
RECONBOUND_API GridSelect grid_select_named(const std::string& given);

}  // namespace reconbound::workflow
