// The JSON of the leakage, epsilon, calibrate and spectrum jobs.
#include "reconbound/workflow/json.hpp"

namespace reconbound::workflow {

namespace {

// ε, its bounds, δ and the neighbouring relation.
nlohmann::json epsilon_json(const EpsilonResult& e) {
  return {{"epsilon", e.epsilon},         {"epsilon_lower", e.epsilon_lower},
          {"epsilon_upper", e.epsilon_upper}, {"delta", e.delta},
          {"relation", e.relation}};
}

nlohmann::json segments_json(const Schedule& schedule) {
  nlohmann::json segments = nlohmann::json::array();
  for (std::size_t r = 0; r < schedule.runs.size(); ++r) {
    for (const auto& s : schedule.runs[r].segments) {
      segments.push_back({{"run", r + 1}, {"q", s.q}, {"sigma", s.sigma}, {"steps", s.steps}});
    }
  }
  return segments;
}

}  // namespace

nlohmann::json to_json(const LeakageOutput& output) {
  nlohmann::json segments = nlohmann::json::array();
  for (const auto& s : output.leakage.segments) {
    segments.push_back({{"run", s.run + 1}, {"q", s.segment.q}, {"sigma", s.segment.sigma},
                        {"steps", s.segment.steps}, {"gamma_bits", s.gamma_bits}});
  }
  return {{"mechanism", output.mechanism},
          {"gamma_bits", output.leakage.gamma_bits},
          {"abs_error_bits", output.leakage.abs_error_bits},
          {"segments", segments}};
}

nlohmann::json to_json(const EpsilonOutput& output) {
  const EpsilonResult& r = output.epsilon;
  nlohmann::json out = epsilon_json(r);
  out["binding_direction"] = r.binding_direction;
  out["grid_step"] = r.grid_step;
  out["segments"] = segments_json(output.schedule);
  return out;
}

nlohmann::json to_json(const CalibrateEpsilonOutput& output) {
  const EpsilonCalibration& c = output.calibration;
  nlohmann::json out{{"target_epsilon", output.target_epsilon},
                     {"sigma", c.sigma},
                     {"sigma_at_range_min", c.at_sigma_min},
                     {"sigma_tolerance", output.sigma_tolerance},
                     {"gamma_bits", output.gamma_bits},
                     {"steps", output.steps}};
  // Factors below sigma the accountant refused (mathematics §8.2); null when there are none.
  const bool undecided = c.undecided_sigma_max > 0.0;
  out["sigma_undecided_min"] = undecided ? nlohmann::json(c.undecided_sigma_min) : nlohmann::json(nullptr);
  out["sigma_undecided_max"] = undecided ? nlohmann::json(c.undecided_sigma_max) : nlohmann::json(nullptr);
  out.update(epsilon_json(c.epsilon));
  return out;
}

nlohmann::json to_json(const CalibrateRhoOutput& output) {
  const ConverseResult& at = output.result.converse;
  nlohmann::json out{{"target_rho", output.target_rho},
                     {"representation", output.representation},
                     {"representation_unit", output.representation_unit},
                     {"data", output.data_source},
                     {"largest_gamma_bits", output.budget.gamma_bits},
                     {"budget_pair", {{"k", output.budget.pair.k}, {"nu2", output.budget.pair.nu2}}},
                     {"sigma", output.sigma},
                     {"sigma_at_range_min", output.at_sigma_min},
                     {"sigma_tolerance", output.sigma_tolerance},
                     {"gamma_bits", output.gamma_bits},
                     {"gamma_error_bits", output.gamma_error_bits},
                     {"rho_star", at.rho_star},
                     {"k_star", at.arg_max.k},
                     {"nu2_star", at.arg_max.nu2},
                     {"steps", output.steps},
                     {"grid_selection", to_json(output.report.selection)},
                     {"certificate", to_json(output.certificate, certificate_sentence(output.certificate,
                                                                                      output.report, output.result))}};
  // ε at σ, when a δ was given: the same fields, of the same types, as calibrate --target-epsilon's.
  if (output.epsilon) out.update(epsilon_json(*output.epsilon));
  return out;
}

nlohmann::json to_json(const SpectrumOutput& output) {
  nlohmann::json calibrations = nlohmann::json::array();
  for (const SpectrumPoint& p : output.points) {
    const EpsilonResult& e = p.calibration.epsilon;
    calibrations.push_back({{"target_epsilon", p.target_epsilon},
                            {"sigma", p.calibration.sigma},
                            {"sigma_at_range_min", p.calibration.at_sigma_min},
                            {"epsilon", e.epsilon},
                            {"epsilon_lower", e.epsilon_lower},
                            {"epsilon_upper", e.epsilon_upper},
                            {"gamma_bits", p.gamma_bits},
                            {"gamma_error_bits", p.gamma_error_bits}});
    // Factors below sigma the accountant refused (mathematics §8.2), only where there are any.
    if (p.calibration.undecided_sigma_max > 0.0) {
      calibrations.back()["sigma_undecided_min"] = p.calibration.undecided_sigma_min;
      calibrations.back()["sigma_undecided_max"] = p.calibration.undecided_sigma_max;
    }
  }
  nlohmann::json representations = nlohmann::json::array();
  for (const SpectrumCurve& c : output.curves) {
    nlohmann::json rows = nlohmann::json::array();
    for (std::size_t i = 0; i < output.points.size(); ++i) {
      const ConverseResult& cr = c.report.results[i].converse;
      rows.push_back({{"target_epsilon", output.points[i].target_epsilon},
                      {"gamma_bits", c.report.results[i].gamma_bits},
                      {"rho_star", cr.rho_star},
                      {"k_star", cr.arg_max.k},
                      {"nu2_star", cr.arg_max.nu2},
                      {"abs_bound", cr.abs_bound},
                      {"rho_point", cr.rho_point}});
    }
    representations.push_back({{"representation", c.representation},
                               {"representation_unit", c.representation_unit},
                               {"m", c.report.m},
                               {"m_padded", c.report.m_padded},
                               {"n_est", c.report.n_est},
                               {"normaliser_value", c.report.normaliser},
                               {"grid_selection", to_json(c.report.selection)},
                               {"certificate", to_json(c.certificate, certificate_table_sentence(c.certificate))},
                               {"points", rows}});
  }
  const std::string relation = output.points.empty() ? std::string() : output.points.front().calibration.epsilon.relation;
  return {{"data", output.data_source},
          {"delta", output.delta},
          {"relation", relation},
          {"calibrations", calibrations},
          {"representations", representations},
          {"certificate_levels", output.joint ? "joint" : "per representation"},
          {"alpha", output.alpha},
          // 1 − α: the level at which all curves hold together (null unless --joint over several).
          {"joint_level", output.joint && output.curves.size() > 1 ? nlohmann::json(1.0 - output.alpha)
                                                                   : nlohmann::json(nullptr)},
          {"figure", output.figure}};
}

}  // namespace reconbound::workflow
