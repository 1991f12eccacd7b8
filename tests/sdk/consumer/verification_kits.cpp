// The installed verification kits at work, linked from the SDK like any consumer would:
//  - reconbound::reference, the MPFR references: K(1, σ) = 1/(2σ²) nats (mathematics §2), so
//    K(1, 1) = 0.5 exactly;
//  - reconbound::conformance, the suites of `reconbound conformance`: run on the example
//    plugin centre_crop (found through RECONBOUND_PLUGIN_PATH), every check passes.
// Exit code 1 when either disagrees.
#include <cmath>
#include <cstdio>

#include "reconbound/conformance/suites.hpp"
#include "reconbound/verify/reference_dpsgd.hpp"

int main() {
  const reconbound::verify::ReferenceValue k = reconbound::verify::reference_subsampled_gaussian_kl(1.0, 1.0);
  const bool reference_ok = std::abs(k.value - 0.5) <= 1e-15 && k.abs_error <= 1e-15;
  std::fprintf(stderr, "%s reference K(1, 1) = %.17g nats (error %.3g), expected 1/2\n",
               reference_ok ? "PASS" : "FAIL", k.value, k.abs_error);

  const reconbound::Registry registry;
  const reconbound::PluginRecord* crop = registry.find(reconbound::PluginKind::representation, "centre_crop");
  bool suite_ok = crop != nullptr;
  if (suite_ok) {
    const reconbound::conformance::Tally tally = reconbound::conformance::tally(reconbound::conformance::run_suite(registry, *crop));
    suite_ok = tally.failed == 0 && tally.skipped == 0 && tally.passed > 0;
    std::fprintf(stderr, "%s conformance kit on centre_crop: %zu passed, %zu failed, %zu skipped\n",
                 suite_ok ? "PASS" : "FAIL", tally.passed, tally.failed, tally.skipped);
  } else {
    std::fprintf(stderr, "FAIL conformance kit: centre_crop not found on RECONBOUND_PLUGIN_PATH\n");
  }
  return reference_ok && suite_ok ? 0 : 1;
}
