#pragma once
// The JSON form of every workflow result: the dictionaries `reconbound <command> --json`
// prints, so that the CLI and other front ends (the Python binding) give identical ones.
// Numbers keep their units (γ in bits, ε in nats, σ as the factor on the schedule's noise).
#include <nlohmann/json.hpp>

#include <optional>

#include "reconbound/export.hpp"
#include "reconbound/grid_selection.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/chain.hpp"
#include "reconbound/workflow/epsilon.hpp"
#include "reconbound/workflow/leakage.hpp"
#include "reconbound/workflow/spectrum.hpp"

namespace reconbound::workflow {

RECONBOUND_API nlohmann::json to_json(const LeakageOutput& output);
RECONBOUND_API nlohmann::json to_json(const EpsilonOutput& output);
RECONBOUND_API nlohmann::json to_json(const CalibrateEpsilonOutput& output);
RECONBOUND_API nlohmann::json to_json(const CalibrateRhoOutput& output);
RECONBOUND_API nlohmann::json to_json(const BoundOutput& output);
RECONBOUND_API nlohmann::json to_json(const SpectrumOutput& output);
// The chain in its generic layout: per γ row one entry per attack row (`attacks`, described in
// `attack_rows`: its mechanism, spec, settings, declared columns and γs), each with its estimate,
// its columns, the gaps along its links (eq 39) and all its details; timings per attack row.
RECONBOUND_API nlohmann::json to_json(const ChainOutput& output);
// An attack's estimate: rho, standard_error, rho_per_target.
RECONBOUND_API nlohmann::json to_json(const AttackEstimate& estimate);
// An attack's named numbers as one object, {"sigma": 0.27, ...}.
RECONBOUND_API nlohmann::json details_json(const AttackDetails& details);
// A number, or null where there is none.
RECONBOUND_API nlohmann::json number_or_null(const std::optional<double>& value);
// A violation with its sentence (violation_sentence).
RECONBOUND_API nlohmann::json to_json(const ChainViolation& violation);
// The plugins a registry found and its load failures: `reconbound plugins --json`.
RECONBOUND_API nlohmann::json to_json(const Registry& registry);
// What a bound certifies (mathematics §6.8): the `certificate` object of bound, calibrate
// --target-rho, spectrum and chain. `statement`: the sentence for the headline result, or for a
// table of results (spectrum, chain); "" for none (bound --select-only).
RECONBOUND_API nlohmann::json to_json(const Certificate& certificate, const std::string& statement);
// How the certified grid was chosen (mathematics §6.6): the `grid_selection` object of the above.
RECONBOUND_API nlohmann::json to_json(const GridSelectionReport& selection);

}  // namespace reconbound::workflow
