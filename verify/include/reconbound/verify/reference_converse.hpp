#pragma once
// MPFR reference for the Shannon-lower-bound converse (mathematics §5, eq 13–14), independent of
// the slb plugin: it forms 2^{2(h−γ)/k} directly in high precision (the plugin works in the
// log domain) and applies the same documented caps (abs bound ≤ T, ρ ≤ 1).
#include <cstddef>

#include "reconbound/verify/reference_value.hpp"

namespace reconbound::verify {

struct ReferenceConverse {
  ReferenceValue abs_bound;  // min([k/(2πe)·2^{2(h−γ)/k} − k s²]_+, T)        (eq 13)
  ReferenceValue rho;        // min(sqrt([k/(2πe·T)·2^{2(h−γ)/k} − k s²/T]_+), 1) (eq 14)
  // The brackets are differences of two positive terms and may cancel; a double
  // computation is accurate relative to the larger term, reported here:
  double abs_scale = 0.0;   // max(k/(2πe)·2^{2(h−γ)/k}, k s²)
  // k/(2πe)·2^{2(h−γ)/k} − k s² before the caps and the positive part (±inf beyond a double),
  // so that an error bound can be propagated through them.
  double bracket = 0.0;
  double rho2_scale = 0.0;  // abs_scale / T, the scale of ρ²
};

// For block size k, dither s (k s²/T = ν² when T set s), entropy h and leakage γ in bits and
// normaliser T = tr Σ.
ReferenceConverse reference_converse(std::size_t k, double s, double h_bits, double gamma_bits,
                                     double trace_sigma, unsigned digits10 = 40);

}  // namespace reconbound::verify
