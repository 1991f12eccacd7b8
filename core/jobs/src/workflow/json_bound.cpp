#include "reconbound/workflow/json.hpp"

#include "json_details.hpp"

namespace reconbound::workflow {

nlohmann::json to_json(const BoundOutput& output) {
  const BoundReport& r = output.report;
  nlohmann::json results = nlohmann::json::array();
  for (const auto& result : r.results) {
    const auto& cr = result.converse;
    results.push_back({{"gamma_bits", result.gamma_bits}, {"gamma_error_bits", result.gamma_error_bits},
                       {"rho_star", cr.rho_star},
                       {"k_star", cr.arg_max.k}, {"nu2_star", cr.arg_max.nu2},
                       {"abs_bound", cr.abs_bound}, {"rho_point", cr.rho_point}});
  }
  nlohmann::json grid = nlohmann::json::array();
  for (const auto& e : r.entropies) {
    // The generic numbers, then the estimator's own (mathematics §6: t_mc, t_md, n_mc). "h_mc" is the
    // point estimate's key since the first estimator's ĥ_MC.
    nlohmann::json row{{"k", e.pair.k}, {"nu2", e.pair.nu2}, {"s", e.s}, {"h_mc", e.h_point},
                       {"t_num", e.t_num}, {"h_lb", e.h_lb}, {"computed_on", e.computed_on}};
    add_details(row, e.details);
    grid.push_back(std::move(row));
  }
  nlohmann::json leakage_details = nlohmann::json::object();
  for (const auto& [name, value] : output.leakage_details) leakage_details[name] = value;
  nlohmann::json out{{"data", output.data_source},
                     {"representation", output.representation},
                     {"representation_unit", output.representation_unit},
                     {"leakage", output.leakage_source},
                     {"leakage_details", leakage_details},
                     {"alpha", r.alpha},
                     {"n_est", r.n_est},
                     {"n_perp", r.n_perp},
                     {"m", r.m},
                     {"m_padded", r.m_padded},
                     {"padding_fraction", r.padding_fraction},
                     {"rotation", r.rotation},
                     {"seed", output.seed},
                     {"trace_sigma", r.trace_sigma},
                     {"trace_sigma_ucb", r.trace_sigma_ucb},
                     {"trace_sigma_ucb_alpha", r.trace_sigma_ucb_alpha},
                     {"normaliser_value", r.normaliser},
                     {"results", results},
                     {"grid", grid},
                     {"grid_selection", to_json(r.selection)},
                     {"timings_s",
                      {{"represent", r.timings.represent_s}, {"trace_sigma", r.timings.trace_s},
                       {"rotation", r.timings.rotation_s},
                       {"grid_selection", r.timings.selection_s}, {"entropy", r.timings.entropy_s},
                       {"converse", r.timings.converse_s}}}};
  if (!output.rotation_probe.empty()) out["rotation_probe"] = output.rotation_probe;
  // --select-only certifies nothing: no certificate.
  out["certificate"] = r.entropies.empty() ? nlohmann::json(nullptr)
                       : to_json(output.certificate, r.results.empty() ? std::string()
                                                     : certificate_sentence(output.certificate, r, r.results.front()));
  if (!r.results.empty()) {  // the headline numbers: the first γ given
    const auto& first = results.front();
    for (const char* key : {"rho_star", "k_star", "nu2_star", "abs_bound", "rho_point"}) {
      out[key] = first[key];
    }
  }
  return out;
}

}  // namespace reconbound::workflow
