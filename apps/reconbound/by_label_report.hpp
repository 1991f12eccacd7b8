#pragma once
// The table of `bound --by-label` (mathematics §6.10; its JSON is workflow::to_json).
#include "reconbound/workflow/by_label.hpp"

namespace reconbound::cli {

// The pooled bound's headline as its own statement, then one row per label, the smallest
// guaranteed error first, and the sentence on the most exposed label.
void print_by_label_table(const workflow::ByLabelOutput& output);

}  // namespace reconbound::cli
