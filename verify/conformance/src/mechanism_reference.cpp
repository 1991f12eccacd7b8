// The dpsgd mechanism against the MPFR reference of mathematics §2 (verify/reference_dpsgd.hpp).
#include <fmt/format.h>

#include <cmath>

#include "reconbound/verify/reference_dpsgd.hpp"
#include "reconbound/verify/tolerances.hpp"
#include "plugin_references.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance::detail {
namespace {

// γ against reference_gamma_bits.
void check_dpsgd_reference(const Mechanism& mechanism, const MechanismTestInputs& inputs, CheckList& list) {
  list.run("gamma_matches_mpfr_reference", [&] {
    // The suite's schedule, and two runs at the paper's MNIST and ImageNette settings (mathematics §2, §8).
    const Schedule paper{{TrainingRun{{Segment{0.0204, 1.110, 4900}}}, TrainingRun{{Segment{0.1, 1.948, 1000}}}}};
    WorstCase worst;
    for (const Schedule* schedule : {&inputs.schedule, &paper}) {
      MechanismInput input = inputs.for_needs(mechanism.needs());
      input.schedule = schedule;
      const double gamma = mechanism.leakage(input).gamma_bits;
      const verify::ReferenceValue reference = verify::reference_gamma_bits(*schedule);
      const double allowed = verify::tolerance::kDpsgdLeakage * std::abs(reference.value) + reference.abs_error;
      const double discrepancy = std::abs(gamma - reference.value);
      worst.add(allowed - discrepancy,
                fmt::format("gamma = {}, reference = {} bits ({} bits MPFR), |diff| = {} {} {}", precise(gamma),
                            precise(reference.value), reference.bits, num(discrepancy), relation("<="), num(allowed)));
    }
    return worst.verdict("|gamma - reference| <= 1e-12 relative + the reference's error");
  });
}

}  // namespace

void register_mechanism_references(PluginReferences& references) {
  references.mechanisms.add("dpsgd", check_dpsgd_reference);
}

}  // namespace reconbound::conformance::detail
