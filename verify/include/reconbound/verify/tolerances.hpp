#pragma once
// The one place where the agreement required between a plugin and its reference is
// stated (README.md, "Verification"). Relative unless named otherwise.
namespace reconbound::verify::tolerance {

// dpsgd: K(q, σ) and γ against the MPFR reference, σ ∈ [0.1, 100], q ∈ [1e-6, 1] (mathematics §2).
inline constexpr double kDpsgdLeakage = 1e-12;

}  // namespace reconbound::verify::tolerance

namespace reconbound::verify::tolerance {

// slb: eq 13 and 14 against the MPFR reference, relative to the larger of the two terms whose
// difference forms the bracket (the bracket itself may cancel); ρ is compared as ρ² (mathematics §5).
inline constexpr double kConverse = 1e-12;

// goldfeld: t_MD, t_MC and the per-block variance bound σ_b² against the MPFR reference
// (mathematics §6.1–6.3).
inline constexpr double kEntropyMargins = 1e-12;

// goldfeld: |mean of ĥ_MC over seeds − plug-in entropy by quadrature|, in empirical standard
// errors of that mean (mathematics §6, eq 31: E[ĥ_MC | sample] = (1/N_k)·Σ_b h(f̂_b)).
inline constexpr double kMonteCarloMeanStandardErrors = 6.0;

}  // namespace reconbound::verify::tolerance

namespace reconbound::verify::tolerance {

// lpips: Ψ of the committed test model against torch in float64 (golden files), relative in
// the Euclidean norm of a record, of each layer's block, and of LPIPS distances (mathematics §3). The
// ONNX trunk runs in float32 in OpenCV DNN.
inline constexpr double kLpipsTorch = 1e-5;

// dct: the FFTW plugin against the direct O(H·W·F²) long-double DCT-II, absolute error over
// 255·sqrt(H·W) (the largest possible coefficient, mathematics §3).
inline constexpr double kDctReference = 1e-13;

// downsample: the plugin against direct average pooling in long double, absolute error over 255.
inline constexpr double kDownsampleReference = 1e-15;

}  // namespace reconbound::verify::tolerance

namespace reconbound::verify::tolerance {

// goldfeld fast path (issue 4): its proven margin t_num must stay below this, bits, for every
// grid pair of the tests.
inline constexpr double kFastPathMaxNumericalBits = 1e-6;

}  // namespace reconbound::verify::tolerance
