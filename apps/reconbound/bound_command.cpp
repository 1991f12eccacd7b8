// `reconbound bound`: the certified ρ* for a data set, a representation and a leakage
// (Algorithm 1; SPEC §3–7).
#include <fmt/format.h>

#include <algorithm>

#include "bound_options.hpp"
#include "bound_report.hpp"
#include "commands.hpp"
#include "data_options.hpp"
#include "progress_bar.hpp"
#include "reconbound/bound_frame.hpp"
#include "reconbound/error.hpp"
#include "reconbound/grid.hpp"
#include "reconbound/registry.hpp"
#include "schedule_options.hpp"

namespace reconbound::cli {

namespace {

struct Options {
  DataOptions data;
  BoundOptions bound;
  ScheduleOptions schedule;
  std::string gammas;
  std::string mechanism = "dpsgd";
  std::string mechanism_params;
  bool json = false;
};

bool has_schedule(const ScheduleOptions& s) { return s.q || s.sigma || s.steps || !s.files.empty(); }

// γ values from --gamma, or the leakage of the schedule options (SPEC §2).
std::vector<double> charged_leakage(const Options& o, const Mechanism& mechanism, std::string& source) {
  if (!o.gammas.empty() && has_schedule(o.schedule)) {
    throw InvalidInput("give either --gamma or a schedule (--q/--sigma/--steps, --schedule), not both");
  }
  if (!o.gammas.empty()) {
    source = fmt::format("gamma given: {} bits", o.gammas);
    return parse_number_list(o.gammas, "--gamma");
  }
  if (!has_schedule(o.schedule)) {
    throw InvalidInput("no leakage: give --gamma BITS[,BITS...] or a DP-SGD schedule (--q, --sigma, --steps)");
  }
  const Schedule schedule = build_schedule(o.schedule);
  MechanismInput input;
  input.schedule = &schedule;
  const double gamma_bits = mechanism.leakage(input).gamma_bits;
  source = fmt::format("{}: gamma = {:.6g} bits over {} steps in {} run(s)", o.mechanism,
                       gamma_bits, schedule.total_steps(), schedule.runs.size());
  if (schedule.runs.size() == 1 && schedule.runs[0].segments.size() == 1) {
    const Segment& s = schedule.runs[0].segments[0];
    source += fmt::format(" (q = {}, sigma = {}, T = {})", s.q, s.sigma, s.steps);
  }
  return {gamma_bits};
}

// γ of a mechanism fitted on data (e.g. the codebook): fitted on Ψ(D_est), the records whose
// entropy the bound estimates.
double fitted_leakage(const Options& o, const Mechanism& mechanism, const BoundFrame& frame,
                      BoundContext& context) {
  if (!o.gammas.empty() || has_schedule(o.schedule)) {
    throw InvalidInput(fmt::format("the {} mechanism is fitted on the data and gives its own leakage; "
                                   "drop --gamma and the schedule options", o.mechanism));
  }
  MechanismInput input;
  input.data = &frame.est_features;
  input.seed = o.data.seed;
  const Leakage leakage = mechanism.leakage(input);
  context.leakage_source = fmt::format("{} ({}): gamma = {:.6g} bits, fitted on Psi(D_est)", o.mechanism,
                                       o.mechanism_params, leakage.gamma_bits);
  context.leakage_details = leakage.details;
  return leakage.gamma_bits;
}

// The first coordinates of U·p with p = (1, 2, …, m) (SPEC §4): a fingerprint of the rotation.
std::vector<double> rotation_probe(const Rotation& rotation) {
  constexpr Eigen::Index kProbeLength = 8;
  const auto m = static_cast<Eigen::Index>(rotation.input_dim());
  const RowMatrix probe = RowMatrix(Eigen::RowVectorXd::LinSpaced(m, 1.0, static_cast<double>(m)));
  const RowMatrix rotated = rotation.apply(probe, 1);
  const Eigen::Index length = std::min(kProbeLength, rotated.cols());
  return {rotated.data(), rotated.data() + length};
}

void run(const Options& o) {
  const std::string& representation = single_representation(o.bound, "bound");
  const Registry registry;
  BoundContext context;
  const auto mechanism = registry.make_mechanism(o.mechanism, Params::parse(o.mechanism_params));
  const bool fitted = mechanism->needs().data;
  std::vector<double> gammas;
  if (!fitted) gammas = charged_leakage(o, *mechanism, context.leakage_source);
  const SplitData data = load_split_data(o.data, o.bound.quick);
  ProgressBar progress(!o.bound.quiet);
  const BoundConfig config = make_bound_config(o.bound, representation, o.data.seed, &progress);
  const BoundFrame frame = make_bound_frame(registry, {&data.perp, &data.est, data.dataset.shape}, config);
  if (fitted) gammas = {fitted_leakage(o, *mechanism, frame, context)};
  const BoundReport report = compute_bound(registry, frame, gammas, config);
  context.rotation_probe = rotation_probe(*frame.rotation);
  context.data_source = data.dataset.source;
  context.representation = representation;
  context.seed = o.data.seed;
  if (o.json) fmt::print("{}\n", bound_json(report, context).dump(2));
  else print_bound_table(report, context);
}

}  // namespace

void add_bound_command(CLI::App& app) {
  auto options = std::make_shared<Options>();
  auto* cmd = app.add_subcommand("bound", "Certified lower bound rho* on the reconstruction error");
  add_data_options(*cmd, options->data);
  add_bound_options(*cmd, options->bound);
  cmd->add_option("--gamma", options->gammas, "Leakage in bits, comma separated (one entropy estimate serves all)");
  add_schedule_options(*cmd, options->schedule);
  cmd->add_option("--mechanism", options->mechanism,
                  "Mechanism plugin: one driven by a schedule, or one fitted on Psi(D_est) (codebook)")
      ->capture_default_str();
  cmd->add_option("--mechanism-param", options->mechanism_params,
                  "Mechanism parameters k=v,... (e.g. bits=4 for the codebook)");
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->callback([options] { run(*options); });
}

}  // namespace reconbound::cli
