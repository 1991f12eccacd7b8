// The chain's JSON in its generic layout (mathematics §9): per γ row, one entry per attack row
// with its estimate, its declared columns and the gaps along the links of the chain (eq 39).
#include <optional>

#include "reconbound/workflow/json.hpp"

namespace reconbound::workflow {

namespace {

// The attack's declared columns at this γ (null where it reports none); seconds are timings.
nlohmann::json columns_json(const std::vector<AttackColumn>& columns, const AttackDetails& details) {
  nlohmann::json out = nlohmann::json::object();
  for (const AttackColumn& column : columns) {
    if (column.kind == AttackColumnKind::seconds) continue;
    const std::optional<double> value = find_detail(details, column.detail);
    if (value && column.kind == AttackColumnKind::whole_number) out[column.detail] = static_cast<long long>(*value);
    else out[column.detail] = number_or_null(value);
  }
  return out;
}

// Each link ℓ of the chain the attack reports (eq 39: ρ* ≤ ℓ ≤ ρ): ℓ − ρ* and ρ − ℓ.
nlohmann::json links_json(const std::vector<AttackColumn>& columns, const ChainAttack& attack, double rho_star) {
  nlohmann::json out = nlohmann::json::object();
  for (const AttackColumn& column : columns) {
    const std::optional<double> value = find_detail(attack.details, column.detail);
    if (column.kind != AttackColumnKind::link || !value) continue;
    out[column.detail] = {{"gap_to_rho_star", *value - rho_star}, {"gap_to_rho", attack.estimate->rho - *value}};
  }
  return out;
}

nlohmann::json attack_entry(const ChainAttackInfo& info, const std::optional<ChainAttack>& attack, double rho_star) {
  nlohmann::json entry{{"attacked", attack.has_value()}, {"rho", nullptr}};
  if (attack && attack->estimate) {
    entry.update(to_json(*attack->estimate));
    entry["gap_to_rho_star"] = attack->estimate->rho - rho_star;
    entry["release_gamma_bits"] = number_or_null(attack->release_gamma_bits);
    entry["columns"] = columns_json(info.columns, attack->details);
    entry["links"] = links_json(info.columns, *attack, rho_star);
  }
  entry["restored"] = attack && attack->restored;
  entry["details"] = details_json(attack ? attack->details : AttackDetails{});
  return entry;
}

nlohmann::json row_json(const ChainReport& r, std::size_t i) {
  const ChainRow& row = r.rows[i];
  nlohmann::json attacks = nlohmann::json::array();
  for (std::size_t a = 0; a < row.attacks.size(); ++a) {
    attacks.push_back(attack_entry(r.attacks[a], row.attacks[a], row.bound.rho_star));
  }
  return {{"gamma_bits", row.gamma_bits},
          {"gamma_error_bits", r.bound.results[i].gamma_error_bits},
          {"rho_star", row.bound.rho_star},
          {"rho_point", row.bound.rho_point},
          {"k_star", row.bound.arg_max.k},
          {"nu2_star", row.bound.arg_max.nu2},
          {"attacks", attacks}};
}

nlohmann::json column_json(const AttackColumn& column) {
  static const char* const kKinds[] = {"number", "whole_number", "link", "seconds"};
  return {{"detail", column.detail}, {"description", column.description},
          {"kind", kKinds[static_cast<std::size_t>(column.kind)]}};
}

nlohmann::json attack_rows_json(const std::vector<ChainAttackInfo>& rows) {
  nlohmann::json out = nlohmann::json::array();
  for (const ChainAttackInfo& row : rows) {
    nlohmann::json columns = nlohmann::json::array();
    for (const AttackColumn& column : row.columns) columns.push_back(column_json(column));
    out.push_back({{"mechanism", row.mechanism}, {"spec", row.label}, {"settings", details_json(row.settings)},
                   {"columns", columns}, {"gammas", row.gammas}});
  }
  return out;
}

nlohmann::json timings_json(const ChainTimings& timings) {
  nlohmann::json attacks = nlohmann::json::array();
  for (const ChainAttackTiming& t : timings.attacks) {
    attacks.push_back({{"seconds", t.seconds}, {"parts", details_json(t.parts)}});
  }
  return {{"bound", timings.bound_s}, {"attacks", attacks}};
}

nlohmann::json violations_json(const std::vector<ChainViolation>& violations) {
  nlohmann::json out = nlohmann::json::array();
  for (const ChainViolation& v : violations) out.push_back(to_json(v));
  return out;
}

}  // namespace

nlohmann::json details_json(const AttackDetails& details) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [name, value] : details) out[name] = value;
  return out;
}

nlohmann::json number_or_null(const std::optional<double>& value) {
  return value ? nlohmann::json(*value) : nlohmann::json(nullptr);
}

nlohmann::json to_json(const AttackEstimate& e) {
  return {{"rho", e.rho}, {"standard_error", e.standard_error}, {"rho_per_target", e.rho_per_target}};
}

nlohmann::json to_json(const ChainViolation& v) {
  return {{"gamma_bits", v.gamma_bits}, {"mechanism", v.mechanism}, {"attack", v.attack}, {"rho", v.rho},
          {"standard_error", v.standard_error}, {"rho_star", v.rho_star}, {"sentence", violation_sentence(v)}};
}

nlohmann::json to_json(const ChainOutput& output) {
  const ChainReport& r = output.report;
  const BoundReport& b = r.bound;
  nlohmann::json rows = nlohmann::json::array();
  for (std::size_t i = 0; i < r.rows.size(); ++i) rows.push_back(row_json(r, i));
  return {{"data", output.data_source},
          {"representation", output.representation},
          {"representation_unit", output.representation_unit},
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
          {"attack_rows", attack_rows_json(r.attacks)},
          {"rows", rows},
          {"timings_s", timings_json(r.timings)},
          {"notes", r.notes},
          {"violations", violations_json(r.violations)},
          {"figures", output.figures}};
}

}  // namespace reconbound::workflow
