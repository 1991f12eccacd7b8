#include "bound_options.hpp"
#include "job.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"
#include "reconbound/presets/paper_settings.hpp"
#include "reconbound/workflow/bound_settings.hpp"
#include "reconbound/workflow/setting_text.hpp"
#include "setting_option.hpp"

namespace reconbound::cli {

namespace {

// An explicitly empty list ("--grid-k ''") is a mistake, not a request for the default grid.
const CLI::Validator kNonEmptyList(
    [](std::string& text) { return text.empty() ? std::string("the list is empty") : std::string(); }, "LIST");

const workflow::Setting& setting(std::string_view name) { return presets::front_end_setting(name); }

// The plugins and their parameters, the estimator's options.
void add_plugin_options(CLI::App& cmd, BoundOptions& o) {
  add_setting_option(cmd, setting("representation"), o.representations);
  add_setting_option(cmd, setting("representation_params"), o.representation_params);
  add_setting_option(cmd, setting("mc_samples"), o.settings.mc_samples);
  add_setting_flag(cmd, setting("exact"), o.settings.exact);
  add_setting_option(cmd, setting("estimator"), o.settings.estimator);
  add_setting_option(cmd, setting("estimator_params"), o.estimator_params);
  add_setting_option(cmd, setting("converse"), o.settings.converse);
  add_setting_option(cmd, setting("converse_params"), o.converse_params);
}

// The rotation, the grid and its selection (mathematics §4–6.6), the certificate's α (§6.8).
void add_pipeline_options(CLI::App& cmd, BoundOptions& o) {
  // The choices and the ranges are checked where they enter the jobs (workflow::bound_config).
  add_setting_option(cmd, setting("rotation"), o.settings.rotation);
  add_setting_option(cmd, setting("padded_order"), o.settings.padded_order);
  add_setting_option(cmd, setting("grid_k"), o.grid_k)->check(kNonEmptyList);
  add_setting_option(cmd, setting("grid_nu2"), o.grid_nu2)->check(kNonEmptyList);
  add_setting_option(cmd, setting("alpha"), o.settings.alpha);
  add_setting_option(cmd, setting("normaliser_alpha_share"), o.settings.normaliser_alpha_share);
  add_setting_option(cmd, setting("grid_select"), o.settings.grid_select);
  add_setting_option(cmd, setting("grid_select_pairs"), o.settings.grid_select_pairs);
  add_setting_flag(cmd, setting("select_only"), o.settings.select_only);
  add_setting_option(cmd, setting("normaliser"), o.settings.normaliser);
}

}  // namespace

void add_bound_options(CLI::App& cmd, BoundOptions& o) {
  add_plugin_options(cmd, o);
  add_pipeline_options(cmd, o);
  add_setting_option(cmd, setting("threads"), o.settings.threads);
  cmd.add_option("--memory-limit", o.memory_limit,
                 "Memory the bound may use at its peak, records included, e.g. 8G (default: the available memory, "
                 "shared among the MPI ranks on a machine); a larger plan is refused before any work");
  cmd.add_option("--checkpoint", o.checkpoint,
                 "Keep finished work in FILE; a rerun of the same command skips it (docs/checkpoints.md)")
      ->type_name("FILE");
  cmd.add_flag("--quick", o.quick,
               "Quick-look random split |D_perp| = 2000, n_est = 2000 (default: the paper's sizes, "
               "|D_perp| = 10000 and the rest, where the data set has >= 60000 records)");
  cmd.add_flag("--quiet", o.quiet, "No progress bar on stderr");
}

namespace {

// Adds "key=value[,key=value]" items to `params` (later items win).
void merge_params(Params& params, const std::vector<std::string>& items) {
  for (const auto& item : items) {
    const Params parsed = Params::parse(item);
    for (const auto& [key, value] : parsed.values()) params.set(key, value);
  }
}

}  // namespace

const std::string& single_representation(const BoundOptions& o, const char* command) {
  if (o.representations.size() != 1) {
    throw InvalidInput(fmt::format(
        "`{}` takes one --representation; `reconbound spectrum` compares several", command));
  }
  return o.representations.front();
}

BoundConfig make_bound_config(const BoundOptions& o, std::uint64_t seed) {
  workflow::BoundSettings settings = o.settings;
  merge_params(settings.representation_params, o.representation_params);
  merge_params(settings.estimator_params, o.estimator_params);
  merge_params(settings.converse_params, o.converse_params);
  if (!o.grid_k.empty()) settings.grid_k = workflow::parse_size_list(o.grid_k, "--grid-k");
  if (!o.grid_nu2.empty()) settings.grid_nu2 = workflow::parse_number_list(o.grid_nu2, "--grid-nu2");
  settings.seed = seed;
  // Under MPI the ranks on one machine share its cores and its memory.
  Job& job = Job::current();
  settings.ranks_on_node = job.ranks_on_node();
  settings.memory_limit = o.memory_limit;
  settings.memory_limit_name = "--memory-limit";
  settings.limit_to_available = true;
  return workflow::bound_config(settings);
}

}  // namespace reconbound::cli
