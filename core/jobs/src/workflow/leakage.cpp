#include "reconbound/workflow/leakage.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::workflow {

LeakageOutput run_leakage(const Registry& registry, const LeakageRequest& request) {
  const std::string& name = request.mechanism.name;
  const auto mechanism = make_mechanism(registry, request.mechanism);
  // This job has no records to fit on.
  if (mechanism->needs().data) throw InvalidInput(fmt::format("mechanism {} needs data; use `bound`", name));
  check_schedule_need(request.mechanism, *mechanism, missing_schedule_message(name, ScheduleUse::charge));
  return {name, checked_leakage(*mechanism, name, mechanism_input(request.mechanism))};
}

}  // namespace reconbound::workflow
