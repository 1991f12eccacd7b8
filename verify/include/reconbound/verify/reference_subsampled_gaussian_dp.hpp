#pragma once
// MPFR reference for the single-step privacy profile of the Poisson-subsampled Gaussian
// (mathematics §8), add/remove relation, independent of the FFT accountant: the hockey-stick
// divergence δ(ε) = P(L > ε) − e^ε·Q(L > ε) in closed form through the point x* where the
// privacy loss L crosses ε, with Gaussian tails by erfc at ≥ 133 bits.
#include "reconbound/verify/reference_value.hpp"

namespace reconbound::verify {

// max(δ_remove(ε), δ_add(ε)) of one step with sampling rate q and noise multiplier σ,
// at 40 and 60 decimal digits. ε in nats.
ReferenceValue reference_subsampled_gaussian_delta(double q, double sigma, double epsilon);

}  // namespace reconbound::verify
