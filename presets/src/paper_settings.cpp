// The front ends' settings table: the paper's plugins, then the jobs' settings (paper_settings.hpp).
#include "reconbound/presets/paper_settings.hpp"

#include "reconbound/presets/paper_pipeline.hpp"

namespace reconbound::presets {

namespace {

workflow::Setting plugin_row(const char* name, const char* plugin, const char* help) {
  return workflow::make_setting(name, std::string(plugin), help);
}

// The representation: spectrum takes several (its keyword representations=, the same flag).
workflow::Setting representation_row() {
  workflow::Setting s = plugin_row("representation", kPaperRepresentation,
                                   "pixel | downsample:F | dct:F | select:SPEC | lpips:MODEL.onnx");
  s.plural = "representations";
  return s;
}

}  // namespace

const std::vector<workflow::Setting>& front_end_settings() {
  static const std::vector<workflow::Setting> table = [] {
    std::vector<workflow::Setting> rows{
        representation_row(),
        plugin_row("mechanism", kPaperMechanism, "Mechanism plugin (NAME or NAME:k=v,...)"),
        plugin_row("estimator", kPaperEstimator, "Entropy estimator plugin (mathematics §6)"),
        plugin_row("converse", kPaperConverse, "Converse plugin: rho* from gamma and the entropy (eq 14)")};
    const auto& bound = workflow::bound_setting_table();
    rows.insert(rows.end(), bound.begin(), bound.end());
    const auto& jobs = workflow::job_setting_table();
    rows.insert(rows.end(), jobs.begin(), jobs.end());
    return rows;
  }();
  return table;
}

const workflow::Setting& front_end_setting(std::string_view name) {
  return workflow::setting_named(front_end_settings(), name);
}

}  // namespace reconbound::presets
