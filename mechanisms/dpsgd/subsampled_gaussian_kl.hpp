#pragma once
// K(q, σ): the KL divergence of the Poisson-subsampled Gaussian mechanism (SPEC §2,
// Theorem 4.1), in nats, computed by adaptive Gauss–Kronrod quadrature in double
// precision with an error estimate.
namespace reconbound::dpsgd {

// Range on which K is computed to ≤ 1e-12 relative error (SPEC §2).
inline constexpr double kMinQ = 1e-6;
inline constexpr double kMaxQ = 1.0;
inline constexpr double kMinSigma = 0.3;
inline constexpr double kMaxSigma = 100.0;

struct KlValue {
  double nats = 0.0;       // K(q, σ)
  double abs_error = 0.0;  // estimated absolute error, nats
};

// Throws InvalidInput naming the parameter when (q, σ) is NaN or outside the range above.
void check_supported(double q, double sigma);

// K(q, σ) = KL((1−q)N(0,σ²) + qN(1,σ²) ‖ N(0,σ²))   (SPEC §2, eq of Theorem 4.1), nats.
KlValue subsampled_gaussian_kl(double q, double sigma);

}  // namespace reconbound::dpsgd
