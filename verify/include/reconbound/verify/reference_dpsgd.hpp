#pragma once
// MPFR reference for the DP-SGD leakage (mathematics §2), independent of the plugin: it
// integrates the definition K = E_{X∼P}[ln(1 − q + q·exp((2X − 1)/(2σ²)))] directly (the
// plugin integrates the non-negative form E_Q[r ln r − r + 1]) at ≥ 100 bits.
#include "reconbound/schedule.hpp"
#include "reconbound/verify/reference_value.hpp"

namespace reconbound::verify {

// K(q, σ) in nats, at 40 and at 60 decimal digits (≈ 133 and 200 bits).
ReferenceValue reference_subsampled_gaussian_kl(double q, double sigma);

// γ = (1/ln 2)·Σ_runs Σ_segments steps·K(q, σ), bits, summed in high precision.
ReferenceValue reference_gamma_bits(const Schedule& schedule);

}  // namespace reconbound::verify
