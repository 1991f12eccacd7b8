#pragma once
// MPFR reference for the DP-SGD leakage (SPEC §2), independent of the plugin: it
// integrates the definition K = E_{X∼P}[ln(1 − q + q·exp((2X − 1)/(2σ²)))] directly (the
// plugin integrates the non-negative form E_Q[r ln r − r + 1]) at ≥ 100 bits.
#include "reconbound/schedule.hpp"
#include "reconbound/verify/reference_value.hpp"

namespace reconbound::verify {

// K(q, σ) in nats at `digits10` and at 1.5×digits10 decimal digits.
ReferenceValue reference_subsampled_gaussian_kl(double q, double sigma, unsigned digits10 = 36);

// γ = (1/ln 2)·Σ_runs Σ_segments steps·K(q, σ), bits, summed in high precision.
ReferenceValue reference_gamma_bits(const Schedule& schedule, unsigned digits10 = 36);

}  // namespace reconbound::verify
