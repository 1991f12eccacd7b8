#pragma once
// The mechanism of a workflow job: a mechanism plugin by name, its parameters, and the noise
// schedule it is charged for. What the plugin declares in needs() is honoured: a needed
// input that is missing, or one given that it does not take, is one InvalidInput line.
#include <cstdint>
#include <memory>
#include <optional>
#include <string>

#include "reconbound/export.hpp"
#include "reconbound/mechanism.hpp"
#include "reconbound/params.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::workflow {

struct MechanismRequest {
  // The mechanism plugin; empty: none (the bound job then needs γ values). The front ends name
  // their default (the CLI's --mechanism, Python's mechanism=).
  std::string name;
  Params params;
  // The schedule (q, σ, steps per segment; runs add), when needs().schedule. For the jobs that
  // choose the noise (calibrate, spectrum) its σ column is the shape the factor scales.
  std::optional<Schedule> schedule;
  // The records charged, set by the jobs that have data (workflow::record_shape); unknown in the
  // others. mechanism_input passes it on.
  RecordShape record{};
};

// The plugin the request names, with its parameters (PluginError/InvalidInput as the registry);
// InvalidInput when it names none.
RECONBOUND_API std::shared_ptr<Mechanism> make_mechanism(const Registry& registry, const MechanismRequest& request);

// The request's schedule checked against needs(): InvalidInput "mechanism NAME takes no
// schedule" when one is given to a mechanism without needs().schedule, and `missing_schedule`
// (the message) when a needed schedule is missing.
RECONBOUND_API void check_schedule_need(const MechanismRequest& request, const Mechanism& mechanism,
                                        const std::string& missing_schedule);

// What a job does with a schedule: charges it (q, σ and steps given), or scales its σ column as
// the shape of the noise it chooses (q and steps given, σ = 1).
enum class ScheduleUse { charge, shape };

// The parameters that give a schedule for `use`, marked for messages (reconbound/error.hpp's
// parameter()): "q, sigma and steps, or schedule" as each front end spells them.
RECONBOUND_API std::string schedule_parameters(ScheduleUse use);

// The message of a missing schedule for the jobs that take one from the caller.
RECONBOUND_API std::string missing_schedule_message(const std::string& mechanism, ScheduleUse use);

// What a job uses of a mechanism beyond its leakage.
struct MechanismUse {
  bool accountant = false;  // its (ε, δ) accountant
  bool noise = false;       // the noise a calibration scales (needs().noise_scale)
};

// The plugin the request names, checked in this order: the accountant and the noise the job
// uses (require_accountant, require_noise_scale in reconbound/calibration.hpp), then the
// schedule (check_schedule_need with missing_schedule_message; its shape when use.noise).
RECONBOUND_API std::shared_ptr<Mechanism> make_checked_mechanism(const Registry& registry,
                                                                 const MechanismRequest& request, MechanismUse use);

// The steps of the request's schedule; 0 without one.
RECONBOUND_API std::uint64_t schedule_steps(const MechanismRequest& request);

// The input the request charges: its schedule (if any), noise scale c.
RECONBOUND_API MechanismInput mechanism_input(const MechanismRequest& request, double noise_scale = 1.0);

// The mechanism's leakage for `input`, checked where it crosses the plugin boundary: γ, its error
// bound and every segment's γ finite and ≥ 0 (a mutual information is, §2). PluginError naming
// the mechanism `name` otherwise, before any number of it is used or printed.
RECONBOUND_API Leakage checked_leakage(const Mechanism& mechanism, const std::string& name,
                                       const MechanismInput& input);

// checked_leakage's test on a leakage already computed (e.g. at the end of a calibration).
RECONBOUND_API void check_leakage(const Leakage& leakage, const std::string& name);

}  // namespace reconbound::workflow
