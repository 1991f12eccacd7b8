#include "chain_report.hpp"

#include <fmt/format.h>

#include "result_status.hpp"
#include "selection_report.hpp"

namespace reconbound::cli {

namespace {

std::string with_se(const std::optional<AttackEstimate>& e) {
  return e ? fmt::format("{:.4f} ± {:.4f}", e->rho, e->standard_error) : std::string("—");
}

std::string with_se(const std::optional<ChainAttack>& attack) {
  return with_se(attack ? attack->estimate : std::nullopt);
}

std::string number(const std::optional<double>& v, const char* format = "{:.4f}") {
  return v ? fmt::format(fmt::runtime(format), *v) : std::string("—");
}

std::string release_name(const ChainRow& row) {
  if (!row.codebook_bits) return "—";
  if (row.keep_probability) return fmt::format("BSC p={:.4f}", *row.keep_probability);
  return fmt::format("R={} (H={:.3f})", *row.codebook_bits, row.realised_entropy_bits.value_or(0.0));
}

}  // namespace

void print_chain_table(const workflow::ChainOutput& c) {
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

  fmt::print("{:>9} {:>8} {:>20} {:>8} {:>17}", "gamma", "rho*", "codebook release", "rho_blk", "rho_cb ± SE");
  for (const DpsgdSetting& s : r.settings) fmt::print(" {:>17}", fmt::format("dpsgd({:g},{}) ± SE", s.q, s.steps));
  for (const ChainAttackInfo& a : r.other) fmt::print(" {:>17}", fmt::format("{} ± SE", a.label));
  fmt::print(" {:>9} {:>8}", "blk-rho*", "cb-blk");
  for (const DpsgdSetting& s : r.settings) fmt::print(" {:>13}", fmt::format("dpsgd({:g},{})-cb", s.q, s.steps));
  for (const ChainAttackInfo& a : r.other) fmt::print(" {:>13}", fmt::format("{}-rho*", a.label));
  fmt::print("\n");
  for (const ChainRow& row : r.rows) {
    fmt::print("{:>9.4g} {:>8.4f} {:>20} {:>8} {:>17}", row.gamma_bits, row.bound.rho_star, release_name(row),
               number(row.rho_blk), with_se(row.codebook));
    for (const auto& e : row.dpsgd) fmt::print(" {:>17}", with_se(e));
    for (const auto& e : row.other) fmt::print(" {:>17}", with_se(e));
    const workflow::ChainGaps gaps = workflow::chain_gaps(row);
    fmt::print(" {:>9} {:>8}", number(gaps.blk_minus_rho_star, "{:+.4f}"), number(gaps.cb_minus_blk, "{:+.4f}"));
    for (const auto& gap : gaps.dpsgd_minus_cb) fmt::print(" {:>13}", number(gap, "{:+.4f}"));
    for (const auto& gap : gaps.other_minus_rho_star) fmt::print(" {:>13}", number(gap, "{:+.4f}"));
    fmt::print("\n");
  }
  fmt::print("\nrho*: {} rho_blk and the attacks' rho are estimates (normalised by tr Sigma-hat).\n",
             certificate_table_sentence(c.certificate));
  fmt::print("\nDP-SGD noise multipliers charged gamma (sigma):\n");
  for (const ChainRow& row : r.rows) {
    std::string sigmas;
    for (std::size_t s = 0; s < row.dpsgd.size(); ++s) {
      const auto sigma = row.dpsgd[s] && row.dpsgd[s]->estimate ? find_detail(row.dpsgd[s]->details, "sigma")
                                                                 : std::nullopt;
      if (sigma) sigmas += fmt::format("  (q={:g}, T={}): {:.6g}", r.settings[s].q, r.settings[s].steps, *sigma);
    }
    if (!sigmas.empty()) fmt::print("  gamma = {:g}:{}\n", row.gamma_bits, sigmas);
  }
  if (!r.other.empty()) fmt::print("\nDetails of the other attacks:\n");
  for (const ChainRow& row : r.rows) {
    for (std::size_t a = 0; a < row.other.size(); ++a) {
      if (!row.other[a] || row.other[a]->details.empty()) continue;
      std::string details;
      for (const auto& [name, value] : row.other[a]->details) details += fmt::format("  {} = {:.6g}", name, value);
      fmt::print("  gamma = {:g}, {}:{}\n", row.gamma_bits, r.other[a].label, details);
    }
  }
  for (const std::string& note : r.notes) fmt::print("\nnote: {}\n", note);
  for (const ChainViolation& v : r.violations) fmt::print("\nVIOLATION: {}\n", violation_sentence(v));
  const auto& t = r.timings;
  fmt::print("\ntimings (s): bound {:.1f}, codebooks {:.1f}, per-block bound {:.1f}, DP-SGD attacks {:.1f}{}\n",
             t.bound_s, t.codebook_s, t.per_block_s, t.dpsgd_s,
             r.other.empty() ? std::string() : fmt::format(", other attacks {:.1f}", t.other_s));
  for (const std::string& f : c.figures) fmt::print("figure: {}\n", f);
}

void report_violations(const ChainReport& report) {
  for (const ChainViolation& v : report.violations) report_violation(violation_sentence(v));
}

}  // namespace reconbound::cli
