// `reconbound spectrum`: ε → σ → γ → ρ* for a list of target ε (mathematics §8;
// workflow::run_spectrum), one curve per representation from one entropy estimate each, as a
// table or JSON, and the SVG figure of ρ* against ε with the privacy tiers shaded (the
// paper's Figures 2 and 5).
#include <fmt/format.h>

#include "certificate_report.hpp"
#include "checkpoint_option.hpp"
#include "job.hpp"
#include "plan_options.hpp"
#include "progress_bar.hpp"
#include "run_handles_option.hpp"
#include "range_note.hpp"
#include "reconbound/figures/output_file.hpp"
#include "reconbound/figures/spectrum_figure.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/setting_text.hpp"
#include "reconbound/workflow/spectrum.hpp"
#include "selection_report.hpp"

namespace reconbound::cli {

namespace {

struct SpectrumOptions {
  std::string epsilons = "1,2,4,8,16,32,64";
  PlanOptions plan;
  std::string svg = "spectrum.svg";
  bool json = false;
  bool joint = false;
};

void print_table(const workflow::SpectrumOutput& out) {
  fmt::print("data      {}\n", out.data_source);
  fmt::print("delta     {:.6g} ({} relation; sigma is the factor on the schedule's noise)\n", out.delta,
             out.points.front().calibration.epsilon.relation);
  for (const workflow::SpectrumCurve& c : out.curves) {
    const BoundReport& r = c.report;
    fmt::print("\nrepresentation {} (m = {}, Hadamard order {}, n_est = {}, normaliser {:.6g})\n",
               c.representation, r.m, r.m_padded, r.n_est, r.normaliser);
    fmt::print("grid: {}\n", selection_summary(r.selection));
    fmt::print("{:>8} {:>10} {:>22} {:>12} {:>9} {:>4} {:>5} {:>9}\n", "epsilon", "sigma",
               "epsilon bounds", "gamma (bits)", "rho*", "k*", "nu2*", "rho point");
    for (std::size_t i = 0; i < out.points.size(); ++i) {
      const workflow::SpectrumPoint& point = out.points[i];
      const EpsilonResult& e = point.calibration.epsilon;
      const ConverseResult& cr = r.results[i].converse;
      // With ρ* = 0 no grid pair certifies anything: no arg-max to show.
      const bool certified = cr.rho_star > 0.0;
      fmt::print("{:>8.4g} {:>10.5f} [{:>9.5f}, {:>9.5f}] {:>12.6g} {:>9.5f} {:>4} {:>5} {:>9.5f}\n",
                 point.target_epsilon, point.calibration.sigma, e.epsilon_lower, e.epsilon_upper,
                 point.gamma_bits, cr.rho_star, certified ? fmt::format("{}", cr.arg_max.k) : "-",
                 certified ? fmt::format("{:.2g}", cr.arg_max.nu2) : "-", cr.rho_point);
    }
    fmt::print("{}\n", certificate_table_sentence(c.certificate));
  }
  if (out.curves.size() > 1 && !out.joint) {
    fmt::print("\nThe levels are per representation; --joint makes them hold for all representations at once.\n");
  }
  if (out.curves.size() > 1 && out.joint) {
    fmt::print("\nAll {0} representations' rows hold together with probability >= {1:.4g}% (a union bound: each at "
               "alpha/{0}).\n",
               out.curves.size(), 100.0 * (1.0 - out.alpha));
  }
  fmt::print("\nfigure    {}\n", out.figure);
}

void write_figure(const workflow::SpectrumOutput& out, const std::string& data_spec) {
  std::vector<figures::SpectrumCurve> curves;
  std::vector<double> epsilons;
  for (const workflow::SpectrumPoint& point : out.points) epsilons.push_back(point.target_epsilon);
  for (const workflow::SpectrumCurve& curve : out.curves) {
    figures::SpectrumCurve line{curve.representation, epsilons, {}};
    for (const BoundResult& result : curve.report.results) line.rho_star.push_back(result.converse.rho_star);
    curves.push_back(std::move(line));
  }
  // Each curve holds at 1 − α, or all of them at once with --joint: the figure's level either way.
  const CertificateWording wording = certificate_wording(out.curves.front().certificate.certifies, 1.0 - out.alpha);
  const std::string svg = figures::spectrum_svg(
      curves, fmt::format("data {}, {} estimation records; {} steps; delta = {:.3g}; sigma per epsilon{}", data_spec,
                          out.curves.front().report.n_est, out.steps, out.delta,
                          out.curves.size() > 1 && out.joint ? "; the curves hold jointly" : ""),
      wording);
  if (Job::current().leads()) figures::write_output_file(out.figure, svg, "figure");  // under MPI rank 0 writes
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
  request.bound = make_bound_config(p.bound, p.data.seed, &progress);
  request.calibration = calibration_options(p);
  request.joint = o.joint;
  const Registry registry;
  const auto checkpoint = open_checkpoint(p.bound.checkpoint, command, registry, p.bound.quiet);
  request.run = run_handles(&progress, checkpoint.get());
  workflow::SpectrumOutput out = workflow::run_spectrum(registry, request);
  for (const workflow::SpectrumPoint& point : out.points) {
    if (point.calibration.at_sigma_min) {
      note_smallest_sigma(fmt::format("the target epsilon {}", point.target_epsilon), point.calibration.sigma);
    }
  }
  note_split_assumption(out.curves.front().certificate);  // every curve shares D⊥ and D_est
  out.figure = o.svg;
  write_figure(out, p.data.data);
  if (o.json) fmt::print("{}\n", workflow::to_json(out).dump(2));
  else print_table(out);
}

}  // namespace

void add_spectrum_command(CLI::App& app) {
  auto options = std::make_shared<SpectrumOptions>();
  auto* cmd = app.add_subcommand(
      "spectrum", "rho* against epsilon: calibrate sigma per target epsilon, one curve per representation");
  cmd->add_option("--epsilons", options->epsilons, "Target epsilons, comma separated")->capture_default_str();
  add_plan_options(*cmd, options->plan);
  cmd->add_option("--svg", options->svg, "Where to write the figure")->capture_default_str();
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->add_flag("--joint", options->joint,
                "One statement for all representations: each curve certified at alpha/R (a union bound "
                "over the R representations) instead of alpha each");
  cmd->callback([options, cmd] { run(*options, *cmd); });
}

}  // namespace reconbound::cli
