#pragma once
// The bound job (Algorithm 1; mathematics §3–7): the certified ρ* for a data set, a representation
// and the leakage of a mechanism — given as γ values, charged by the mechanism for a schedule,
// or fitted on Ψ(D_est) by a mechanism that needs data (e.g. a vector quantiser).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/certificate.hpp"
#include "reconbound/export.hpp"
#include "reconbound/workflow/data.hpp"
#include "reconbound/workflow/mechanism_request.hpp"

namespace reconbound::workflow {

struct BoundRequest {
  DataRequest data;
  // The representation spec "name[:arg]" (a plugin's name, and its `arg` after a colon);
  // bound.representation_params are added to its parameters (and win). Core names no plugin:
  // the caller names one, as BoundConfig's plugins.
  std::string representation;
  // Estimator, converse (names and parameters), grid, α, rotation, seed, threads.
  BoundConfig bound;
  RunHandles run;  // the run's progress, ranks and checkpoint
  std::vector<double> gammas;  // γ values (bits) given; empty: the mechanism's leakage
  MechanismRequest mechanism;
};

struct BoundOutput {
  BoundReport report;
  std::string data_source;     // Dataset::source
  std::string representation;  // the spec as requested
  std::string representation_unit;  // the unit of Ψ's coordinates, as Ψ declares it (RepresentationInfo::unit)
  std::string leakage_source;  // where γ came from, one line
  std::vector<std::pair<std::string, double>> leakage_details;  // Leakage::details of a fitted mechanism
  std::uint64_t seed = 0;      // the split's seed
  // The first coordinates of U·p, p = (1, 2, …, m): a data-free fingerprint of the rotation
  // (mathematics §4), so that a test can see which split U was estimated from.
  std::vector<double> rotation_probe;
  Certificate certificate;     // what the bound certifies, and with what probability (mathematics §6.8)
};

// `config` for the representation `spec` (parse_plugin_spec), config.representation_params
// added to the spec's parameters.
RECONBOUND_API BoundConfig with_representation(BoundConfig config, const std::string& spec);

// InvalidInput when config.selection_only: only the bound job selects pairs without certifying.
RECONBOUND_API void refuse_selection_only(const BoundConfig& config);

// InvalidInput for γ given together with a schedule, neither (for a mechanism that needs a
// schedule), either given to a mechanism fitted on the data, and the errors of the data,
// the split, the plugins and the pipeline.
RECONBOUND_API BoundOutput run_bound(const Registry& registry, const BoundRequest& request);

}  // namespace reconbound::workflow
