// The paper's view of a generic chain report (mathematics §9, eq 39): which attack rows fill
// ρ_blk, ρ_cb and ρ_dpsgd, the gaps between them, the timings by stage, and the names of the
// violations and of the image grid's row.
#include <fmt/format.h>

#include <algorithm>

#include "reconbound/error.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "reconbound/presets/paper_pipeline.hpp"

namespace reconbound::presets {

namespace {

DpsgdSetting dpsgd_setting(const ChainAttackInfo& row) {
  const auto q = find_detail(row.settings, "q");
  const auto steps = find_detail(row.settings, "steps");
  if (!q || !steps) {
    throw PluginError(fmt::format("mechanism {}'s attack reports no q and steps among its settings", row.mechanism));
  }
  return {*q, static_cast<std::uint64_t>(*steps)};
}

std::optional<double> difference(const std::optional<double>& a, const std::optional<double>& b) {
  if (!a || !b) return std::nullopt;
  return *a - *b;
}

std::optional<double> rho_of(const AttackEstimate* e) { return e ? std::optional<double>(e->rho) : std::nullopt; }

std::optional<double> rho_of(const std::optional<AttackEstimate>& e) { return rho_of(e ? &*e : nullptr); }

}  // namespace

std::string dpsgd_caption(const DpsgdSetting& setting) { return fmt::format("q={:g}, T={}", setting.q, setting.steps); }

PaperColumns paper_columns(const ChainReport& report) {
  PaperColumns out;
  for (std::size_t r = 0; r < report.attacks.size(); ++r) {
    const std::string& mechanism = report.attacks[r].mechanism;
    if (mechanism == kCodebookMechanism && !out.codebook) {
      out.codebook = r;
    } else if (mechanism == kPaperMechanism) {
      out.dpsgd.push_back(r);
      out.settings.push_back(dpsgd_setting(report.attacks[r]));
    } else {
      out.other.push_back(r);
    }
  }
  return out;
}

const AttackEstimate* estimate_at(const ChainRow& row, std::size_t index) {
  const auto& attack = row.attacks[index];
  return attack && attack->estimate ? &*attack->estimate : nullptr;
}

CodebookCells codebook_cells(const ChainRow& row, const PaperColumns& columns) {
  CodebookCells out;
  if (!columns.codebook || estimate_at(row, *columns.codebook) == nullptr) return out;
  const ChainAttack& attack = *row.attacks[*columns.codebook];
  if (const auto bits = find_detail(attack.details, "codebook_bits")) out.bits = static_cast<unsigned>(*bits);
  out.keep_probability = find_detail(attack.details, "keep_probability");
  out.realised_entropy_bits = find_detail(attack.details, "realised_entropy_bits");
  out.rho_blk = find_detail(attack.details, "rho_blk");
  out.mean_gamma_b = find_detail(attack.details, "mean_gamma_b");
  out.estimate = attack.estimate;
  return out;
}

PaperGaps paper_gaps(const ChainRow& row, const PaperColumns& columns, const CodebookCells& codebook) {
  PaperGaps gaps;
  gaps.blk_minus_rho_star = difference(codebook.rho_blk, row.bound.rho_star);
  gaps.cb_minus_blk = difference(rho_of(codebook.estimate), codebook.rho_blk);
  for (const std::size_t r : columns.dpsgd) {
    gaps.dpsgd_minus_cb.push_back(difference(rho_of(estimate_at(row, r)), rho_of(codebook.estimate)));
  }
  for (const std::size_t r : columns.other) {
    gaps.other_minus_rho_star.push_back(difference(rho_of(estimate_at(row, r)), row.bound.rho_star));
  }
  return gaps;
}

PaperTimings paper_timings(const ChainReport& report, const PaperColumns& columns) {
  PaperTimings out;
  if (columns.codebook) {
    const ChainAttackTiming& t = report.timings.attacks[*columns.codebook];
    out.per_block_s = find_detail(t.parts, "per_block_seconds").value_or(0.0);
    out.codebook_s = t.seconds - out.per_block_s;
  }
  for (const std::size_t r : columns.dpsgd) out.dpsgd_s += report.timings.attacks[r].seconds;
  for (const std::size_t r : columns.other) out.other_s += report.timings.attacks[r].seconds;
  return out;
}

std::vector<ChainViolation> paper_violations(const ChainReport& report) {
  const PaperColumns columns = paper_columns(report);
  // The column's place at its γ: the codebook's, the dpsgd rows', the others'.
  const auto rank = [&](const ChainViolation& v) {
    if (columns.codebook == v.row) return 0;
    return report.attacks[v.row].mechanism == kPaperMechanism ? 1 : 2;
  };
  std::vector<ChainViolation> out = report.violations;
  for (ChainViolation& v : out) {
    if (rank(v) == 0) v.attack = kCodebookMechanism;
    if (rank(v) == 1) {
      v.attack = fmt::format("{} ({})", kPaperMechanism, dpsgd_caption(dpsgd_setting(report.attacks[v.row])));
    }
  }
  std::stable_sort(out.begin(), out.end(), [&](const ChainViolation& a, const ChainViolation& b) {
    return a.gamma_bits < b.gamma_bits || (a.gamma_bits == b.gamma_bits && rank(a) < rank(b));
  });
  return out;
}

std::string figure_label(const ChainReport& report) {
  if (!report.figure_row) return "";
  const ChainAttackInfo& row = report.attacks[*report.figure_row];
  return row.mechanism == kPaperMechanism ? dpsgd_caption(dpsgd_setting(row)) : row.mechanism;
}

}  // namespace reconbound::presets
