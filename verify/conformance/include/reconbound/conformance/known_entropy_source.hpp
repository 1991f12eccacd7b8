#pragma once
// A population whose dithered block-averaged entropy h̄_U(k) (mathematics §5) is known without the
// estimator: the estimator conformance suite (one sample) and the statistical coverage harness
// (many) compare h̄_LB with it. Records are taken as already
// rotated (rows U·Ψ(x) with U = I), so block b of size k is Π_b x = sqrt(N_k)·x[bk, (b+1)k).
#include <cstddef>
#include <cstdint>

#include "reconbound/matrix.hpp"

namespace reconbound::conformance {

class KnownEntropySource {
 public:
  virtual ~KnownEntropySource() = default;

  virtual std::size_t columns() const = 0;

  // tr Σ of the population, exactly (mathematics §1).
  virtual double trace() const = 0;

  // n records drawn i.i.d. with the given seed.
  virtual RowMatrix sample(std::size_t n, std::uint64_t seed) const = 0;

  // h̄_U(k) = (1/N_k)·Σ_b h(Π_b x + W_b), W_b ∼ N(0, s² I_k), bits (mathematics §5).
  virtual double block_averaged_entropy(std::size_t k, double s) const = 0;

  // An upper bound on the plug-in's downward bias h̄_U(k) − E ĥ_n(k) at sample size n, bits
  // (mathematics §6: the plug-in needs no margin because the bias is ≥ 0; the gap check needs it
  // small). With f̂_b(z) = (1/n)·Σ_i φ_s(z − y_{b,i}), y_{b,i} = Π_b x_i i.i.d., E f̂_b = f_b
  // (the density of Π_b x + W_b) pointwise, so per block
  //   h(f_b) − E h(f̂_b) = E D(f̂_b ‖ f_b)            (the cross term E∫f̂·log f = ∫f·log f)
  //                     ≤ E ln(1 + χ²(f̂_b ‖ f_b))   (D ≤ ln(1 + χ²), Jensen)
  //                     ≤ ln(1 + E χ²(f̂_b ‖ f_b))   (Jensen again), nats,
  // and, since h(f̂_b) ≥ h(W) (independent noise never lowers entropy), also
  //   h(f_b) − E h(f̂_b) ≤ h(f_b) − h(W).
  // Each source supplies E χ² per block; ĥ_n averages its blocks, so its bias bound is the
  // average of the per-block minima.
  virtual double plugin_bias_bound(std::size_t k, double s, std::size_t n) const = 0;
};

}  // namespace reconbound::conformance
