#pragma once
// The proven relative error of one query of the Taylor boxes (series_kernel.cpp,
// planar_series_kernel.cpp): the four parts of their proofs, combined.
#include <cstddef>

namespace reconbound::goldfeld {

struct TaylorBoxQuery {
  std::size_t terms = 0;           // P: Taylor terms (k = 1) or total degree (k = 2)
  double kept_limit = 0.0;         // every kept box has ‖d̃‖ ≤ this
  double radius = 0.0;             // E ≥ ‖ẽ_l‖
  double z_norm = 0.0;             // ‖Z‖
  double rounding_steps = 0.0;     // R: roundings on the way of an elementary product
  double exponent_rounding = 0.0;  // bound on the error of the two exponentials' arguments
  double skip_nats = 0.0;          // a lower bound on (c² − ‖Z‖²)/2
  std::size_t n = 0;               // centres
};

// δ = 1.01·(δ_r + δ_t + 1.01π) + δ_skip + 1e-200 with x = 1.000001·kept_limit·E and
//   δ_t = x^P/P!·e^x (Taylor), δ_r = 1.01·e^{2x}·(γ_R + 2.0001δ_e + exponent_rounding),
//   π = Δ(kept_limit + E + Δ), Δ = 1.01·γ₅(2·kept_limit + ‖Z‖) + 1.01·γ₃E (perturbation),
//   δ_skip = 1.01·n·e^{−skip_nats}, 1e-200 for results below 2^-1022.
// Throws NumericalError naming `kernel` when δ > 1e-3 or the computed sum is not positive.
double taylor_box_relative_error(const TaylorBoxQuery& query, double sum, const char* kernel);

}  // namespace reconbound::goldfeld
