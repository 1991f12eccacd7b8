// `reconbound bound`: the certified ρ* for a data set, a representation and a leakage
// (Algorithm 1; mathematics §3–7; workflow::run_bound).
#include <fmt/format.h>

#include "bound_options.hpp"
#include "bound_report.hpp"
#include "certificate_report.hpp"
#include "checkpoint_option.hpp"
#include "commands.hpp"
#include "data_options.hpp"
#include "mechanism_options.hpp"
#include "progress_bar.hpp"
#include "reconbound/workflow/bound.hpp"
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
};

void run(const Options& o, const CLI::App& command) {
  workflow::BoundRequest request;
  request.representation = single_representation(o.bound, "bound");
  request.mechanism = mechanism_request(o.mechanism, build_schedule(o.schedule));
  if (!o.gammas.empty()) request.gammas = workflow::parse_number_list(o.gammas, "--gamma");
  request.data = data_request(o.data, o.bound.quick);
  ProgressBar progress(!o.bound.quiet);
  request.bound = make_bound_config(o.bound, o.data.seed, &progress);
  const Registry registry;
  const auto checkpoint = open_checkpoint(o.bound.checkpoint, command, registry, o.bound.quiet);
  request.bound.checkpoint = checkpoint.get();
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
  cmd->callback([options, cmd] { run(*options, *cmd); });
}

}  // namespace reconbound::cli
