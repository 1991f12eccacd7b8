// `reconbound bound`: the certified ρ* for a data set, a representation and a leakage
// (Algorithm 1; mathematics §3–7; workflow::run_bound).
#include <fmt/format.h>

#include "bound_options.hpp"
#include "by_label_report.hpp"
#include "bound_report.hpp"
#include "certificate_report.hpp"
#include "checkpoint_option.hpp"
#include "commands.hpp"
#include "data_options.hpp"
#include "job.hpp"
#include "label_index_files.hpp"
#include "mechanism_options.hpp"
#include "progress_bar.hpp"
#include "run_handles_option.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/by_label.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/setting_text.hpp"
#include "schedule_options.hpp"

namespace reconbound::cli {

namespace {

struct Options {
  DataOptions data;
  BoundOptions bound;
  ScheduleOptions schedule;
  std::string gammas;
  MechanismOptions mechanism;
  bool json = false;
  bool by_label = false;    // one bound per label (mathematics §6.10)
  std::string labels;       // --labels idx:PATH | npy:PATH ("" for the data set's own)
  std::string label_names;  // --label-names FILE
  std::string label_indices;  // --label-indices DIR ("" for none)
};

// One bound per label, all at once at 1 − α, beside the pooled bound (mathematics §6.10).
void run_by_label(const Options& o, workflow::BoundRequest request, const Registry& registry) {
  const workflow::ByLabelOutput output =
      workflow::run_bound_by_label(registry, {std::move(request), {o.labels, o.label_names, std::nullopt}});
  note_split_assumption(output.pooled.certificate);
  if (!o.label_indices.empty() && Job::current().leads()) {  // under MPI rank 0 writes
    fmt::print(stderr, "{}\n", write_label_index_files(o.label_indices, output.labels, output.alpha));
  }
  if (o.json) fmt::print("{}\n", workflow::to_json(output).dump(2));
  else print_by_label_table(output);
}

void run(const Options& o, const CLI::App& command) {
  // An unwritable --label-indices folder is refused before any work.
  if (!o.label_indices.empty() && Job::current().leads()) prepare_label_index_folder(o.label_indices);
  workflow::BoundRequest request;
  request.representation = single_representation(o.bound, "bound");
  request.mechanism = mechanism_request(o.mechanism, build_schedule(o.schedule));
  if (!o.gammas.empty()) request.gammas = workflow::parse_number_list(o.gammas, "--gamma");
  request.data = data_request(o.data, o.bound.quick);
  ProgressBar progress(!o.bound.quiet);
  request.bound = make_bound_config(o.bound, o.data.seed);
  const Registry registry;
  const auto checkpoint = open_checkpoint(o.bound.checkpoint, command, registry, o.bound.quiet);
  request.run = run_handles(&progress, checkpoint.get());
  if (o.by_label) return run_by_label(o, std::move(request), registry);
  const workflow::BoundOutput output = workflow::run_bound(registry, request);
  note_split_assumption(output.certificate);
  if (o.json) fmt::print("{}\n", workflow::to_json(output).dump(2));
  else print_bound_table(output);
}

}  // namespace

void add_bound_command(CLI::App& app) {
  auto options = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("bound", "Certified lower bound rho* on the reconstruction error");
  add_data_options(*cmd, options->data);
  add_bound_options(*cmd, options->bound);
  cmd->add_option("--gamma", options->gammas, "Leakage in bits, comma separated (one entropy estimate serves all)");
  add_schedule_options(*cmd, options->schedule);
  add_mechanism_options(*cmd, options->mechanism,
                        "Mechanism plugin: one driven by a schedule, or one fitted on Psi(D_est) (codebook)");
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  auto* by_label = cmd->add_flag("--by-label", options->by_label,
                                 "One certified rho* per label, all holding together (each at alpha/L, L labels), beside the "
                                 "pooled bound (mathematics 6.10)");
  cmd->add_option("--labels", options->labels,
                  "--by-label: idx:PATH | npy:PATH, one whole number per record (default: the data set's own: "
                  "fashion-mnist's label files, png:DIR's class sub-folders)")->needs(by_label);
  cmd->add_option("--label-names", options->label_names, "--by-label: a file of class names, line c naming label c")
      ->type_name("FILE")->needs(by_label);
  cmd->add_option("--label-indices", options->label_indices,
                  "--by-label: a folder to write every label's records to, DIR/label-<c>-perp.txt and "
                  "DIR/label-<c>-est.txt (the files --perp-indices and --est-indices read; a row is bound on them "
                  "at alpha/L)")
      ->type_name("DIR")->needs(by_label);
  cmd->callback([options, cmd] { run(*options, *cmd); });
}

}  // namespace reconbound::cli
