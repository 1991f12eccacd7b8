#pragma once
// Noise calibration (mathematics §8), for any mechanism that honours MechanismInput::noise_scale
// (needs().noise_scale): the smallest factor c on the mechanism's noise (every σ it adds
// becomes c·σ) that meets a privacy target — a target ε through the mechanism's accountant,
// or a largest admissible γ through its leakage — by safeguarded secant steps on ln c from a
// start a coarse accountant places (mathematics §8.2). With a schedule-driven mechanism and a
// schedule whose σ is 1 everywhere, c is the common noise multiplier.
#include <cstdint>
#include <functional>
#include <string>

#include "reconbound/accountant.hpp"
#include "reconbound/export.hpp"
#include "reconbound/mechanism.hpp"
#include "reconbound/progress.hpp"

namespace reconbound {

struct CalibrationOptions {
  // The returned σ is within this relative distance above the exact threshold σ*:
  // σ* ≤ σ ≤ σ*·(1 + sigma_tolerance) (up to the monotonicity of the criterion).
  double sigma_tolerance = 1e-4;
  // The range of every noise standard deviation c·σ (for a schedule: of every segment's);
  // noise_scale_range turns it into the range of c.
  double sigma_min = 0.1;
  double sigma_max = 1000.0;
  AccountantOptions accountant;
  // Told of every evaluation of the criterion (stage "calibrating sigma", in evaluations); its
  // report() may throw Cancelled, which stops the search between two evaluations.
  Progress* progress = nullptr;
};

struct EpsilonCalibration {
  double sigma = 0.0;      // the factor c with epsilon.epsilon_upper ≤ target: never overshoots
  EpsilonResult epsilon;   // ε bounds at sigma
  int evaluations = 0;     // accountant runs at the requested precision
  int coarse_evaluations = 0;  // cheaper runs that placed the first of them (mathematics §8.2)
  bool at_sigma_min = false;  // every c of the range meets the target: sigma is the range's floor
  // Factors below sigma that the accountant could not evaluate (NumericalError) count as failing
  // the target, so where one lies above every factor evaluated as failing, the factors from
  // there to it are undecided: one of them might meet the target, and sigma might not be the
  // smallest (mathematics §8.2). [undecided_sigma_min, undecided_sigma_max]; both 0 when none.
  double undecided_sigma_min = 0.0;
  double undecided_sigma_max = 0.0;
};

struct GammaCalibration {
  double sigma = 0.0;         // the smallest factor c (to sigma_tolerance) with γ(c) + its
                              // error bound ≤ the budget
  double gamma_bits = 0.0;    // γ at sigma
  double gamma_error_bits = 0.0;  // the mechanism's numerical error bound on it
  bool at_sigma_min = false;  // every c of the range leaks at most the budget: sigma is its floor
};

// The mechanism's accountant. Throws InvalidInput "mechanism NAME provides no (epsilon, delta)
// accounting" when it has none.
RECONBOUND_API const PrivacyAccountant& require_accountant(const Mechanism& mechanism,
                                                           const std::string& name);

// The accountant's ε at δ for `input`, checked where it crosses the plugin boundary: ε,
// ε_lower and ε_upper finite, ≥ 0 and ordered, ε_lower ≤ ε ≤ ε_upper (mathematics §8).
// PluginError naming the mechanism `name` otherwise, before any number of it is used.
RECONBOUND_API EpsilonResult checked_epsilon(const PrivacyAccountant& accountant, const std::string& name,
                                             const MechanismInput& input, double delta,
                                             const AccountantOptions& options);

// Throws InvalidInput "mechanism NAME has no noise to calibrate" unless needs().noise_scale.
RECONBOUND_API void require_noise_scale(const Mechanism& mechanism, const std::string& name);

// The search range of the factor c for `input` (its noise_scale is ignored): every noise
// standard deviation within [sigma_min, sigma_max] — with a schedule every c·σ_i
// (noise_scale_options), otherwise c itself — narrowed to the c at which the mechanism
// computes its leakage (accepted_sigma_range), so no search steps outside the σ a mechanism
// supports (e.g. [0.1, 100]). Throws InvalidInput (require_noise_scale) for a mechanism
// without noise, and the mechanism's own InvalidInput when it refuses c = 1 clamped into the range.
RECONBOUND_API CalibrationOptions noise_scale_range(const std::string& name, const Mechanism& mechanism,
                                                    const MechanismInput& input,
                                                    const CalibrationOptions& options);

// The smallest c in `range` (from noise_scale_range) whose ε at δ, by the mechanism's
// accountant, has ε_upper ≤ target_epsilon. Throws InvalidInput (require_accountant) for a
// mechanism without accounting, for a target outside (0, 200], and when even range.sigma_max
// does not reach the target.
RECONBOUND_API EpsilonCalibration calibrate_noise_scale_for_epsilon(
    const std::string& name, const Mechanism& mechanism, const MechanismInput& input,
    double target_epsilon, double delta, const CalibrationOptions& range);

// The smallest c in `range` (from noise_scale_range) whose leakage plus its error bound is ≤
// max_gamma_bits: the largest admissible γ of a target ρ* (eq 14) turns into a noise factor. Throws InvalidInput
// for a budget ≤ 0 and when even range.sigma_max leaks more.
RECONBOUND_API GammaCalibration calibrate_noise_scale_for_gamma(const Mechanism& mechanism,
                                                                const MechanismInput& input,
                                                                double max_gamma_bits,
                                                                const CalibrationOptions& range);

// The search range of the factor c for a schedule's shape: every c·σ_i within
// [sigma_min, sigma_max]. Throws InvalidInput for an empty shape or one whose σ ratio leaves no room.
RECONBOUND_API CalibrationOptions noise_scale_options(const Schedule& shape,
                                                      const CalibrationOptions& options);

// The smallest σ (to sigma_tolerance) with gamma_bits_of_sigma(σ) ≤ max_gamma_bits, for a
// criterion decreasing in σ. Throws InvalidInput for a budget ≤ 0.
RECONBOUND_API double calibrate_sigma_for_gamma(const std::function<double(double)>& gamma_bits_of_sigma,
                                                double max_gamma_bits, const CalibrationOptions& options = {});

// A criterion decreasing in σ, for smallest_sigma_meeting.
struct ThresholdCriterion {
  // The certified value at σ: the answer has value(σ) ≤ target. NaN or +∞ where it cannot be
  // computed: that σ fails.
  std::function<double(double)> value;
  // Optional: a cheap approximation of value. It only places the first evaluation of value,
  // so its errors cost evaluations, never correctness.
  std::function<double(double)> guess;
  double target = 0.0;
  const char* what = "target";              // in errors: "no sigma <= 100 reaches the target"
  const char* stage = "calibrating sigma";  // the progress stage, in evaluations of value
};

struct ThresholdAnswer {
  double sigma = 0.0;        // value(sigma) ≤ target was evaluated; exactly sigma_min when it holds there
  int evaluations = 0;       // of value
  int guesses = 0;           // of guess
  bool at_sigma_min = false;
};

// The smallest σ in [sigma_min, sigma_max], to sigma_tolerance, with value(σ) ≤ target, for a
// value decreasing in σ (mathematics §8.2): value was evaluated ≤ target at the answer and
// above it at a σ within sigma_tolerance below (unless the answer is sigma_min). Secant steps
// on ln value against ln σ, inside the bracket of evaluated points, from the guess's own
// threshold; bisection where they stall. Throws InvalidInput for a target ≤ 0 and when
// value(sigma_max) > target; reports to options.progress before each evaluation of value.
RECONBOUND_API ThresholdAnswer smallest_sigma_meeting(const ThresholdCriterion& criterion,
                                                      const CalibrationOptions& options);

// The generic search by bisection: the smallest σ in [sigma_min, sigma_max], to sigma_tolerance, with
// ok(σ) true, for ok monotone (false below a threshold, true above). Returns an σ at which
// ok was evaluated true; exactly sigma_min when ok(sigma_min) holds. Throws InvalidInput when
// ok(sigma_max) is false.
RECONBOUND_API double smallest_sigma_where(const std::function<bool(double)>& ok,
                                           const CalibrationOptions& options, const char* what);

// `options` narrowed to the σ of [sigma_min, sigma_max] at which `evaluate(σ)` returns instead
// of throwing InvalidInput. A mechanism refuses a σ outside the range it computes accurately
// (e.g. σ ∈ [0.1, 100]) rather than return a wrong number, and its interface does not
// declare that range, so a search must not step outside it. The accepted σ must form an
// interval that holds σ = 1 clamped into the range (else that σ's InvalidInput propagates); a
// refused end is located by bisection on ln σ to kSupportTolerance relative, keeping the
// accepted side, so every σ of the result is accepted.
RECONBOUND_API CalibrationOptions accepted_sigma_range(const std::function<void(double)>& evaluate,
                                                       const CalibrationOptions& options);
inline constexpr double kSupportTolerance = 1e-12;

}  // namespace reconbound
