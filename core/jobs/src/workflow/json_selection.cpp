#include "reconbound/workflow/json.hpp"

#include "json_details.hpp"

namespace reconbound::workflow {

nlohmann::json to_json(const GridSelectionReport& s) {
  nlohmann::json predictions = nlohmann::json::array();
  for (const PairPrediction& p : s.predictions) {
    // The generic numbers, then the estimator's own predicted ones (mathematics §6: n_mc, t_mc, t_md).
    nlohmann::json row{{"k", p.pair.k},
                       {"nu2", p.pair.nu2},
                       {"pilot_sizes", p.sizes},
                       {"h_pilot", p.h_pilot},
                       {"h_predicted", p.h_predicted},
                       {"h_lb_predicted", p.h_lb_predicted},
                       {"rho_predicted", p.rho_predicted},
                       {"refined", p.refined},
                       {"selected", p.selected}};
    add_details(row, p.details);
    if (s.goal.target_rho > 0.0) row["gamma_for_target_bits"] = p.gamma_for_target;
    predictions.push_back(std::move(row));
  }
  nlohmann::json selected = nlohmann::json::array();
  for (const GridPair& p : s.selected) selected.push_back({{"k", p.k}, {"nu2", p.nu2}});
  return {{"method", s.method},
          {"reason", s.reason},
          {"candidates", s.candidates},
          {"goal", {{"gammas_bits", s.goal.gammas_bits}, {"target_rho", s.goal.target_rho}}},
          {"certified", s.selected.size()},
          {"selected", selected},
          {"pilot_sizes", s.pilot_sizes},
          {"pilot_contenders", s.contenders},
          {"pilot_n_mc", s.pilot_n_mc},
          {"pairs_per_goal", s.pairs_per_goal},
          {"assumed_union_size", s.assumed_union_size},
          {"seconds", s.seconds},
          {"predictions", predictions}};
}

}  // namespace reconbound::workflow
