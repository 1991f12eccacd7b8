#include "codebook_reconstruction.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "binary_entropy.hpp"
#include "codebook.hpp"
#include "per_block_bound.hpp"
#include "reconbound/error.hpp"

namespace reconbound::codebook {

namespace {

constexpr double kMaxBits = 30;  // as fit_codebook: M = 2^R must fit OpenCV's cluster count

// A rate R ≥ 1 a deterministic codebook releases: γ = R whole bits.
bool whole_bits(double gamma) { return gamma >= 1.0 && gamma == std::floor(gamma); }

// On average a cell holds n_est / 2^R records: below the per-block bound's minimum no codebook
// of that rate can serve (mathematics §9).
void check_rate(unsigned bits, std::size_t n_est, std::size_t min_cell_records) {
  const std::size_t cells = std::size_t{1} << bits;
  if (n_est < cells * min_cell_records) {
    throw InvalidInput(fmt::format("R = {} gives {} cells for {} estimation records; the per-block bound needs >= {} "
                                   "records per cell (use fewer bits or more data)",
                                   bits, cells, n_est, min_cell_records));
  }
}

// The note when a release cell of the fitted codebook holds fewer estimation records than the
// per-block bound needs; empty when every cell holds enough.
std::optional<std::string> thin_cell_note(const Codebook& codebook, unsigned bits, std::size_t min_cell_records) {
  const auto thinnest = std::min_element(codebook.cell_counts.begin(), codebook.cell_counts.end());
  if (*thinnest >= min_cell_records) return std::nullopt;
  return fmt::format("codebook R = {} skipped: its release cell {} holds {} estimation records, fewer than the {} "
                     "the per-block bound needs",
                     bits, thinnest - codebook.cell_counts.begin(), *thinnest, min_cell_records);
}

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

}  // namespace

ReleaseAttackSettings release_attack_settings(const Params& params) {
  ReleaseAttackSettings out;
  out.nu2 = params.get_double("nu2", out.nu2);
  if (!(out.nu2 > 0.0)) throw InvalidInput(fmt::format("codebook: nu2 = {} must be > 0", out.nu2));
  const std::int64_t min_cell = params.get_int("min_cell_records", static_cast<std::int64_t>(out.min_cell_records));
  if (min_cell < 1) throw InvalidInput(fmt::format("codebook: min_cell_records = {} must be >= 1", min_cell));
  out.min_cell_records = static_cast<std::size_t>(min_cell);
  return out;
}

AttackDetails CodebookReconstruction::settings() const {
  return {{"nu2", settings_.nu2}, {"min_cell_records", static_cast<double>(settings_.min_cell_records)}};
}

AttackReach CodebookReconstruction::reach() const { return {.gammas_below = 1.0, .rates = true}; }

std::vector<AttackColumn> CodebookReconstruction::columns() const {
  return {{"codebook_bits", "the release's rate R (bits; 1 for the two-cell codebook below one bit)",
           AttackColumnKind::whole_number},
          {"keep_probability", "the binary symmetric channel's keep probability p (below one bit)",
           AttackColumnKind::number},
          {"realised_entropy_bits", "H(Q) of the deterministic release on D_est (bits)", AttackColumnKind::number},
          {"rho_blk", "the per-block bound of the release (eq 40)", AttackColumnKind::link},
          {"mean_gamma_b", "the mean per-coordinate leakage gamma_b (bits)", AttackColumnKind::number},
          {"per_block_seconds", "time of the per-block bound", AttackColumnKind::seconds}};
}

void CodebookReconstruction::check(const AttackPlan& plan) const {
  if (settings_.rate_given) {
    throw InvalidInput("codebook: its attack releases R = gamma bits (or, below one bit, gamma through a binary "
                       "symmetric channel); give it no bits= or gamma=");
  }
  const double gamma = plan.gamma_bits;
  if (gamma >= 1.0 && !whole_bits(gamma)) return;  // no release leaks γ: reconstruct() notes it
  if (gamma > kMaxBits) {
    throw InvalidInput(fmt::format("codebook: R = {} bits is more than the {} a codebook supports", gamma, kMaxBits));
  }
  check_rate(whole_bits(gamma) ? static_cast<unsigned>(gamma) : 1, plan.n_est, settings_.min_cell_records);
}

AttackResult CodebookReconstruction::reconstruct(const AttackInput& input) const {
  const double gamma = input.gamma_bits;
  const auto n_est = static_cast<std::size_t>(input.est->rows());
  check({gamma, n_est, static_cast<std::size_t>(input.shadow->rows()), static_cast<std::size_t>(input.targets->rows())});
  AttackResult out;
  // R = γ bits (γ = H(Q) ≤ R charged), or below one bit the two-cell codebook through the BSC.
  const bool whole = whole_bits(gamma);
  if (gamma >= 1.0 && !whole) {
    out.notes.push_back(fmt::format("codebook at gamma = {} bits skipped: above one bit its releases leak whole bits",
                                    gamma));
    return out;
  }
  const unsigned bits = whole ? static_cast<unsigned>(gamma) : 1;
  const Codebook fitted = fit_codebook(*input.shadow, *input.est,
                                       {.bits = bits,
                                        .seed = settings_.seed.value_or(input.chain_seed) ^ (0xc0deb00cu + bits),
                                        .threads = input.threads,
                                        .min_cell_records = 0});
  if (const auto note = thin_cell_note(fitted, bits, settings_.min_cell_records)) {
    out.notes.push_back(*note);
    return out;
  }
  double keep = 1.0;
  if (whole) {
    out.details = {{"codebook_bits", bits}, {"realised_entropy_bits", fitted.realised_entropy_bits}};
  } else {
    const double f0 = static_cast<double>(fitted.cell_counts[0]) / static_cast<double>(fitted.est_cells.size());
    if (gamma > binary_entropy_bits(f0)) return out;  // beyond H_b(f0): no keep probability reaches γ
    keep = bsc_keep_probability(f0, gamma);
    out.details = {{"codebook_bits", 1}, {"keep_probability", keep}};
  }
  const auto start = std::chrono::steady_clock::now();
  const PerBlockBound blk = per_block_bound(*input.rotated_est, fitted.est_cells,
                                            release_channel(fitted.cell_counts.size(), keep), gamma, input.trace_sigma,
                                            {.nu2 = settings_.nu2, .min_cell_records = settings_.min_cell_records,
                                             .threads = input.threads});
  out.details.insert(out.details.end(), {{"rho_blk", blk.rho}, {"mean_gamma_b", blk.mean_gamma_b},
                                         {"per_block_seconds", seconds_since(start)}});
  out.squared_errors = codebook_attack(fitted, keep, *input.targets).squared_errors;
  return out;
}

}  // namespace reconbound::codebook
