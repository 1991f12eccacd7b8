#pragma once
// MPFR reference for the one- and two-step privacy profiles of the Poisson-subsampled Gaussian
// (mathematics §8), add/remove relation, independent of the FFT accountant: the hockey-stick
// divergence δ(ε) = P(L > ε) − e^ε·Q(L > ε) in closed form through the point x* where the
// privacy loss L crosses ε, with Gaussian tails by erfc at ≥ 133 bits.
#include "reconbound/verify/reference_value.hpp"

namespace reconbound::verify {

// max(δ_remove(ε), δ_add(ε)) of one step with sampling rate q and noise multiplier σ,
// at 40 and 60 decimal digits. ε in nats.
ReferenceValue reference_subsampled_gaussian_delta(double q, double sigma, double epsilon);

// The same for two steps: δ_2(ε) = E_{X∼P}[δ_1(ε − L(X))] in each direction, by composite
// Gauss–Legendre quadrature over X at 40 digits (σ/8 cells) and at 60 (σ/16 cells); the error is
// their disagreement plus the mass beyond 12σ.
ReferenceValue reference_subsampled_gaussian_delta_two_steps(double q, double sigma, double epsilon);

}  // namespace reconbound::verify
