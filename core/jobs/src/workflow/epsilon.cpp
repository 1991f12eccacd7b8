#include "reconbound/workflow/epsilon.hpp"

#include <fmt/format.h>

#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"

namespace reconbound::workflow {

double resolve_delta(const DeltaRequest& request) {
  if (request.delta.has_value()) {
    if (request.exponent.has_value() || request.n_train.has_value()) {
      throw InvalidInput(fmt::format("give either {} or {} with {}, not both", parameter("delta"),
                                     parameter("delta_exponent"), parameter("n_train")));
    }
    if (!(*request.delta >= kMinDelta && *request.delta < 1.0)) {
      throw InvalidInput(fmt::format("{} is outside [1e-15, 1)", parameter("delta", *request.delta)));
    }
    return *request.delta;
  }
  if (!request.exponent.has_value() || !request.n_train.has_value()) {
    throw InvalidInput(fmt::format("no delta: give {}, or {} and {} (delta = n_train^-delta_exponent)",
                                   parameter("delta"), parameter("delta_exponent"), parameter("n_train")));
  }
  return delta_from_exponent(*request.n_train, *request.exponent);
}

EpsilonOutput run_epsilon(const Registry& registry, const EpsilonRequest& request) {
  const std::string& name = request.mechanism.name;
  const auto mechanism = make_checked_mechanism(registry, request.mechanism, {.accountant = true});
  const PrivacyAccountant& accountant = *mechanism->accountant();
  if (mechanism->needs().data) throw InvalidInput(fmt::format("mechanism {} needs data; epsilon takes none", name));
  const double delta = resolve_delta(request.delta);
  if (!(request.accountant.epsilon_error > 0.0)) {
    throw InvalidInput(fmt::format("{} must be > 0", parameter("epsilon_error", request.accountant.epsilon_error)));
  }
  EpsilonOutput out{name, accountant.method(), {}, request.mechanism.schedule.value_or(Schedule{})};
  out.epsilon = checked_epsilon(accountant, name, mechanism_input(request.mechanism), delta, request.accountant);
  return out;
}

}  // namespace reconbound::workflow
