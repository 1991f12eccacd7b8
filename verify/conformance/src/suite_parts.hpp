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
// dpsgd: γ against reference_gamma_bits.
void check_mechanism_reference(const Mechanism& mechanism, std::string_view name, const MechanismTestInputs& inputs,
                               CheckList& list);

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
// goldfeld: h̄_LB assembled from its margins, the margins and the plug-in entropy against
// reference_entropy.hpp, and its predicted margins those it certifies with.
void check_estimator_reference(const EntropyEstimator& estimator, std::string_view name,
                               const EstimatorTestInputs& inputs, CheckList& list);

// slb: every pair's eq 13 and 14 against reference_converse.
void check_converse_reference(const Converse& converse, std::string_view name,
                              const std::vector<GridEntropy>& entropies, double trace_sigma, CheckList& list);

}  // namespace reconbound::conformance::detail
