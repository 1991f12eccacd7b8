// The tightness chain ρ* ≤ ρ_blk ≤ ρ_cb ≤ ρ_dpsgd (mathematics §9, paper eq 39).
#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>

#include "reconbound/bound_frame.hpp"
#include "reconbound/chain.hpp"
#include "reconbound/codebook.hpp"
#include "reconbound/dpsgd_attack.hpp"
#include "reconbound/entropy_margins.hpp"
#include "reconbound/error.hpp"
#include "reconbound/per_block_bound.hpp"

namespace reconbound {

namespace {

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void report(const ChainConfig& config, const std::string& stage, std::size_t done, std::size_t total) {
  if (config.bound.progress != nullptr) config.bound.progress->report(stage, done, total);
}

void check_config(const ChainData& data, const ChainConfig& config) {
  if (data.targets == nullptr || data.targets->rows() == 0) {
    throw InvalidInput("the chain needs at least one held-out target");
  }
  if (data.est == nullptr) throw InvalidInput("the chain needs D_est");
  if (config.dpsgd_gammas.empty() && config.codebook_bits.empty()) {
    throw InvalidInput("the chain needs at least one DP-SGD gamma or one codebook rate");
  }
  for (const double g : config.dpsgd_gammas) {
    if (!std::isfinite(g) || !(g > 0.0)) {
      throw InvalidInput(fmt::format("DP-SGD gamma = {} bits must be finite and > 0", g));
    }
  }
  const auto n_est = static_cast<std::size_t>(data.est->rows());
  for (const unsigned r : config.codebook_bits) {
    if (r < 1 || r > 16) throw InvalidInput(fmt::format("codebook rate R = {} bits must lie in 1..16", r));
    // On average a cell holds n_est / 2^R records: below the per-block bound's minimum no
    // codebook can serve (mathematics §9).
    const std::size_t cells = std::size_t{1} << r;
    if (n_est < cells * config.min_cell_records) {
      throw InvalidInput(fmt::format("R = {} gives {} cells for {} estimation records; the per-block bound needs >= {} "
                                     "records per cell (use fewer bits or more data)",
                                     r, cells, n_est, config.min_cell_records));
    }
  }
  for (const DpsgdSetting& s : config.dpsgd_settings) {
    if (!(s.q > 0.0 && s.q <= 1.0) || s.steps < 1) {
      throw InvalidInput(fmt::format("DP-SGD attack setting (q = {}, T = {}) needs q in (0, 1] and T >= 1", s.q, s.steps));
    }
  }
}

// The rows' γ: the DP-SGD leakages and the codebook rates, ascending, without repeats.
std::vector<double> row_gammas(const ChainConfig& config) {
  std::vector<double> gammas = config.dpsgd_gammas;
  for (const unsigned r : config.codebook_bits) gammas.push_back(static_cast<double>(r));
  std::sort(gammas.begin(), gammas.end());
  gammas.erase(std::unique(gammas.begin(), gammas.end()), gammas.end());
  return gammas;
}

// Fitted codebooks by rate, shared by the deterministic rows and the sub-bit (BSC) rows.
class CodebookCache {
 public:
  CodebookCache(const RowMatrix& shadow, const RowMatrix& est, const ChainConfig& config)
      : shadow_(shadow), est_(est), config_(config) {}
  const Codebook& get(unsigned bits) {
    auto it = fitted_.find(bits);
    if (it == fitted_.end()) {
      it = fitted_.emplace(bits, fit_codebook(shadow_, est_,
                                              {.bits = bits,
                                               .seed = config_.bound.seed ^ (0xc0deb00cu + bits),
                                               .threads = config_.bound.threads,
                                               .min_cell_records = 0}))
               .first;
    }
    return it->second;
  }

 private:
  const RowMatrix& shadow_;
  const RowMatrix& est_;
  const ChainConfig& config_;
  std::map<unsigned, Codebook> fitted_;
};

// False, with a note, when a release cell of the fitted codebook holds fewer estimation records
// than the per-block bound needs: its row then shows the bound and the DP-SGD attacks only.
bool thin_cell_note(const Codebook& codebook, unsigned bits, const ChainConfig& config,
                    std::vector<std::string>& notes) {
  const auto thinnest = std::min_element(codebook.cell_counts.begin(), codebook.cell_counts.end());
  if (*thinnest >= config.min_cell_records) return true;
  notes.push_back(fmt::format("codebook R = {} skipped: its release cell {} holds {} estimation records, fewer than "
                              "the {} the per-block bound needs",
                              bits, thinnest - codebook.cell_counts.begin(), *thinnest, config.min_cell_records));
  return false;
}

// The codebook release leaking exactly γ (paper §G.6): R = γ bits, or the two-cell codebook
// through a binary symmetric channel for γ < 1 (up to H_b(f0)). False when there is none.
bool codebook_release(double gamma, const ChainConfig& config, CodebookCache& cache, ChainRow& row,
                      const Codebook*& codebook, double& keep, std::vector<std::string>& notes) {
  const bool integer_rate = std::find(config.codebook_bits.begin(), config.codebook_bits.end(),
                                      static_cast<unsigned>(gamma)) != config.codebook_bits.end() &&
                            gamma == std::floor(gamma);
  if (integer_rate) {
    codebook = &cache.get(static_cast<unsigned>(gamma));
    if (!thin_cell_note(*codebook, static_cast<unsigned>(gamma), config, notes)) return false;
    keep = 1.0;
    row.codebook_bits = static_cast<unsigned>(gamma);
    row.realised_entropy_bits = codebook->realised_entropy_bits;
    return true;
  }
  if (gamma >= 1.0) return false;
  codebook = &cache.get(1);
  if (!thin_cell_note(*codebook, 1, config, notes)) return false;
  const double f0 = static_cast<double>(codebook->cell_counts[0]) /
                    static_cast<double>(codebook->est_cells.size());
  if (gamma > binary_entropy_bits(f0)) return false;  // beyond H_b(f0): not reachable
  keep = bsc_keep_probability(f0, gamma);
  row.codebook_bits = 1;
  row.keep_probability = keep;
  return true;
}

}  // namespace

ChainReport compute_chain(const Registry& registry, const ChainData& data, const ChainConfig& config) {
  check_config(data, config);
  ChainReport out;
  out.settings = config.dpsgd_settings;
  auto start = std::chrono::steady_clock::now();
  const BoundFrame frame = make_bound_frame(registry, {data.perp, data.est, data.shape}, config.bound);
  const std::vector<double> gammas = row_gammas(config);
  out.bound = compute_bound(registry, frame, gammas, config.bound);
  out.timings.bound_s = seconds_since(start);

  const RowMatrix& shadow_images = data.shadow != nullptr ? *data.shadow : *data.est;
  const RowMatrix shadow = data.shadow != nullptr ? represent_in_frame(frame, *data.shadow, config.bound.threads)
                                                  : frame.est_features;
  const RowMatrix targets = represent_in_frame(frame, *data.targets, config.bound.threads);
  out.n_shadow = static_cast<std::size_t>(shadow.rows());
  out.n_targets = static_cast<std::size_t>(targets.rows());
  // The attacks' errors and the per-block bound are estimates of ρ: they are normalised by the
  // point estimate tr Σ̂, not by ρ*'s certified normaliser (mathematics §9).
  const double trace = frame.trace.trace;
  // Block b at k = 1 is coordinate b of U·Ψ(x) times sqrt(m_pad) (mathematics §4).
  const RowMatrix coordinates =
      frame.rotated_est * std::sqrt(static_cast<double>(frame.rotated_est.cols()));

  CodebookCache codebooks(shadow, frame.est_features, config);
  const std::size_t figure_targets = std::min(config.figure_targets, out.n_targets);
  out.figure_images = data.targets->topRows(static_cast<Eigen::Index>(figure_targets));
  for (std::size_t i = 0; i < gammas.size(); ++i) {
    ChainRow row;
    row.gamma_bits = gammas[i];
    row.bound = out.bound.results[i].converse;
    row.dpsgd.resize(config.dpsgd_settings.size());

    // The codebook release, its per-block bound (eq 40) and its attack (paper §G.6).
    start = std::chrono::steady_clock::now();
    report(config, "codebooks", i, gammas.size());
    const Codebook* codebook = nullptr;
    double keep = 1.0;
    const bool has_codebook = codebook_release(row.gamma_bits, config, codebooks, row, codebook, keep, out.notes);
    out.timings.codebook_s += seconds_since(start);
    if (has_codebook) {
      start = std::chrono::steady_clock::now();
      const PerBlockBound blk = per_block_bound(
          coordinates, codebook->est_cells, release_channel(codebook->cell_counts.size(), keep), row.gamma_bits,
          trace, {.nu2 = config.block_nu2, .min_cell_records = config.min_cell_records, .threads = config.bound.threads});
      row.rho_blk = blk.rho;
      row.mean_gamma_b = blk.mean_gamma_b;
      out.timings.per_block_s += seconds_since(start);
      start = std::chrono::steady_clock::now();
      const CodebookAttack attack = codebook_attack(*codebook, keep, targets);
      row.codebook = estimate_attack(attack.squared_errors, trace, config.bootstrap, config.bound.seed ^ (0xb00u + i));
      out.timings.codebook_s += seconds_since(start);
    }

    // The prior-aware DP-SGD attack at the DP-SGD leakages (paper §G.5).
    const bool dpsgd_row = std::find(config.dpsgd_gammas.begin(), config.dpsgd_gammas.end(), row.gamma_bits) !=
                           config.dpsgd_gammas.end();
    if (dpsgd_row) {
      start = std::chrono::steady_clock::now();
      for (std::size_t s = 0; s < config.dpsgd_settings.size(); ++s) {
        report(config, fmt::format("DP-SGD attack at gamma = {} bits", row.gamma_bits), s,
               config.dpsgd_settings.size());
        const DpsgdSetting setting = config.dpsgd_settings[s];
        const bool figure = s == 0 && figure_targets > 0;
        double sigma = 0.0;
        try {
          sigma = sigma_for_gamma(registry, setting.q, setting.steps, row.gamma_bits);
        } catch (const InvalidInput& e) {  // a γ this setting cannot reach: the row stays without it
          out.notes.push_back(fmt::format("DP-SGD attack (q = {}, T = {}) at gamma = {} bits skipped: {}", setting.q,
                                          setting.steps, row.gamma_bits, e.what()));
          continue;
        }
        const DpsgdAttackResult attack =
            dpsgd_attack(shadow, targets,
                         {.q = setting.q, .steps = setting.steps, .sigma = sigma, .clip = config.clip,
                          .seed = config.bound.seed ^ (0xa77ac4u + 131 * i + s), .threads = config.bound.threads,
                          .keep_weights = figure});
        AttackEstimate estimate =
            estimate_attack(attack.squared_errors, trace, config.bootstrap, config.bound.seed ^ (0x5e0u + 131 * i + s));
        estimate.sigma = sigma;
        if (figure) {
          // The reconstruction as an image: the posterior weights applied to the shadow images.
          const auto f = static_cast<Eigen::Index>(figure_targets);
          out.figure_gammas.push_back(row.gamma_bits);
          out.figure_reconstructions.push_back(attack.weights.topRows(f) * shadow_images);
          out.figure_rho.emplace_back(estimate.rho_per_target.begin(),
                                      estimate.rho_per_target.begin() + static_cast<std::ptrdiff_t>(figure_targets));
        }
        row.dpsgd[s] = std::move(estimate);
      }
      out.timings.dpsgd_s += seconds_since(start);
    }
    out.rows.push_back(std::move(row));
  }
  report(config, "chain", gammas.size(), gammas.size());
  return out;
}

}  // namespace reconbound
