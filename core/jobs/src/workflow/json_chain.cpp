#include <optional>

#include "reconbound/workflow/json.hpp"

namespace reconbound::workflow {

namespace {

nlohmann::json optional_json(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json attack_json(const AttackEstimate& e) {
  return {{"rho", e.rho}, {"standard_error", e.standard_error}, {"rho_per_target", e.rho_per_target}};
}

nlohmann::json details_json(const AttackDetails& details) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [name, value] : details) out[name] = value;
  return out;
}

nlohmann::json dpsgd_attacks_json(const ChainRow& row, const ChainGaps& gaps,
                                  const std::vector<DpsgdSetting>& settings) {
  nlohmann::json dpsgd = nlohmann::json::array();
  for (std::size_t s = 0; s < row.dpsgd.size(); ++s) {
    nlohmann::json entry{{"q", settings[s].q}, {"steps", settings[s].steps}};
    const auto& attack = row.dpsgd[s];
    if (attack && attack->estimate) {
      entry.update(attack_json(*attack->estimate));
      entry["sigma"] = optional_json(find_detail(attack->details, "sigma"));
      entry["release_gamma_bits"] = optional_json(attack->release_gamma_bits);
      entry["gap_to_codebook"] = optional_json(gaps.dpsgd_minus_cb[s]);
    } else {
      entry["rho"] = nullptr;
    }
    dpsgd.push_back(entry);
  }
  return dpsgd;
}

// The rows of mechanisms other than the paper's (ChainReport::other), one entry each.
nlohmann::json other_attacks_json(const ChainRow& row, const ChainGaps& gaps) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t r = 0; r < row.other.size(); ++r) {
    const auto& attack = row.other[r];
    nlohmann::json entry{{"attacked", attack.has_value()}};
    if (attack && attack->estimate) {
      entry.update(attack_json(*attack->estimate));
      entry["gap_to_rho_star"] = optional_json(gaps.other_minus_rho_star[r]);
      entry["release_gamma_bits"] = optional_json(attack->release_gamma_bits);
    } else {
      entry["rho"] = nullptr;
    }
    entry["details"] = details_json(attack ? attack->details : AttackDetails{});
    out.push_back(entry);
  }
  return out;
}

nlohmann::json violations_json(const std::vector<ChainViolation>& violations) {
  nlohmann::json out = nlohmann::json::array();
  for (const ChainViolation& v : violations) {
    out.push_back({{"gamma_bits", v.gamma_bits}, {"mechanism", v.mechanism}, {"attack", v.attack}, {"rho", v.rho},
                   {"standard_error", v.standard_error}, {"rho_star", v.rho_star},
                   {"sentence", violation_sentence(v)}});
  }
  return out;
}

nlohmann::json attack_rows_json(const std::vector<ChainAttackInfo>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const ChainAttackInfo& row : rows) {
    out.push_back({{"mechanism", row.mechanism}, {"spec", row.label}, {"settings", details_json(row.settings)},
                   {"gammas", row.gammas}});
  }
  return out;
}

}  // namespace

nlohmann::json to_json(const ChainOutput& output) {
  const ChainReport& r = output.report;
  const BoundReport& b = r.bound;
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = 0; i < r.rows.size(); ++i) {
    const ChainRow& row = r.rows[i];
    const ChainGaps gaps = chain_gaps(row);
    nlohmann::json entry{{"gamma_bits", row.gamma_bits},
                         {"gamma_error_bits", b.results[i].gamma_error_bits},
                         {"rho_star", row.bound.rho_star},
                         {"rho_point", row.bound.rho_point},
                         {"k_star", row.bound.arg_max.k},
                         {"nu2_star", row.bound.arg_max.nu2},
                         {"codebook_bits",
                          row.codebook_bits ? nlohmann::json(*row.codebook_bits) : nlohmann::json(nullptr)},
                         {"keep_probability", optional_json(row.keep_probability)},
                         {"realised_entropy_bits", optional_json(row.realised_entropy_bits)},
                         {"rho_blk", optional_json(row.rho_blk)},
                         {"mean_gamma_b", optional_json(row.mean_gamma_b)},
                         {"codebook_attack", row.codebook ? attack_json(*row.codebook) : nlohmann::json(nullptr)},
                         {"dpsgd_attacks", dpsgd_attacks_json(row, gaps, r.settings)},
                         {"gap_blk_minus_rho_star", optional_json(gaps.blk_minus_rho_star)},
                         {"gap_cb_minus_blk", optional_json(gaps.cb_minus_blk)}};
    if (!r.other.empty()) entry["attacks"] = other_attacks_json(row, gaps);
    rows.push_back(entry);
  }
  nlohmann::json timings{{"bound", r.timings.bound_s}, {"codebooks", r.timings.codebook_s},
                         {"per_block", r.timings.per_block_s}, {"dpsgd_attacks", r.timings.dpsgd_s}};
  nlohmann::json out{{"data", output.data_source},
                     {"representation", output.representation},
                     {"seed", output.seed},
                     {"m", b.m},
                     {"m_padded", b.m_padded},
                     {"rotation", b.rotation},
                     {"trace_sigma", b.trace_sigma},
                     {"normaliser_value", b.normaliser},
                     {"layout", {{"n_perp", b.n_perp}, {"n_est", b.n_est}, {"n_shadow", r.n_shadow},
                                 {"targets", output.indices.targets}}},
                     {"grid_selection", to_json(b.selection)},
                     {"certificate", to_json(output.certificate, certificate_table_sentence(output.certificate))},
                     {"rows", rows},
                     {"timings_s", timings},
                     {"notes", r.notes},
                     {"violations", violations_json(r.violations)},
                     {"figures", output.figures}};
  // The rows of other mechanisms: described once here, one entry per γ row in rows[].attacks.
  if (!r.other.empty()) {
    out["attack_rows"] = attack_rows_json(r.other);
    out["timings_s"]["other_attacks"] = r.timings.other_s;
  }
  return out;
}

}  // namespace reconbound::workflow
