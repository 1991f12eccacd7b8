#include "reconbound/workflow/epsilon.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::workflow {

double resolve_delta(const DeltaRequest& request) {
  if (request.delta.has_value()) {
    if (request.exponent.has_value() || request.n_train.has_value()) {
      throw InvalidInput("give either --delta or --delta-exponent with --n-train, not both");
    }
    if (!(*request.delta >= kMinDelta && *request.delta < 1.0)) {
      throw InvalidInput(fmt::format("--delta {} is outside [1e-15, 1)", *request.delta));
    }
    return *request.delta;
  }
  if (!request.exponent.has_value() || !request.n_train.has_value()) {
    throw InvalidInput("no delta: give --delta D, or --delta-exponent A and --n-train N");
  }
  return delta_from_exponent(*request.n_train, *request.exponent);
}

EpsilonOutput run_epsilon(const Registry& registry, const EpsilonRequest& request) {
  const std::string& name = request.mechanism.name;
  const auto mechanism = make_checked_mechanism(registry, request.mechanism, {.accountant = true});
  const PrivacyAccountant& accountant = *mechanism->accountant();
  if (mechanism->needs().data) throw InvalidInput(fmt::format("mechanism {} needs data; epsilon takes none", name));
  const double delta = resolve_delta(request.delta);
  if (!(request.accountant.epsilon_error > 0.0)) throw InvalidInput("--epsilon-error must be > 0");
  EpsilonOutput out{name, accountant.method(), {}, request.mechanism.schedule.value_or(Schedule{})};
  out.epsilon = accountant.epsilon(mechanism_input(request.mechanism), delta, request.accountant);
  return out;
}

}  // namespace reconbound::workflow
