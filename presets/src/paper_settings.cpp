// The front ends' settings table: the paper's plugins, then the jobs' settings (paper_settings.hpp).
#include "reconbound/presets/paper_settings.hpp"

#include "reconbound/presets/paper_pipeline.hpp"

namespace reconbound::presets {

namespace {

workflow::Setting plugin_row(const char* name, const char* plugin, const char* help) {
  workflow::Setting s;
  s.name = name;
  s.flag = workflow::flag_of(name);
  s.default_value = std::string(plugin);
  s.default_text = plugin;
  s.help = help;
  return s;
}

}  // namespace

const std::vector<workflow::Setting>& front_end_settings() {
  static const std::vector<workflow::Setting> table = [] {
    std::vector<workflow::Setting> rows{
        plugin_row("representation", kPaperRepresentation, "pixel | downsample:F | dct:F | select:SPEC | lpips:MODEL.onnx"),
        plugin_row("mechanism", kPaperMechanism, "Mechanism plugin (NAME or NAME:k=v,...)"),
        plugin_row("estimator", kPaperEstimator, "Entropy estimator plugin (mathematics §6)"),
        plugin_row("converse", kPaperConverse, "Converse plugin: rho* from gamma and the entropy (eq 14)")};
    const auto& jobs = workflow::bound_setting_table();
    rows.insert(rows.end(), jobs.begin(), jobs.end());
    return rows;
  }();
  return table;
}

const workflow::Setting& front_end_setting(std::string_view name) {
  return workflow::setting_named(front_end_settings(), name);
}

}  // namespace reconbound::presets
