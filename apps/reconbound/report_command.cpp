// `reconbound report`: one self-contained HTML page of what a training configuration guarantees on a
// data set (docs/report.md; workflow::run_report): the certificate's sentence, ε with its error bars,
// γ, ρ* with (k*, ν²*), the spectrum of ρ* over ε, with --chain the chain of attacks and, with
// --by-label, every label's bound at the training's γ (mathematics §6.10).
#include <fmt/format.h>

#include "chain_bits_option.hpp"
#include "chain_report.hpp"
#include "certificate_report.hpp"
#include "checkpoint_option.hpp"
#include "commands.hpp"
#include "job.hpp"
#include "plan_options.hpp"
#include "progress_bar.hpp"
#include "run_handles_option.hpp"
#include "range_note.hpp"
#include "reconbound/error.hpp"
#include "reconbound/figures/output_file.hpp"
#include "reconbound/figures/report.hpp"
#include "reconbound/figures/report_page.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "reconbound/presets/paper_settings.hpp"
#include "reconbound/workflow/setting_text.hpp"
#include "report_command_line.hpp"
#include "setting_option.hpp"

namespace reconbound::cli {

namespace {

struct ReportOptions {
  PlanOptions plan;
  std::optional<double> sigma;
  std::string epsilons = presets::front_end_setting("epsilons").default_text;
  std::string output = "reconbound-report.html";
  bool chain = false;
  std::optional<std::size_t> chain_targets;
  std::optional<std::string> chain_bits;
  bool by_label = false;    // every label's bound (mathematics §6.10)
  std::string labels;       // --labels idx:PATH | npy:PATH ("" for the data set's own)
  std::string label_names;  // --label-names FILE
  bool json = false;
};

// The factor on the shape's noise: --sigma, which a constant run (--q, --steps) needs.
double training_sigma(const ReportOptions& o) {
  if (o.plan.schedule.q && !o.sigma) {
    throw InvalidInput("give --sigma, the noise multiplier of the training, with --q and --steps");
  }
  return o.sigma.value_or(1.0);
}

// The chain of --chain; its options without it are a mistake.
std::optional<workflow::ReportChainRequest> chain_request(const ReportOptions& o) {
  if (!o.chain) {
    if (o.chain_targets || o.chain_bits) throw InvalidInput("--chain-targets and --chain-bits go with --chain");
    return std::nullopt;
  }
  workflow::ReportChainRequest out;
  out.attacks = presets::paper_chain_rows({});
  out.targets = o.chain_targets.value_or(out.targets);
  if (o.chain_bits) out.bits = parse_chain_bits(*o.chain_bits, "--chain-bits");
  return out;
}

workflow::ReportRequest report_request(const ReportOptions& o) {
  const PlanOptions& p = o.plan;
  workflow::ReportRequest request;
  request.mechanism = shape_mechanism(p);
  request.sigma = training_sigma(o);
  request.delta = p.delta;
  request.target_epsilons = workflow::parse_number_list(o.epsilons, "--epsilons");
  request.data = data_request(p.data, p.bound.quick);
  request.representation = single_representation(p.bound, "report");
  request.bound = make_bound_config(p.bound, p.data.seed);
  request.calibration = calibration_options(p);
  request.chain = chain_request(o);
  if (o.by_label) request.by_label = workflow::LabelSource{o.labels, o.label_names, std::nullopt};
  return request;
}

void print_summary(const workflow::ReportOutput& out, const std::string& path) {
  const ConverseResult& r = out.result.converse;
  const EpsilonResult& e = out.epsilon.epsilon;
  const bool rho_certified = out.certificate.certifies == "rho_star";
  fmt::print("report    {}\n", path);
  // Under the point normaliser the absolute bound (eq 13) is what is certified: it comes first.
  if (!rho_certified) fmt::print("abs bound {:.6g} (certified)\n", r.abs_bound);
  fmt::print("rho*      {:.5f}{} ({}){}\n", r.rho_star,
             r.rho_star > 0.0 ? fmt::format(" at (k*, nu2*) = ({}, {})", r.arg_max.k, r.arg_max.nu2) : "",
             out.representation, rho_certified ? "" : "; a point normalisation, not certified");
  fmt::print("epsilon   {:.6f} in [{:.6f}, {:.6f}] at delta {:.6g}\n", e.epsilon, e.epsilon_lower, e.epsilon_upper,
             e.delta);
  fmt::print("gamma     {:.6g} bits at sigma {:.6g}\n", out.result.gamma_bits, out.sigma);
  fmt::print("{}\n", out.statement);
  if (out.by_label) fmt::print("by label  {}\n", workflow::most_exposed_sentence(*out.by_label));
}

void run(const ReportOptions& o, const CLI::App& command) {
  ProgressBar progress(!o.plan.bound.quiet);
  workflow::ReportRequest request = report_request(o);
  const Registry registry;
  const auto checkpoint = open_checkpoint(o.plan.bound.checkpoint, command, registry, o.plan.bound.quiet);
  request.run = run_handles(&progress, checkpoint.get());
  const workflow::ReportOutput out = workflow::run_report(registry, request);
  for (const workflow::SpectrumPoint& point : out.spectrum.points) {
    if (point.calibration.at_sigma_min) {
      note_smallest_sigma(fmt::format("the target epsilon {}", point.target_epsilon), point.calibration.sigma);
    }
  }
  note_split_assumption(out.certificate);
  const std::string page = figures::report_html(out, command_line(command));
  if (Job::current().leads()) figures::write_output_file(o.output, page, "report");  // under MPI rank 0 writes
  if (o.json) {
    nlohmann::json j = figures::to_json(out);
    j["report"] = o.output;
    fmt::print("{}\n", j.dump(2));
  } else {
    print_summary(out, o.output);
  }
  if (out.chain) report_violations(out.chain->report);
}

}  // namespace

void add_report_command(CLI::App& app) {
  auto options = std::make_shared<ReportOptions>();
  auto* cmd = app.add_subcommand(
      "report", "One self-contained HTML page of what a training guarantees: the certificate, epsilon, gamma, "
                "rho* and the spectrum of rho* against epsilon (docs/report.md)");
  add_plan_options(*cmd, options->plan);
  cmd->add_option("--sigma", options->sigma,
                  "Noise multiplier sigma of the training (with --q and --steps); with --schedule the factor on "
                  "its sigma column (default 1: the schedule as written)");
  add_setting_option(*cmd, presets::front_end_setting("epsilons"), options->epsilons);
  cmd->add_option("--output", options->output, "Where to write the HTML page")->capture_default_str();
  cmd->add_flag("--chain", options->chain,
                "Add the chain of attacks (mathematics §9) at the report's gammas, with its figures");
  cmd->add_option("--chain-targets", options->chain_targets,
                  fmt::format("Held-out targets of the chain (default {})",
                              presets::front_end_setting("targets").default_text));
  cmd->add_option("--chain-bits", options->chain_bits,
                  "Rates R (bits) of the chain's codebook releases, comma separated (default 1,...,8; each cell "
                  "needs 20 estimation records: 2^R <= n_est/20)");
  auto* by_label = cmd->add_flag("--by-label", options->by_label,
                                 "Add every label's rho* at the training's gamma, all holding together (each at "
                                 "alpha/L, L labels): who is most exposed (mathematics §6.10)");
  cmd->add_option("--labels", options->labels,
                  "--by-label: idx:PATH | npy:PATH, one whole number per record (default: the data set's own: "
                  "fashion-mnist's label files, png:DIR's class sub-folders)")->needs(by_label);
  cmd->add_option("--label-names", options->label_names, "--by-label: a file of class names, line c naming label c")
      ->type_name("FILE")->needs(by_label);
  cmd->add_flag("--json", options->json, "Print the report's numbers as JSON instead of a summary");
  cmd->callback([options, cmd] { run(*options, *cmd); });
}

}  // namespace reconbound::cli
