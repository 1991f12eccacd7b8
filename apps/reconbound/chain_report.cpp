#include "chain_report.hpp"

#include <fmt/format.h>

#include "reconbound/presets/paper_chain.hpp"
#include "result_status.hpp"
#include "selection_report.hpp"

namespace reconbound::cli {

namespace {

std::string with_se(const AttackEstimate* e) {
  return e ? fmt::format("{:.4f} ± {:.4f}", e->rho, e->standard_error) : std::string("—");
}

std::string number(const std::optional<double>& v, const char* format = "{:.4f}") {
  return v ? fmt::format(fmt::runtime(format), *v) : std::string("—");
}

std::string release_name(const presets::CodebookCells& codebook) {
  if (!codebook.bits) return "—";
  if (codebook.keep_probability) return fmt::format("BSC p={:.4f}", *codebook.keep_probability);
  return fmt::format("R={} (H={:.3f})", *codebook.bits, codebook.realised_entropy_bits.value_or(0.0));
}

void print_header(const workflow::ChainOutput& c) {
  const ChainReport& r = c.report;
  const BoundReport& b = r.bound;
  fmt::print("data            {}\n", c.data_source);
  fmt::print("representation  {} (m = {}; Hadamard order {}, padding {:.2f}%)\n", c.representation, b.m,
             b.m_padded, 100.0 * b.padding_fraction);
  fmt::print("layout          |D_perp| = {}, n_est = {}, |D_shadow| = {}, targets = {}, seed {}\n", b.n_perp,
             b.n_est, r.n_shadow, r.n_targets, c.seed);
  fmt::print("tr Sigma        {:.6g} on D_perp (normalises rho_blk and the attacks); rho* normaliser {:.6g}\n",
             b.trace_sigma, b.normaliser);
  fmt::print("grid            {}\n\n", selection_summary(b.selection));
}

// ρ*, the paper's columns and the other rows' at each γ, then the gaps along the chain (eq 39).
void print_rows(const ChainReport& r, const presets::PaperColumns& columns) {
  fmt::print("{:>9} {:>8} {:>20} {:>8} {:>17}", "gamma", "rho*", "codebook release", "rho_blk", "rho_cb ± SE");
  for (const auto& s : columns.settings) fmt::print(" {:>17}", fmt::format("dpsgd({:g},{}) ± SE", s.q, s.steps));
  for (const std::size_t a : columns.other) fmt::print(" {:>17}", fmt::format("{} ± SE", r.attacks[a].label));
  fmt::print(" {:>9} {:>8}", "blk-rho*", "cb-blk");
  for (const auto& s : columns.settings) fmt::print(" {:>13}", fmt::format("dpsgd({:g},{})-cb", s.q, s.steps));
  for (const std::size_t a : columns.other) fmt::print(" {:>13}", fmt::format("{}-rho*", r.attacks[a].label));
  fmt::print("\n");
  for (const ChainRow& row : r.rows) {
    const presets::CodebookCells codebook = presets::codebook_cells(row, columns);
    fmt::print("{:>9.4g} {:>8.4f} {:>20} {:>8} {:>17}", row.gamma_bits, row.bound.rho_star, release_name(codebook),
               number(codebook.rho_blk), with_se(codebook.estimate ? &*codebook.estimate : nullptr));
    for (const std::size_t a : columns.dpsgd) fmt::print(" {:>17}", with_se(presets::estimate_at(row, a)));
    for (const std::size_t a : columns.other) fmt::print(" {:>17}", with_se(presets::estimate_at(row, a)));
    const presets::PaperGaps gaps = presets::paper_gaps(row, columns, codebook);
    fmt::print(" {:>9} {:>8}", number(gaps.blk_minus_rho_star, "{:+.4f}"), number(gaps.cb_minus_blk, "{:+.4f}"));
    for (const auto& gap : gaps.dpsgd_minus_cb) fmt::print(" {:>13}", number(gap, "{:+.4f}"));
    for (const auto& gap : gaps.other_minus_rho_star) fmt::print(" {:>13}", number(gap, "{:+.4f}"));
    fmt::print("\n");
  }
}

// The σ of each DP-SGD attack, and every detail of the other rows' attacks, per γ.
void print_details(const ChainReport& r, const presets::PaperColumns& columns) {
  fmt::print("\nDP-SGD noise multipliers charged gamma (sigma):\n");
  for (const ChainRow& row : r.rows) {
    std::string sigmas;
    for (std::size_t s = 0; s < columns.dpsgd.size(); ++s) {
      const auto& attack = row.attacks[columns.dpsgd[s]];
      const auto sigma = attack && attack->estimate ? find_detail(attack->details, "sigma") : std::nullopt;
      if (sigma) sigmas += fmt::format("  ({}): {:.6g}", presets::dpsgd_caption(columns.settings[s]), *sigma);
    }
    if (!sigmas.empty()) fmt::print("  gamma = {:g}:{}\n", row.gamma_bits, sigmas);
  }
  if (!columns.other.empty()) fmt::print("\nDetails of the other attacks:\n");
  for (const ChainRow& row : r.rows) {
    for (const std::size_t a : columns.other) {
      if (!row.attacks[a] || row.attacks[a]->details.empty()) continue;
      std::string details;
      for (const auto& [name, value] : row.attacks[a]->details) details += fmt::format("  {} = {:.6g}", name, value);
      fmt::print("  gamma = {:g}, {}:{}\n", row.gamma_bits, r.attacks[a].label, details);
    }
  }
}

}  // namespace

void print_chain_table(const workflow::ChainOutput& c) {
  const ChainReport& r = c.report;
  const presets::PaperColumns columns = presets::paper_columns(r);
  print_header(c);
  print_rows(r, columns);
  fmt::print("\nrho*: {} rho_blk and the attacks' rho are estimates (normalised by tr Sigma-hat).\n",
             certificate_table_sentence(c.certificate));
  print_details(r, columns);
  for (const std::string& note : r.notes) fmt::print("\nnote: {}\n", note);
  for (const ChainViolation& v : presets::paper_violations(r)) fmt::print("\nVIOLATION: {}\n", violation_sentence(v));
  const presets::PaperTimings t = presets::paper_timings(r, columns);
  fmt::print("\ntimings (s): bound {:.1f}, codebooks {:.1f}, per-block bound {:.1f}, DP-SGD attacks {:.1f}{}\n",
             r.timings.bound_s, t.codebook_s, t.per_block_s, t.dpsgd_s,
             columns.other.empty() ? std::string() : fmt::format(", other attacks {:.1f}", t.other_s));
  for (const std::string& f : c.figures) fmt::print("figure: {}\n", f);
}

void report_violations(const ChainReport& report) {
  for (const ChainViolation& v : presets::paper_violations(report)) report_violation(violation_sentence(v));
}

}  // namespace reconbound::cli
