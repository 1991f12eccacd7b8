// The chain's JSON in the paper's layout (mathematics §9, eq 39): the generic JSON's common keys
// (workflow::to_json) with the rows, attack rows, timings and violations of the paper's columns.
#include "reconbound/presets/paper_chain.hpp"
#include "reconbound/workflow/json.hpp"

namespace reconbound::presets {

namespace {

nlohmann::json dpsgd_attacks_json(const ChainRow& row, const PaperColumns& columns, const PaperGaps& gaps) {
  nlohmann::json dpsgd = nlohmann::json::array();
  for (std::size_t s = 0; s < columns.dpsgd.size(); ++s) {
    nlohmann::json entry{{"q", columns.settings[s].q}, {"steps", columns.settings[s].steps}};
    const auto& attack = row.attacks[columns.dpsgd[s]];
    if (attack && attack->estimate) {
      entry.update(workflow::to_json(*attack->estimate));
      entry["sigma"] = workflow::number_or_null(find_detail(attack->details, "sigma"));
      entry["release_gamma_bits"] = workflow::number_or_null(attack->release_gamma_bits);
      entry["gap_to_codebook"] = workflow::number_or_null(gaps.dpsgd_minus_cb[s]);
    } else {
      entry["rho"] = nullptr;
    }
    dpsgd.push_back(entry);
  }
  return dpsgd;
}

// The rows of mechanisms other than the paper's, one entry each.
nlohmann::json other_attacks_json(const ChainRow& row, const PaperColumns& columns, const PaperGaps& gaps) {
  nlohmann::json out = nlohmann::json::array();
  for (std::size_t o = 0; o < columns.other.size(); ++o) {
    const auto& attack = row.attacks[columns.other[o]];
    nlohmann::json entry{{"attacked", attack.has_value()}};
    if (attack && attack->estimate) {
      entry.update(workflow::to_json(*attack->estimate));
      entry["gap_to_rho_star"] = workflow::number_or_null(gaps.other_minus_rho_star[o]);
      entry["release_gamma_bits"] = workflow::number_or_null(attack->release_gamma_bits);
    } else {
      entry["rho"] = nullptr;
    }
    entry["details"] = workflow::details_json(attack ? attack->details : AttackDetails{});
    out.push_back(entry);
  }
  return out;
}

nlohmann::json row_json(const nlohmann::json& generic, const ChainRow& row, const PaperColumns& columns) {
  const CodebookCells codebook = codebook_cells(row, columns);
  const PaperGaps gaps = paper_gaps(row, columns, codebook);
  nlohmann::json entry = generic;
  entry.erase("attacks");
  entry.update({{"codebook_bits", codebook.bits ? nlohmann::json(*codebook.bits) : nlohmann::json(nullptr)},
                {"keep_probability", workflow::number_or_null(codebook.keep_probability)},
                {"realised_entropy_bits", workflow::number_or_null(codebook.realised_entropy_bits)},
                {"rho_blk", workflow::number_or_null(codebook.rho_blk)},
                {"mean_gamma_b", workflow::number_or_null(codebook.mean_gamma_b)},
                {"codebook_attack",
                 codebook.estimate ? workflow::to_json(*codebook.estimate) : nlohmann::json(nullptr)},
                {"dpsgd_attacks", dpsgd_attacks_json(row, columns, gaps)},
                {"gap_blk_minus_rho_star", workflow::number_or_null(gaps.blk_minus_rho_star)},
                {"gap_cb_minus_blk", workflow::number_or_null(gaps.cb_minus_blk)}});
  if (!columns.other.empty()) entry["attacks"] = other_attacks_json(row, columns, gaps);
  return entry;
}

nlohmann::json attack_rows_json(const ChainReport& report, const PaperColumns& columns) {
  nlohmann::json out = nlohmann::json::array();
  for (const std::size_t r : columns.other) {
    const ChainAttackInfo& row = report.attacks[r];
    out.push_back({{"mechanism", row.mechanism}, {"spec", row.label}, {"settings", workflow::details_json(row.settings)},
                   {"gammas", row.gammas}});
  }
  return out;
}

nlohmann::json timings_json(const ChainReport& report, const PaperColumns& columns) {
  const PaperTimings t = paper_timings(report, columns);
  nlohmann::json out{{"bound", report.timings.bound_s}, {"codebooks", t.codebook_s},
                     {"per_block", t.per_block_s}, {"dpsgd_attacks", t.dpsgd_s}};
  if (!columns.other.empty()) out["other_attacks"] = t.other_s;
  return out;
}

}  // namespace

nlohmann::json paper_chain_json(const workflow::ChainOutput& output) {
  const ChainReport& report = output.report;
  const PaperColumns columns = paper_columns(report);
  nlohmann::json out = workflow::to_json(output);
  for (std::size_t i = 0; i < report.rows.size(); ++i) {
    out["rows"][i] = row_json(out["rows"][i], report.rows[i], columns);
  }
  out["timings_s"] = timings_json(report, columns);
  out["violations"] = nlohmann::json::array();
  for (const ChainViolation& v : paper_violations(report)) out["violations"].push_back(workflow::to_json(v));
  // The rows of other mechanisms: described once here, one entry per γ row in rows[].attacks.
  if (columns.other.empty()) out.erase("attack_rows");
  else out["attack_rows"] = attack_rows_json(report, columns);
  return out;
}

}  // namespace reconbound::presets
