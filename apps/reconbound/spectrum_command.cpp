// `reconbound spectrum`: ε → σ → γ → ρ* for a list of target ε (mathematics §8;
// workflow::run_spectrum), one curve per representation from one entropy estimate each, as a
// table or JSON, and the SVG figure of ρ* against ε with the privacy tiers shaded (the
// paper's Figures 2 and 5); with --by-label every label's curves beside the pooled ones
// (mathematics §6.10; workflow::run_spectrum_by_label).
#include <fmt/format.h>

#include "certificate_report.hpp"
#include "checkpoint_option.hpp"
#include "plan_options.hpp"
#include "progress_bar.hpp"
#include "run_handles_option.hpp"
#include "range_note.hpp"
#include "reconbound/presets/paper_settings.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/setting_text.hpp"
#include "reconbound/workflow/spectrum.hpp"
#include "reconbound/workflow/spectrum_by_label.hpp"
#include "spectrum_by_label_report.hpp"
#include "setting_option.hpp"
#include "spectrum_report.hpp"

namespace reconbound::cli {

namespace {

struct SpectrumOptions {
  std::string epsilons = presets::front_end_setting("epsilons").default_text;
  PlanOptions plan;
  std::string svg = "spectrum.svg";
  bool json = false;
  bool joint = workflow::default_flag("joint");
  bool by_label = false;    // every label's curves beside the pooled ones (mathematics §6.10)
  std::string labels;       // --labels idx:PATH | npy:PATH ("" for the data set's own)
  std::string label_names;  // --label-names FILE
};

// The notes on stderr every spectrum run gives: calibrations at the floor of σ's range, and a
// split that was not drawn at random.
void note_calibrations(const workflow::SpectrumOutput& out) {
  for (const workflow::SpectrumPoint& point : out.points) {
    if (point.calibration.at_sigma_min) {
      note_smallest_sigma(fmt::format("the target epsilon {}", point.target_epsilon), point.calibration.sigma);
    }
  }
  note_split_assumption(out.curves.front().certificate);  // every curve shares D⊥ and D_est
}

// The pooled spectrum and every label's curves, all labels at once at 1 − α (mathematics §6.10).
void run_by_label(const SpectrumOptions& o, workflow::SpectrumRequest request, const Registry& registry) {
  workflow::SpectrumByLabelOutput out =
      workflow::run_spectrum_by_label(registry, {std::move(request), {o.labels, o.label_names, std::nullopt}});
  note_calibrations(out.pooled);
  out.pooled.figure = o.svg;
  write_spectrum_figure(out.pooled, o.plan.data.data, worst_label_curves(out),
                        fmt::format("; dashed: the worst of {} labels, jointly", out.labels.size()));
  if (o.json) {
    fmt::print("{}\n", workflow::to_json(out).dump(2));
    return;
  }
  print_spectrum_by_label_table(out);
  fmt::print("\nfigure    {}\n", out.pooled.figure);
}

void run(const SpectrumOptions& o, const CLI::App& command) {
  const PlanOptions& p = o.plan;
  workflow::SpectrumRequest request;
  request.target_epsilons = workflow::parse_number_list(o.epsilons, "--epsilons");
  request.mechanism = shape_mechanism(p);
  request.delta = p.delta;
  request.data = data_request(p.data, p.bound.quick);
  request.representations = p.bound.representations;
  ProgressBar progress(!p.bound.quiet);
  request.bound = make_bound_config(p.bound, p.data.seed);
  request.calibration = calibration_options(p);
  request.joint = o.joint;
  const Registry registry;
  const auto checkpoint = open_checkpoint(p.bound.checkpoint, command, registry, p.bound.quiet);
  request.run = run_handles(&progress, checkpoint.get());
  if (o.by_label) return run_by_label(o, std::move(request), registry);
  workflow::SpectrumOutput out = workflow::run_spectrum(registry, request);
  note_calibrations(out);
  out.figure = o.svg;
  write_spectrum_figure(out, p.data.data, {}, "");
  if (o.json) {
    fmt::print("{}\n", workflow::to_json(out).dump(2));
    return;
  }
  print_spectrum_table(out, std::nullopt);
  fmt::print("\nfigure    {}\n", out.figure);
}

void add_label_options(CLI::App& cmd, SpectrumOptions& o) {
  auto* by_label = cmd.add_flag("--by-label", o.by_label,
                                "Every label's curves beside the pooled ones, all labels holding together (each curve "
                                "at alpha/L, L labels; alpha/(L*R) with --joint), the worst label at each epsilon "
                                "(mathematics 6.10)");
  cmd.add_option("--labels", o.labels,
                 "--by-label: idx:PATH | npy:PATH, one whole number per record (default: the data set's own: "
                 "fashion-mnist's label files, png:DIR's class sub-folders)")->needs(by_label);
  cmd.add_option("--label-names", o.label_names, "--by-label: a file of class names, line c naming label c")
      ->type_name("FILE")->needs(by_label);
}

}  // namespace

void add_spectrum_command(CLI::App& app) {
  auto options = std::make_shared<SpectrumOptions>();
  auto* cmd = app.add_subcommand(
      "spectrum", "rho* against epsilon: calibrate sigma per target epsilon, one curve per representation");
  add_setting_option(*cmd, presets::front_end_setting("epsilons"), options->epsilons);
  add_plan_options(*cmd, options->plan);
  cmd->add_option("--svg", options->svg, "Where to write the figure")->capture_default_str();
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  add_setting_flag(*cmd, presets::front_end_setting("joint"), options->joint);
  add_label_options(*cmd, *options);
  cmd->callback([options, cmd] { run(*options, *cmd); });
}

}  // namespace reconbound::cli
