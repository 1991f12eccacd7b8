// The tightness chain ρ* ≤ … ≤ ρ of an attack (mathematics §9, paper eq 39): every attack row at
// the γs it reaches, then the certified bound at all of them.
#include "reconbound/chain.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <cmath>

#include "attack_items.hpp"
#include "chain_attacks.hpp"
#include "chain_figure.hpp"
#include "reconbound/bound_frame.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

namespace {

using chain::PreparedRow;

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void report(const ChainConfig& config, const std::string& stage, std::size_t done, std::size_t total) {
  if (config.run.progress != nullptr) config.run.progress->report(stage, done, total);
}

void check_config(const ChainData& data, const ChainConfig& config) {
  if (data.targets == nullptr || data.targets->rows() == 0) {
    throw InvalidInput("the chain needs at least one held-out target");
  }
  if (data.est == nullptr) throw InvalidInput("the chain needs D_est");
  if (config.attacks.empty()) throw InvalidInput("the chain needs at least one mechanism with an attack");
}

// The rows' γ: every attack row's, ascending, without repeats.
std::vector<double> row_gammas(const std::vector<PreparedRow>& rows) {
  std::vector<double> gammas;
  for (const PreparedRow& row : rows) gammas.insert(gammas.end(), row.gammas.begin(), row.gammas.end());
  std::sort(gammas.begin(), gammas.end());
  gammas.erase(std::unique(gammas.begin(), gammas.end()), gammas.end());
  if (gammas.empty()) throw InvalidInput("the chain needs at least one gamma to attack at");
  return gammas;
}

bool attacked_at(const PreparedRow& row, double gamma) {
  return std::find(row.gammas.begin(), row.gammas.end(), gamma) != row.gammas.end();
}

// Every attack at every γ it will run at, asked in the order they run, before any work.
void check_plans(const std::vector<PreparedRow>& rows, const std::vector<double>& gammas, const ChainData& data) {
  const auto n_est = static_cast<std::size_t>(data.est->rows());
  const auto n_shadow = data.shadow != nullptr ? static_cast<std::size_t>(data.shadow->rows()) : n_est;
  const auto n_targets = static_cast<std::size_t>(data.targets->rows());
  for (const double gamma : gammas) {
    for (const PreparedRow& row : rows) {
      if (attacked_at(row, gamma)) row.attack->check({gamma, n_est, n_shadow, n_targets});
    }
  }
}

}  // namespace

std::optional<double> find_detail(const AttackDetails& details, std::string_view name) {
  for (const auto& [key, value] : details) {
    if (key == name) return value;
  }
  return std::nullopt;
}

namespace {

// The error bound of each γ (0 where config lists none), in the order of `gammas`.
std::vector<double> gamma_errors(const ChainConfig& config, const std::vector<double>& gammas) {
  std::vector<double> out(gammas.size(), 0.0);
  for (const auto& [gamma, error] : config.gamma_errors_bits) {
    const auto at = std::find(gammas.begin(), gammas.end(), gamma);
    if (at == gammas.end()) {
      throw InvalidInput(fmt::format("an error bound is given for gamma = {} bits, which no attack row is run at", gamma));
    }
    out[static_cast<std::size_t>(at - gammas.begin())] = error;
  }
  return out;
}

// How many attacks the chain runs: every row at every γ it is attacked at.
std::size_t attack_count(const std::vector<PreparedRow>& rows, const std::vector<double>& gammas) {
  std::size_t total = 0;
  for (const double gamma : gammas) {
    total += static_cast<std::size_t>(
        std::count_if(rows.begin(), rows.end(), [&](const PreparedRow& row) { return attacked_at(row, gamma); }));
  }
  return total;
}

// A row's timing before any attack: no seconds, a part of 0 s per column of kind seconds.
ChainAttackTiming empty_timing(const PreparedRow& row) {
  ChainAttackTiming out;
  for (const AttackColumn& column : row.columns) {
    if (column.kind == AttackColumnKind::seconds) out.parts.emplace_back(column.detail, 0.0);
  }
  return out;
}

// Files the attack of row r (its estimate and release in `attack`) in its column of `row`, its
// notes in the report and its time (0 for one restored from a checkpoint: it took none in this
// run) in the row's timing, the parts its seconds columns name among them.
void file_attack(ChainReport& out, ChainRow& row, std::size_t r, AttackResult result, ChainAttack attack,
                 double seconds) {
  out.notes.insert(out.notes.end(), result.notes.begin(), result.notes.end());
  ChainAttackTiming& timing = out.timings.attacks[r];
  timing.seconds += seconds;
  for (auto& [name, part] : timing.parts) {
    if (!attack.restored) part += find_detail(result.details, name).value_or(0.0);
  }
  attack.details = std::move(result.details);
  row.attacks[r] = std::move(attack);
}

}  // namespace

ChainReport compute_chain(const Registry& registry, const ChainData& data, const ChainConfig& config) {
  check_config(data, config);
  const std::vector<PreparedRow> rows = chain::prepare_rows(registry, config);
  const std::vector<double> gammas = row_gammas(rows);
  check_plans(rows, gammas, data);
  check_bound_arguments(gammas, gamma_errors(config, gammas), config.bound);  // before the frame's work
  ChainReport out;
  for (const PreparedRow& row : rows) {
    out.attacks.push_back(chain::attack_info(row));
    out.timings.attacks.push_back(empty_timing(row));
  }
  auto start = std::chrono::steady_clock::now();
  const BoundFrame frame = make_bound_frame(registry, {data.perp, data.est, data.shape}, config.bound, config.run);
  out.timings.bound_s = seconds_since(start);
  const RecordShape record{data.shape, static_cast<std::size_t>(frame.est_features.cols())};
  chain::check_row_leakage(rows, record);

  const RowMatrix& shadow_images = data.shadow != nullptr ? *data.shadow : *data.est;
  const RowMatrix shadow = data.shadow != nullptr ? represent_in_frame(frame, *data.shadow, config.bound.threads)
                                                  : frame.est_features;
  const RowMatrix targets = represent_in_frame(frame, *data.targets, config.bound.threads);
  out.n_shadow = static_cast<std::size_t>(shadow.rows());
  out.n_targets = static_cast<std::size_t>(targets.rows());
  // Block b at k = 1 is coordinate b of U·Ψ(x) times sqrt(m_pad) (mathematics §4).
  const RowMatrix coordinates =
      frame.rotated_est * std::sqrt(static_cast<double>(frame.rotated_est.cols()));
  // The attacks' errors (and the links they report) are estimates of ρ: they are normalised by the
  // point estimate tr Σ̂, not by ρ*'s certified normaliser (mathematics §9).
  const AttackInput samples{.shadow = &shadow,
                            .est = &frame.est_features,
                            .rotated_est = &coordinates,
                            .targets = &targets,
                            .trace_sigma = frame.trace.trace,
                            .chain_seed = config.bound.seed,
                            .threads = config.bound.threads};
  const std::size_t figure_targets = std::min(config.figure_targets, out.n_targets);
  chain::FigureGrid figure(*data.targets, shadow_images, figure_targets);
  chain::AttackItems attacks(config.run.checkpoint, samples, figure_targets);

  const std::size_t total = attack_count(rows, gammas);
  std::size_t done = 0;
  for (std::size_t i = 0; i < gammas.size(); ++i) {
    ChainRow row;
    row.gamma_bits = gammas[i];
    row.attacks.resize(rows.size());
    for (std::size_t r = 0; r < rows.size(); ++r) {
      if (!attacked_at(rows[r], row.gamma_bits)) continue;
      report(config, fmt::format("{} attack at gamma = {} bits", rows[r].config->label, row.gamma_bits), done++,
             total);
      start = std::chrono::steady_clock::now();
      auto [result, restored] = attacks.run(rows[r], r, row.gamma_bits, i, figure.wants(r));
      const std::optional<double> release = chain::checked_release_gamma(rows[r], row.gamma_bits, result, record);
      std::optional<AttackEstimate> estimate;
      if (!result.squared_errors.empty()) {
        estimate = estimate_attack(result.squared_errors, frame.trace.trace, config.bootstrap,
                                   chain::bootstrap_seed(rows[r], config.bound.seed, i));
        figure.add(r, row.gamma_bits, result.weights, *estimate);
      }
      file_attack(out, row, r, std::move(result), {std::move(estimate), {}, release, restored},
                  restored ? 0.0 : seconds_since(start));
    }
    out.rows.push_back(std::move(row));
  }
  if (attacks.restored() > 0) {
    report(config, fmt::format("checkpoint: {} of {} attacks restored", attacks.restored(), total), 1, 1);
  }

  start = std::chrono::steady_clock::now();
  out.bound = compute_bound(registry, frame, gammas, config.bound, config.run, gamma_errors(config, gammas));
  out.timings.bound_s += seconds_since(start);
  for (std::size_t i = 0; i < gammas.size(); ++i) out.rows[i].bound = out.bound.results[i].converse;
  out.violations = chain_violations(out);
  figure.write_to(out);
  report(config, "chain", total, total);
  return out;
}

}  // namespace reconbound
