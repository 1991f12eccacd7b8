// The installed MPFR reference library at work: K(1, σ) = 1/(2σ²) nats (SPEC §2), so
// K(1, 1) = 0.5 exactly. Exit code 1 when the reference disagrees.
#include <cmath>
#include <cstdio>

#include "reconbound/verify/reference_dpsgd.hpp"

int main() {
  const reconbound::verify::ReferenceValue k = reconbound::verify::reference_subsampled_gaussian_kl(1.0, 1.0);
  const bool ok = std::abs(k.value - 0.5) <= 1e-15 && k.abs_error <= 1e-15;
  std::fprintf(stderr, "%s reference K(1, 1) = %.17g nats (error %.3g), expected 1/2\n", ok ? "PASS" : "FAIL",
               k.value, k.abs_error);
  return ok ? 0 : 1;
}
