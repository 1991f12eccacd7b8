#include "chain_report.hpp"

#include <fmt/format.h>

#include "selection_report.hpp"

namespace reconbound::cli {

namespace {

std::string with_se(const std::optional<AttackEstimate>& e) {
  return e ? fmt::format("{:.4f} ± {:.4f}", e->rho, e->standard_error) : std::string("—");
}

std::string number(const std::optional<double>& v, const char* format = "{:.4f}") {
  return v ? fmt::format(fmt::runtime(format), *v) : std::string("—");
}

std::optional<double> difference(const std::optional<double>& a, const std::optional<double>& b) {
  if (!a || !b) return std::nullopt;
  return *a - *b;
}

std::optional<double> rho_of(const std::optional<AttackEstimate>& e) {
  return e ? std::optional<double>(e->rho) : std::nullopt;
}

std::string release_name(const ChainRow& row) {
  if (!row.codebook_bits) return "—";
  if (row.keep_probability) return fmt::format("BSC p={:.4f}", *row.keep_probability);
  return fmt::format("R={} (H={:.3f})", *row.codebook_bits, row.realised_entropy_bits.value_or(0.0));
}

nlohmann::json optional_json(const std::optional<double>& v) {
  return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
}

nlohmann::json attack_json(const AttackEstimate& e) {
  return {{"rho", e.rho}, {"standard_error", e.standard_error}, {"rho_per_target", e.rho_per_target}};
}

}  // namespace

void print_chain_table(const ChainReport& r, const ChainContext& c) {
  const BoundReport& b = r.bound;
  fmt::print("data            {}\n", c.data_source);
  fmt::print("representation  {} (m = {}; Hadamard order {}, padding {:.2f}%)\n", c.representation, b.m,
             b.m_padded, 100.0 * b.padding_fraction);
  fmt::print("layout          |D_perp| = {}, n_est = {}, |D_shadow| = {}, targets = {}, seed {}\n", b.n_perp,
             b.n_est, r.n_shadow, r.n_targets, c.seed);
  fmt::print("tr Sigma        {:.6g} on D_perp; normaliser {:.6g}\n", b.trace_sigma, b.normaliser);
  fmt::print("grid            {}\n\n", selection_summary(b.selection));

  fmt::print("{:>9} {:>8} {:>20} {:>8} {:>17}", "gamma", "rho*", "codebook release", "rho_blk", "rho_cb ± SE");
  for (const DpsgdSetting& s : r.settings) fmt::print(" {:>17}", fmt::format("dpsgd({:g},{}) ± SE", s.q, s.steps));
  fmt::print(" {:>9} {:>8}", "blk-rho*", "cb-blk");
  for (const DpsgdSetting& s : r.settings) fmt::print(" {:>13}", fmt::format("dpsgd({:g},{})-cb", s.q, s.steps));
  fmt::print("\n");
  for (const ChainRow& row : r.rows) {
    fmt::print("{:>9.4g} {:>8.4f} {:>20} {:>8} {:>17}", row.gamma_bits, row.bound.rho_star, release_name(row),
               number(row.rho_blk), with_se(row.codebook));
    for (const auto& e : row.dpsgd) fmt::print(" {:>17}", with_se(e));
    fmt::print(" {:>9} {:>8}", number(difference(row.rho_blk, row.bound.rho_star), "{:+.4f}"),
               number(difference(rho_of(row.codebook), row.rho_blk), "{:+.4f}"));
    for (const auto& e : row.dpsgd) {
      fmt::print(" {:>13}", number(difference(rho_of(e), rho_of(row.codebook)), "{:+.4f}"));
    }
    fmt::print("\n");
  }
  fmt::print("\nDP-SGD noise multipliers charged gamma (sigma):\n");
  for (const ChainRow& row : r.rows) {
    std::string sigmas;
    for (std::size_t s = 0; s < row.dpsgd.size(); ++s) {
      if (row.dpsgd[s]) sigmas += fmt::format("  (q={:g}, T={}): {:.6g}", r.settings[s].q, r.settings[s].steps, row.dpsgd[s]->sigma);
    }
    if (!sigmas.empty()) fmt::print("  gamma = {:g}:{}\n", row.gamma_bits, sigmas);
  }
  for (const std::string& note : r.notes) fmt::print("\nnote: {}\n", note);
  const auto& t = r.timings;
  fmt::print("\ntimings (s): bound {:.1f}, codebooks {:.1f}, per-block bound {:.1f}, DP-SGD attacks {:.1f}\n",
             t.bound_s, t.codebook_s, t.per_block_s, t.dpsgd_s);
  for (const std::string& f : c.figures) fmt::print("figure: {}\n", f);
}

nlohmann::json chain_json(const ChainReport& r, const ChainContext& c) {
  const BoundReport& b = r.bound;
  nlohmann::json rows = nlohmann::json::array();
  for (const ChainRow& row : r.rows) {
    nlohmann::json dpsgd = nlohmann::json::array();
    for (std::size_t s = 0; s < row.dpsgd.size(); ++s) {
      nlohmann::json entry{{"q", r.settings[s].q}, {"steps", r.settings[s].steps}};
      if (row.dpsgd[s]) {
        entry.update(attack_json(*row.dpsgd[s]));
        entry["sigma"] = row.dpsgd[s]->sigma;
        entry["gap_to_codebook"] = optional_json(difference(rho_of(row.dpsgd[s]), rho_of(row.codebook)));
      } else {
        entry["rho"] = nullptr;
      }
      dpsgd.push_back(entry);
    }
    rows.push_back({{"gamma_bits", row.gamma_bits},
                    {"rho_star", row.bound.rho_star},
                    {"rho_point", row.bound.rho_point},
                    {"k_star", row.bound.arg_max.k},
                    {"nu2_star", row.bound.arg_max.nu2},
                    {"codebook_bits", row.codebook_bits ? nlohmann::json(*row.codebook_bits) : nlohmann::json(nullptr)},
                    {"keep_probability", optional_json(row.keep_probability)},
                    {"realised_entropy_bits", optional_json(row.realised_entropy_bits)},
                    {"rho_blk", optional_json(row.rho_blk)},
                    {"mean_gamma_b", optional_json(row.mean_gamma_b)},
                    {"codebook_attack", row.codebook ? attack_json(*row.codebook) : nlohmann::json(nullptr)},
                    {"dpsgd_attacks", dpsgd},
                    {"gap_blk_minus_rho_star", optional_json(difference(row.rho_blk, row.bound.rho_star))},
                    {"gap_cb_minus_blk", optional_json(difference(rho_of(row.codebook), row.rho_blk))}});
  }
  return {{"data", c.data_source},
          {"representation", c.representation},
          {"seed", c.seed},
          {"m", b.m},
          {"m_padded", b.m_padded},
          {"rotation", b.rotation},
          {"trace_sigma", b.trace_sigma},
          {"normaliser", b.normaliser},
          {"layout", {{"n_perp", b.n_perp}, {"n_est", b.n_est}, {"n_shadow", r.n_shadow},
                      {"targets", c.indices.targets}}},
          {"grid_selection", selection_json(b.selection)},
          {"rows", rows},
          {"timings_s", {{"bound", r.timings.bound_s}, {"codebooks", r.timings.codebook_s},
                         {"per_block", r.timings.per_block_s}, {"dpsgd_attacks", r.timings.dpsgd_s}}},
          {"notes", r.notes},
          {"figures", c.figures}};
}

}  // namespace reconbound::cli
