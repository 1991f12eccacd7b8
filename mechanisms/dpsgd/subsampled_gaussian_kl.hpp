#pragma once
// K(q, σ): the KL divergence of the Poisson-subsampled Gaussian mechanism (mathematics §2,
// Theorem 4.1), in nats, computed by composite Gauss–Kronrod quadrature in double
// precision with an error bound.
#include "dpsgd_range.hpp"

namespace reconbound::dpsgd {

struct KlValue {
  double nats = 0.0;       // K(q, σ)
  double abs_error = 0.0;  // estimated absolute error, nats
};

// Throws InvalidInput naming the parameter when (q, σ) breaks the segment rule (the SDK's
// segment_problem: NaN included) or is outside the range of dpsgd_range.hpp.
void check_supported(double q, double sigma);

// K(q, σ) = KL((1−q)N(0,σ²) + qN(1,σ²) ‖ N(0,σ²))   (mathematics §2, eq of Theorem 4.1), nats.
KlValue subsampled_gaussian_kl(double q, double sigma);

}  // namespace reconbound::dpsgd
