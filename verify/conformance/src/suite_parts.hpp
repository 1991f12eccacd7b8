#pragma once
// The parts of each kind's suite, one file each (docs/conformance.md lists the checks).
#include <string_view>

#include "check_list.hpp"
#include "estimator_request.hpp"
#include "mechanism_inputs.hpp"
#include "reconbound/conformance/representation_options.hpp"
#include "reconbound/converse.hpp"
#include "reconbound/estimator.hpp"
#include "reconbound/params.hpp"
#include "reconbound/representation.hpp"
#include "representation_mapping.hpp"
#include "representation_records.hpp"

namespace reconbound::conformance::detail {

// γ ≥ 0 non-increasing in MechanismInput::noise_scale, and c ≤ 0 refused (needs().noise_scale).
void check_noise_scale_laws(const Mechanism& mechanism, const MechanismTestInputs& inputs, CheckList& list);
// ε_lower ≤ ε ≤ ε_upper, ε ≥ 0, ε non-increasing in δ and in the noise scale (accountant()).
void check_accountant_laws(const Mechanism& mechanism, const MechanismTestInputs& inputs, CheckList& list);

// matches_reference[S]: Ψ against the reference for its shape on every record of the suite.
void check_representation_reference(const PoisonedMap& psi, const ReferenceForShape& reference,
                                    const RecordSet& records, CheckList& list);

// cost_from_sizes: EntropyEstimator::cost finite, > 0, blind to the sample, additive over shards.
void check_cost(const EntropyEstimator& estimator, const EstimatorTestInputs& inputs, CheckList& list);
// predict() (grid selection, mathematics §6.6) from pilot numbers alone: deterministic, a finite
// h_LB at most the predicted point value, a finite cost > 0.
void check_prediction(const EntropyEstimator& estimator, const EstimatorTestInputs& inputs, CheckList& list);
// h̄_LB ≤ h̄_U(k) on the correlated Gaussian and the finite-support sources.
void check_known_entropy_sources(const EntropyEstimator& estimator, CheckList& list);
// The MPFR references of mechanism, estimator and converse plugins, by plugin name:
// plugin_references.hpp.

}  // namespace reconbound::conformance::detail
