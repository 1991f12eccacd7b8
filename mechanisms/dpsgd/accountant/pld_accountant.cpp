// The PLD/PRV accountant (mathematics §8): discretise, compose by FFT, bound the errors.
#include "pld_accountant.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <boost/math/special_functions/erf.hpp>
#include <cmath>
#include <future>
#include <map>
#include <optional>

#include "composed_loss.hpp"
#include "direct_composition.hpp"
#include "gaussian_mechanism.hpp"
#include "golden_section.hpp"
#include "privacy_loss.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

namespace {

using detail::ComposedLoss;
using detail::Direction;
using detail::StepGroup;

constexpr double kMaxEpsilon = 200.0;
constexpr double kCoarseCellsPerStep = 2000.0;
// Each neglected probability (Hoeffding tail, truncated Gaussian tails, numerical error) is
// kept below this fraction of δ, so that it moves ε by far less than the grid does.
constexpr double kDeltaFraction = 1e-3;
// compute_delta: the Hoeffding tail probability (an absolute term in the bounds on δ).
constexpr double kDeltaQueryHoeffdingTail = 1e-20;
constexpr double kDeltaQueryTruncation = 1e-22;
// Direct composition (mathematics §8.4) where the FFT cannot resolve δ: at most this many
// multiply-adds (about 0.3 s; two steps of ≈ 20,000 cells at the default epsilon error).
constexpr double kDirectCompositionBudget = 4e8;

// Identical (q, σ) steps compose in any order: merge them across segments and runs.
std::vector<StepGroup> group_steps(const Schedule& schedule) {
  std::map<std::pair<double, double>, double> steps;
  for (const auto& run : schedule.runs) {
    for (const auto& s : run.segments) steps[{s.q, s.sigma}] += static_cast<double>(s.steps);
  }
  std::vector<StepGroup> groups;
  for (const auto& [key, count] : steps) groups.push_back({key.first, key.second, count, {}});
  return groups;
}

double total_steps(const std::vector<StepGroup>& groups) {
  double t = 0.0;
  for (const auto& g : groups) t += g.steps;
  return t;
}

// z such that each step's truncated tails carry ≤ 2Φ(−z) = budget/T.
double truncation_z(double budget, double steps) {
  return std::sqrt(2.0) * boost::math::erfc_inv(std::min(1.0, budget / steps));
}

void discretise(std::vector<StepGroup>& groups, Direction direction, double grid_step, double z) {
  for (auto& g : groups) g.loss = detail::discretise_loss(g.q, g.sigma, direction, grid_step, z);
}

// A grid step with about kCoarseCellsPerStep cells for the widest step (to choose λ).
double coarse_grid_step(const std::vector<StepGroup>& groups, Direction direction, double z) {
  double width = 0.0;
  for (const auto& g : groups) {
    const auto r = detail::loss_range(g.q, g.sigma, direction, z);
    width = std::max(width, r.highest - r.lowest);
  }
  return std::max(width, 1e-12) / kCoarseCellsPerStep;
}

double total_log_mgf(const std::vector<StepGroup>& groups, double grid_step, double lambda) {
  double k = 0.0;
  for (const auto& g : groups) k += g.steps * detail::log_mgf(g.loss, grid_step, lambda);
  return k;
}

// The tilt for ε(δ): the minimiser of the Chernoff bound ε ≤ (K(λ) + ln(1/δ))/λ, so the
// tilted sum is centred near ε. Returns λ and that bound.
std::pair<double, double> tilt_for_delta(const std::vector<StepGroup>& coarse, double grid_step,
                                         double delta) {
  auto bound = [&](double lambda) {
    return (total_log_mgf(coarse, grid_step, lambda) - std::log(delta)) / lambda;
  };
  const double lambda = detail::argmin_log_spaced(bound, 1e-4, 1e3, 60);
  return {lambda, bound(lambda)};
}

// The tilt for δ(ε): the minimiser of K(λ) − λε over λ ≥ 0 (0 when ε is below the mean).
double tilt_for_epsilon(const std::vector<StepGroup>& coarse, double grid_step, double epsilon) {
  auto exponent = [&](double lambda) {
    return total_log_mgf(coarse, grid_step, lambda) - lambda * epsilon;
  };
  const double lambda = detail::argmin_log_spaced(exponent, 1e-6, 1e3, 60);
  return exponent(lambda) < 0.0 ? lambda : 0.0;
}

// Mean offset M = Σ steps·(E[Y] − E[rounded Y]) and its error, nats.
std::pair<double, double> mean_offset(const std::vector<StepGroup>& groups) {
  double m = 0.0;
  double err = 0.0;
  for (const auto& g : groups) {
    m += g.steps * g.loss.bias;
    err += g.steps * g.loss.bias_error;
  }
  return {m, err};
}

double truncated_mass(const std::vector<StepGroup>& groups) {
  double t = 0.0;
  for (const auto& g : groups) t += g.steps * g.loss.tail_mass;
  return t;
}

// Hoeffding (Gopi et al. Thm 5.5): the rounding errors D_i ∈ [−Δ/2, Δ/2] are independent,
// so P(|ΣD − M| ≥ t) ≤ e^{−2t²/(TΔ²)} each side; t for a tail probability `tail`.
double hoeffding_shift(double steps, double grid_step, double tail) {
  return grid_step * std::sqrt(steps * std::log(1.0 / tail) / 2.0);
}

struct DirectionEpsilon {
  double estimate;
  double lower;
  double upper;
  double grid_step;
  std::size_t fft_size;
};

// The accountant's steps, reported to options.progress as they finish, from either direction's
// thread: per direction the discretisation and each composition (a retry with a smaller window
// tail adds one).
class StepReporter {
 public:
  explicit StepReporter(Progress* progress) : progress_(progress) { report(0); }
  void step() { report(++done_); }

 private:
  static constexpr const char* kStage = "accountant: privacy-loss distributions";
  static constexpr std::size_t kSteps = 4;  // two directions, each discretised and composed once
  void report(std::size_t done) {
    if (progress_ != nullptr) progress_->report(kStage, done, std::max(kSteps, done));
  }
  Progress* progress_;
  std::atomic<std::size_t> done_{0};
};

// What turns a composition's δ̂ into a bracket on ε (mathematics §8.1): the grid's Hoeffding
// shift t, the mean offset and its error, the truncated mass, η and the tilt λ.
struct BracketTerms {
  double delta;
  double eta;
  double t;
  double offset;
  double offset_error;
  double truncation;
  double grid_step;
  double lambda;
};

// The bracket on ε from one composition, or nullopt when its numerical error exceeds η or the
// lower bound falls below the point where that error was evaluated.
std::optional<DirectionEpsilon> epsilon_from(const ComposedLoss& composed, const BracketTerms& b) {
  const double estimate = composed.epsilon_at(b.delta);
  if (std::isinf(estimate)) return DirectionEpsilon{0.0, 0.0, 0.0, b.grid_step, composed.fft_size()};
  // Upper: δ(ε) ≤ δ̂(ε − M − t) + num + η + trunc; lower: δ(ε) ≥ (1 − trunc)(δ̂(ε − M + t) − num − η).
  // δ̂ is read at e_up (or at −M − shift when the upper bound clamps to 0) and at e_lo
  // (when the lower bound is positive); the numerical error, decreasing in e, is
  // evaluated below all of them.
  const double shift = b.t + b.offset_error;
  const double floor_point = std::max(estimate - 2.0 * b.t - std::min(0.05, 1.0 / b.lambda),
                                      -b.offset - shift - b.grid_step);
  const double num = composed.numerical_error(floor_point);
  if (num > b.eta) return std::nullopt;
  const double upper_target = b.delta - b.eta - num - b.truncation;
  const double lower_target = b.delta / (1.0 - b.truncation) + b.eta + num;
  const double e_up = composed.epsilon_at(upper_target);
  const double e_lo = composed.epsilon_at(lower_target);
  if (e_lo < floor_point && e_lo + b.offset - shift > 0.0) return std::nullopt;
  // The walk's last steps (a logarithm, additions) and the sums here round by a few ulps of the
  // magnitudes involved: 8u of them widens each end (§8.1).
  const double ulps = 8.0 * 0x1p-53 * (std::abs(b.offset) + shift + 1.0);
  return DirectionEpsilon{std::max(0.0, estimate + b.offset),
                          std::max(0.0, e_lo + b.offset - shift - ulps - 8.0 * 0x1p-53 * std::abs(e_lo)),
                          std::max(0.0, e_up + b.offset + shift + ulps + 8.0 * 0x1p-53 * std::abs(e_up)), b.grid_step,
                          composed.fft_size()};
}

// A direct composition's bracket (mathematics §8.4): ε by bisection on delta_at, whose error
// delta_at_error is relative to δ̂ itself, so that δ is resolved even where ε is near 0 and the
// walk's error (relative to the mass above ε) is not. e_up: the smallest e with δ̂ + error ≤
// δ − η − trunc; e_lo: the largest with δ̂ − error ≥ δ/(1 − trunc) + η. nullopt when δ − η − trunc ≤ 0.
std::optional<DirectionEpsilon> epsilon_by_bisection(const ComposedLoss& composed, const BracketTerms& b,
                                                     double lowest, double highest) {
  const double upper_target = b.delta - b.eta - b.truncation;
  const double lower_target = b.delta / (1.0 - b.truncation) + b.eta;
  if (!(upper_target > 0.0)) return std::nullopt;
  auto bisect = [&](auto holds_at_low) {  // the boundary of a predicate true below it, false above
    double lo = lowest;
    double hi = highest;
    for (int i = 0; i < 200 && hi - lo > 1e-13 * (std::abs(lo) + std::abs(hi) + 1.0); ++i) {
      const double mid = 0.5 * (lo + hi);
      (holds_at_low(mid) ? lo : hi) = mid;
    }
    return std::pair{lo, hi};
  };
  const double e_up = bisect([&](double e) {
    return composed.delta_at(e) + composed.delta_at_error(e) > upper_target;
  }).second;
  const double e_lo = bisect([&](double e) {
    return composed.delta_at(e) - composed.delta_at_error(e) >= lower_target;
  }).first;
  const double shift = b.t + b.offset_error;
  const double ulps = 8.0 * 0x1p-53 * (std::abs(b.offset) + shift + std::abs(e_up) + std::abs(e_lo) + 1.0);
  const double lower = std::max(0.0, e_lo + b.offset - shift - ulps);
  const double upper = std::max(0.0, e_up + b.offset + shift + ulps);
  const double estimate = std::clamp(composed.epsilon_at(b.delta) + b.offset, lower, upper);
  return DirectionEpsilon{estimate, lower, upper, b.grid_step, composed.fft_size()};
}

// Past the FFT (mathematics §8.4): direct composition when it costs at most
// kDirectCompositionBudget, else the refusal naming that limit.
DirectionEpsilon epsilon_by_direct_composition(const std::vector<StepGroup>& groups, const BracketTerms& terms) {
  const double cost = detail::direct_composition_cost(groups);
  if (cost <= kDirectCompositionBudget) {
    const detail::DirectComposition direct = detail::compose_directly(groups);
    const ComposedLoss composed(direct, terms.grid_step);
    // e from below every cell (δ̂ → 1 there, at e − 50 far below δ's range) to the last cell.
    const double lowest = static_cast<double>(direct.first_cell - 1) * terms.grid_step - 50.0;
    const double highest = static_cast<double>(direct.first_cell + static_cast<std::int64_t>(direct.pmf.size())) *
                           terms.grid_step;
    if (const auto r = epsilon_by_bisection(composed, terms, lowest, highest)) return *r;
    throw NumericalError(fmt::format(
        "the accountant could not resolve delta = {:g} for this schedule: its truncated tails carry "
        "more than delta - 1e-3*delta; a larger delta would work", terms.delta));
  }
  throw NumericalError(fmt::format(
      "the accountant could not resolve delta = {:g} for this schedule: the FFT composition's "
      "round-off exceeds 1e-3*delta = {:g}, and composing its {:g} steps directly would take {:.3g} "
      "multiply-adds (the limit is {:.0e}); a larger delta or a larger epsilon error would work",
      terms.delta, terms.eta, total_steps(groups), cost, kDirectCompositionBudget));
}

DirectionEpsilon epsilon_one_direction(std::vector<StepGroup> groups, Direction direction,
                                       double delta, const AccountantOptions& options, StepReporter& steps_done) {
  const double steps = total_steps(groups);
  const double eta = kDeltaFraction * delta;
  const double z = truncation_z(eta / 10.0, steps);
  const double coarse_step = coarse_grid_step(groups, direction, z);
  std::vector<StepGroup> coarse = groups;
  discretise(coarse, direction, coarse_step, z);
  const auto [lambda, chernoff_epsilon] = tilt_for_delta(coarse, coarse_step, delta);
  // Width 2t = max(ε error, relative error·ε): Δ = width / sqrt(2T ln(1/η)).
  const double width = options.target_width(std::max(0.0, chernoff_epsilon));
  const double grid_step = width / std::sqrt(2.0 * steps * std::log(1.0 / eta));
  discretise(groups, direction, grid_step, z);
  steps_done.step();
  const auto [offset, offset_error] = mean_offset(groups);
  const BracketTerms terms{delta, eta, hoeffding_shift(steps, grid_step, eta), offset, offset_error,
                           truncated_mass(groups), grid_step, lambda};
  for (double tail = 1e-12; tail >= 1e-60; tail *= 1e-12) {
    const ComposedLoss composed(groups, grid_step, coarse, coarse_step, lambda, tail);
    steps_done.step();
    if (const auto r = epsilon_from(composed, terms)) return *r;
  }
  return epsilon_by_direct_composition(groups, terms);
}

struct DirectionDelta {
  double estimate;
  double lower;
  double upper;
};

DirectionDelta delta_one_direction(std::vector<StepGroup> groups, Direction direction,
                                   double epsilon, const AccountantOptions& options) {
  const double steps = total_steps(groups);
  const double z = truncation_z(kDeltaQueryTruncation, steps);
  const double coarse_step = coarse_grid_step(groups, direction, z);
  std::vector<StepGroup> coarse = groups;
  discretise(coarse, direction, coarse_step, z);
  const double lambda = tilt_for_epsilon(coarse, coarse_step, epsilon);
  const double width = options.target_width(epsilon);
  const double grid_step =
      width / std::sqrt(2.0 * steps * std::log(1.0 / kDeltaQueryHoeffdingTail));
  discretise(groups, direction, grid_step, z);
  const double t = hoeffding_shift(steps, grid_step, kDeltaQueryHoeffdingTail);
  const auto [offset, offset_error] = mean_offset(groups);
  const double truncation = truncated_mass(groups);
  const double shift = t + offset_error;
  const ComposedLoss composed(groups, grid_step, coarse, coarse_step, lambda, 1e-30);
  const double at_upper = epsilon - offset - shift;
  const double at_lower = epsilon - offset + shift;
  const double upper = composed.delta_at(at_upper) + composed.numerical_error(at_upper) +
                       kDeltaQueryHoeffdingTail + truncation;
  const double lower = (1.0 - truncation) * (composed.delta_at(at_lower) -
                                             composed.numerical_error(at_lower) -
                                             kDeltaQueryHoeffdingTail);
  return {composed.delta_at(epsilon - offset), std::max(0.0, lower), std::min(1.0, upper)};
}

}  // namespace

void check_accountant_schedule(const Schedule& schedule) {
  if (schedule.runs.empty()) throw InvalidInput("the schedule has no runs");
  double total = 0.0;
  for (std::size_t r = 0; r < schedule.runs.size(); ++r) {
    const auto& run = schedule.runs[r];
    if (run.segments.empty()) throw InvalidInput(fmt::format("run {} has no segments", r + 1));
    for (std::size_t i = 0; i < run.segments.size(); ++i) {
      const auto& s = run.segments[i];
      const auto where = fmt::format("run {} segment {}", r + 1, i + 1);
      const auto problem = segment_problem(s.q, s.sigma, static_cast<double>(s.steps), SegmentNaming::fields);
      if (!problem.empty()) throw InvalidInput(fmt::format("{}: {}", where, problem));
      if (!(s.sigma >= 0.1 && s.sigma <= 1000.0)) {
        throw InvalidInput(fmt::format(
            "{}: sigma = {} is outside [0.1, 1000], the range the accountant supports", where,
            s.sigma));
      }
      total += static_cast<double>(s.steps);
    }
  }
  if (total > 1e9) throw InvalidInput(fmt::format("{} steps in all; the accountant takes <= 1e9", total));
}

namespace {

// μ = sqrt(Σ steps/σ²) when every step has q = 1 (the composed Gaussian mechanism, §8.3), else 0.
double gaussian_mechanism_mu(const std::vector<StepGroup>& groups) {
  double mu2 = 0.0;
  for (const auto& g : groups) {
    if (g.q != 1.0) return 0.0;
    mu2 += g.steps / (g.sigma * g.sigma);
  }
  return std::sqrt(mu2);
}

// The add direction's loss −ln(1 − q + q·e^u) is < ln(1/(1 − q)) for every x, so its composition
// never exceeds Σ steps·ln(1/(1 − q)) and its ε(δ) is below that for every δ > 0 (§8.4).
double add_direction_cap(const std::vector<StepGroup>& groups) {
  double cap = 0.0;
  for (const auto& g : groups) cap += g.steps * -std::log1p(-g.q);
  return cap;
}

EpsilonResult gaussian_mechanism_result(double mu, double delta) {
  const detail::Bracket b = detail::gaussian_mechanism_epsilon(mu, delta);
  EpsilonResult out;
  out.delta = delta;
  out.epsilon = b.estimate;
  out.epsilon_lower = b.lower;
  out.epsilon_upper = b.upper;
  out.binding_direction = "remove";  // both directions have the same profile at q = 1
  return out;
}

void check_epsilon_query(const Schedule& schedule, double delta, const AccountantOptions& options) {
  check_accountant_schedule(schedule);
  if (!(delta >= kMinDelta && delta < 1.0)) {
    throw InvalidInput(fmt::format("delta = {} is outside [1e-15, 1)", delta));
  }
  if (!(options.epsilon_error > 0.0) || !(options.relative_epsilon_error >= 0.0)) {
    throw InvalidInput("the epsilon error must be > 0");
  }
}

}  // namespace

EpsilonResult compute_epsilon(const Schedule& schedule, double delta,
                              const AccountantOptions& options) {
  check_epsilon_query(schedule, delta, options);
  const auto groups = group_steps(schedule);
  if (const double mu = gaussian_mechanism_mu(groups); mu > 0.0) return gaussian_mechanism_result(mu, delta);
  EpsilonResult out;
  out.delta = delta;
  // The two directions are independent: the add direction on a second thread (its reports to
  // options.progress come from that thread, where they never throw; a Cancelled from the
  // remove direction's waits for it to end).
  StepReporter steps_done(options.progress);
  auto add = std::async(std::launch::async,
                        [&] { return epsilon_one_direction(groups, Direction::add, delta, options, steps_done); });
  const DirectionEpsilon remove = epsilon_one_direction(groups, Direction::remove, delta, options, steps_done);
  DirectionEpsilon add_result{};
  try {
    add_result = add.get();
  } catch (const NumericalError&) {
    // An unresolved add direction is bounded by its cap; below the remove direction's ε_lower
    // it cannot change the maximum (§8.4).
    const double cap = add_direction_cap(groups);
    if (!(cap <= remove.lower)) throw;
    add_result = {0.0, 0.0, cap, remove.grid_step, 0};
  }
  const DirectionEpsilon both[] = {remove, add_result};
  for (Direction d : {Direction::remove, Direction::add}) {
    const DirectionEpsilon& e = both[d == Direction::remove ? 0 : 1];
    if (out.binding_direction.empty() || e.upper > out.epsilon_upper) {
      out.binding_direction = d == Direction::remove ? "remove" : "add";
    }
    out.epsilon = std::max(out.epsilon, e.estimate);
    out.epsilon_lower = std::max(out.epsilon_lower, e.lower);
    out.epsilon_upper = std::max(out.epsilon_upper, e.upper);
    out.grid_step = std::max(out.grid_step, e.grid_step);
    out.fft_size = std::max(out.fft_size, e.fft_size);
  }
  out.epsilon = std::clamp(out.epsilon, out.epsilon_lower, out.epsilon_upper);
  return out;
}

DeltaResult compute_delta(const Schedule& schedule, double epsilon,
                          const AccountantOptions& options) {
  check_accountant_schedule(schedule);
  if (!(epsilon >= 0.0 && epsilon <= kMaxEpsilon)) {
    throw InvalidInput(fmt::format("epsilon = {} is outside [0, {}]", epsilon, kMaxEpsilon));
  }
  const auto groups = group_steps(schedule);
  DeltaResult out;
  out.epsilon = epsilon;
  if (const double mu = gaussian_mechanism_mu(groups); mu > 0.0) {
    const detail::Bracket b = detail::gaussian_mechanism_delta(mu, epsilon);
    out.delta = b.estimate;
    out.delta_lower = b.lower;
    out.delta_upper = b.upper;
    return out;
  }
  for (Direction d : {Direction::remove, Direction::add}) {
    const DirectionDelta r = delta_one_direction(groups, d, epsilon, options);
    out.delta = std::max(out.delta, r.estimate);
    out.delta_lower = std::max(out.delta_lower, r.lower);
    out.delta_upper = std::max(out.delta_upper, r.upper);
  }
  return out;
}

}  // namespace reconbound
