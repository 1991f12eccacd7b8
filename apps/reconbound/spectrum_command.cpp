// `reconbound spectrum`: ε → σ → γ → ρ* for a list of target ε (SPEC §8), one curve per
// representation from one entropy estimate each, as a table or JSON, and the SVG figure of
// ρ* against ε with the privacy tiers shaded (the paper's Figures 2 and 5).
#include <fmt/format.h>

#include <algorithm>
#include <future>
#include <nlohmann/json.hpp>

#include "noise_calibration.hpp"
#include "plan_options.hpp"
#include "progress_bar.hpp"
#include "reconbound/error.hpp"
#include "reconbound/grid.hpp"
#include "selection_report.hpp"
#include "spectrum_figure.hpp"

namespace reconbound::cli {

namespace {

struct SpectrumOptions {
  std::string epsilons = "1,2,4,8,16,32,64";
  PlanOptions plan;
  std::string svg = "spectrum.svg";
  bool json = false;
};

// One target ε, its calibrated σ (the factor on the schedule's shape) and leakage.
struct Calibrated {
  double target = 0.0;
  EpsilonCalibration calibration;
  double gamma_bits = 0.0;
};

struct Curve {
  std::string representation;
  BoundReport report;  // results[i] belongs to the i-th target ε
};

std::vector<double> target_epsilons(const std::string& text) {
  std::vector<double> out = parse_number_list(text, "--epsilons");
  for (const double e : out) {
    if (!(e > 0.0 && e <= 200.0)) throw InvalidInput(fmt::format("--epsilons: {} is outside (0, 200]", e));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

// Calibrates σ for every target ε, up to `threads` at a time (each is independent).
std::vector<Calibrated> calibrate_all(const Registry& registry, const PlanOptions& o, const Schedule& shape,
                                      const std::vector<double>& epsilons, double delta,
                                      std::size_t threads, Progress& progress) {
  const auto mechanism = registry.make_mechanism(o.mechanism);
  MechanismInput input;
  input.schedule = &shape;
  // Only σ the mechanism charges: γ is computed at every answer.
  const CalibrationOptions range = noise_scale_range(o.mechanism, *mechanism, input, calibration_options(o));
  std::vector<Calibrated> out(epsilons.size());
  std::size_t done = 0;
  progress.report("calibrating sigma for each epsilon", 0, epsilons.size());
  for (std::size_t start = 0; start < epsilons.size(); start += threads) {
    std::vector<std::future<EpsilonCalibration>> batch;
    const std::size_t end = std::min(epsilons.size(), start + threads);
    for (std::size_t i = start; i < end; ++i) {
      batch.push_back(std::async(std::launch::async, [&, i] {
        return calibrate_noise_scale_for_epsilon(o.mechanism, *mechanism, input, epsilons[i], delta, range);
      }));
    }
    for (std::size_t i = start; i < end; ++i) {
      out[i].target = epsilons[i];
      out[i].calibration = batch[i - start].get();
      MechanismInput at = input;
      at.noise_scale = out[i].calibration.sigma;
      out[i].gamma_bits = mechanism->leakage(at).gamma_bits;
      if (out[i].calibration.at_sigma_min) {
        note_smallest_sigma(fmt::format("the target epsilon {}", epsilons[i]), out[i].calibration.sigma);
      }
      progress.report("calibrating sigma for each epsilon", ++done, epsilons.size());
    }
  }
  return out;
}

void print_table(const std::vector<Calibrated>& points, const std::vector<Curve>& curves,
                 const std::string& data_source, double delta, const std::string& figure) {
  fmt::print("data      {}\n", data_source);
  fmt::print("delta     {:.6g} ({} relation; sigma is the factor on the schedule's noise)\n", delta,
             points.front().calibration.epsilon.relation);
  for (const Curve& c : curves) {
    const BoundReport& r = c.report;
    fmt::print("\nrepresentation {} (m = {}, Hadamard order {}, n_est = {}, tr Sigma {:.6g})\n",
               c.representation, r.m, r.m_padded, r.n_est, r.normaliser);
    fmt::print("grid: {}\n", selection_summary(r.selection));
    fmt::print("{:>8} {:>10} {:>22} {:>12} {:>9} {:>4} {:>5} {:>9}\n", "epsilon", "sigma",
               "epsilon bounds", "gamma (bits)", "rho*", "k*", "nu2*", "rho point");
    for (std::size_t i = 0; i < points.size(); ++i) {
      const EpsilonResult& e = points[i].calibration.epsilon;
      const ConverseResult& cr = r.results[i].converse;
      // With ρ* = 0 no grid pair certifies anything: no arg-max to show.
      const bool certified = cr.rho_star > 0.0;
      fmt::print("{:>8.4g} {:>10.5f} [{:>9.5f}, {:>9.5f}] {:>12.6g} {:>9.5f} {:>4} {:>5} {:>9.5f}\n",
                 points[i].target, points[i].calibration.sigma, e.epsilon_lower, e.epsilon_upper,
                 points[i].gamma_bits, cr.rho_star, certified ? fmt::format("{}", cr.arg_max.k) : "-",
                 certified ? fmt::format("{:.2g}", cr.arg_max.nu2) : "-", cr.rho_point);
    }
  }
  fmt::print("\nfigure    {}\n", figure);
}

nlohmann::json spectrum_json(const std::vector<Calibrated>& points, const std::vector<Curve>& curves,
                             const std::string& data_source, double delta, const std::string& figure) {
  nlohmann::json calibrations = nlohmann::json::array();
  for (const Calibrated& p : points) {
    const EpsilonResult& e = p.calibration.epsilon;
    calibrations.push_back({{"target_epsilon", p.target},
                            {"sigma", p.calibration.sigma},
                            {"sigma_at_range_min", p.calibration.at_sigma_min},
                            {"epsilon", e.epsilon},
                            {"epsilon_lower", e.epsilon_lower},
                            {"epsilon_upper", e.epsilon_upper},
                            {"gamma_bits", p.gamma_bits}});
  }
  nlohmann::json representations = nlohmann::json::array();
  for (const Curve& c : curves) {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t i = 0; i < points.size(); ++i) {
      const ConverseResult& cr = c.report.results[i].converse;
      rows.push_back({{"target_epsilon", points[i].target},
                      {"gamma_bits", c.report.results[i].gamma_bits},
                      {"rho_star", cr.rho_star},
                      {"k_star", cr.arg_max.k},
                      {"nu2_star", cr.arg_max.nu2},
                      {"abs_bound", cr.abs_bound},
                      {"rho_point", cr.rho_point}});
    }
    representations.push_back({{"representation", c.representation},
                               {"m", c.report.m},
                               {"m_padded", c.report.m_padded},
                               {"n_est", c.report.n_est},
                               {"normaliser", c.report.normaliser},
                               {"grid_selection", selection_json(c.report.selection)},
                               {"points", rows}});
  }
  return {{"data", data_source},
          {"delta", delta},
          {"relation", points.front().calibration.epsilon.relation},
          {"calibrations", calibrations},
          {"representations", representations},
          {"figure", figure}};
}

void run(const SpectrumOptions& o) {
  const PlanOptions& p = o.plan;
  const std::vector<double> epsilons = target_epsilons(o.epsilons);
  const Schedule shape = build_schedule_shape(p.schedule);
  const double delta = resolve_delta(p.delta);
  calibration_options(p);  // checks the tolerance before the long work
  if (p.bound.select_only) throw InvalidInput("--select-only goes with `reconbound bound`");
  const Registry registry;
  std::vector<BoundConfig> configs;  // checks every representation spec before the long work
  ProgressBar progress(!p.bound.quiet);
  for (const std::string& spec : p.bound.representations) {
    configs.push_back(make_bound_config(p.bound, spec, p.data.seed, &progress));
    registry.make_representation(configs.back().representation, configs.back().representation_params);
  }
  const SplitData data = load_split_data(p.data, p.bound.quick);
  // σ and γ for every ε first (data-free), so that the grid selection (SPEC §6.6) can aim
  // at those γ; then one entropy estimate per representation serves every ε.
  const std::vector<Calibrated> points =
      calibrate_all(registry, p, shape, epsilons, delta, configs.front().threads, progress);
  std::vector<double> gammas;
  for (const Calibrated& point : points) gammas.push_back(point.gamma_bits);
  std::vector<Curve> curves;
  std::vector<SpectrumCurve> figure;
  for (std::size_t r = 0; r < configs.size(); ++r) {
    curves.push_back({p.bound.representations[r],
                      compute_bound(registry, {&data.perp, &data.est, data.dataset.shape}, gammas, configs[r])});
    SpectrumCurve line{curves[r].representation, epsilons, {}};
    for (const BoundResult& result : curves[r].report.results) line.rho_star.push_back(result.converse.rho_star);
    figure.push_back(std::move(line));
  }
  write_spectrum_svg(o.svg, figure,
                     fmt::format("data {}, {} estimation records; {} steps; delta = {:.3g}; sigma per epsilon",
                                 p.data.data, data.est.rows(), shape.total_steps(), delta));
  if (o.json) fmt::print("{}\n", spectrum_json(points, curves, data.dataset.source, delta, o.svg).dump(2));
  else print_table(points, curves, data.dataset.source, delta, o.svg);
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
  cmd->callback([options] { run(*options); });
}

}  // namespace reconbound::cli
