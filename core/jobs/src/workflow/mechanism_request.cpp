#include "reconbound/workflow/mechanism_request.hpp"

#include <fmt/format.h>

#include <cmath>

#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"
#include "reconbound/leakage_check.hpp"

namespace reconbound::workflow {

std::shared_ptr<Mechanism> make_mechanism(const Registry& registry, const MechanismRequest& request) {
  if (request.name.empty()) {
    throw InvalidInput(fmt::format("no mechanism named: give {} (`reconbound plugins` lists them)",
                                   parameter("mechanism")));
  }
  return registry.make_mechanism(request.name, request.params);
}

void check_schedule_need(const MechanismRequest& request, const Mechanism& mechanism,
                         const std::string& missing_schedule) {
  const bool needed = mechanism.needs().schedule;
  if (request.schedule && !needed) {
    throw InvalidInput(fmt::format("mechanism {} takes no schedule ({})", request.name,
                                   schedule_parameters(ScheduleUse::charge)));
  }
  if (!request.schedule && needed) throw InvalidInput(missing_schedule);
}

std::string schedule_parameters(ScheduleUse use) {
  if (use == ScheduleUse::shape) {
    return fmt::format("{} and {}, or {}", parameter("q"), parameter("steps"), parameter("schedule"));
  }
  return fmt::format("{}, {} and {}, or {}", parameter("q"), parameter("sigma"), parameter("steps"),
                     parameter("schedule"));
}

std::string missing_schedule_message(const std::string& mechanism, ScheduleUse use) {
  return fmt::format("no schedule: mechanism {} needs one ({})", mechanism, schedule_parameters(use));
}

std::shared_ptr<Mechanism> make_checked_mechanism(const Registry& registry, const MechanismRequest& request,
                                                  MechanismUse use) {
  auto mechanism = make_mechanism(registry, request);
  if (use.accountant) require_accountant(*mechanism, request.name);
  if (use.noise) require_noise_scale(*mechanism, request.name);
  check_schedule_need(request, *mechanism,
                      missing_schedule_message(request.name, use.noise ? ScheduleUse::shape : ScheduleUse::charge));
  return mechanism;
}

std::uint64_t schedule_steps(const MechanismRequest& request) {
  return request.schedule ? request.schedule->total_steps() : 0;
}

MechanismInput mechanism_input(const MechanismRequest& request, double noise_scale) {
  MechanismInput input;
  if (request.schedule) input.schedule = &*request.schedule;
  input.noise_scale = noise_scale;
  input.record = request.record;
  return input;
}

void check_leakage(const Leakage& leakage, const std::string& name) { check_leakage_bounds(leakage, name); }

Leakage checked_leakage(const Mechanism& mechanism, const std::string& name, const MechanismInput& input) {
  Leakage leakage = mechanism.leakage(input);
  check_leakage(leakage, name);
  return leakage;
}

}  // namespace reconbound::workflow
