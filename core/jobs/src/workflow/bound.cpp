#include "reconbound/workflow/bound.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <optional>
#include <variant>

#include "reconbound/bound_frame.hpp"
#include "reconbound/error.hpp"
#include "reconbound/workflow/representation.hpp"

namespace reconbound::workflow {

namespace {

// "key=value,..." of a mechanism's parameters, for the leakage line.
std::string params_text(const Params& params) {
  std::vector<std::string> items;
  for (const auto& entry : params.values()) {
    const std::string& key = entry.first;
    items.push_back(std::visit([&key](const auto& v) { return fmt::format("{}={}", key, v); }, entry.second));
  }
  return fmt::format("{}", fmt::join(items, ","));
}

// The leakage the converse is charged: γ values and their error bounds, and where they came from.
struct Charged {
  std::vector<double> gammas, errors;
  LeakageOrigin origin = LeakageOrigin::given;
};

// How a mechanism's leakage is treated (mathematics §6.8): with its error bound when it reports one.
Charged charged_by_mechanism(const Leakage& leakage) {
  const bool with_error = leakage.abs_error_bits > 0.0;
  return {{leakage.gamma_bits},
          {leakage.abs_error_bits},
          with_error ? LeakageOrigin::mechanism_with_error : LeakageOrigin::mechanism_exact};
}

// γ values given, or the leakage the mechanism charges for the request's schedule (mathematics §2).
Charged charged_leakage(const BoundRequest& request, const Mechanism* mechanism, std::string& source) {
  const MechanismRequest& m = request.mechanism;
  if (!request.gammas.empty() && m.schedule) {
    throw InvalidInput(fmt::format("give either {} or a schedule ({}), not both", parameter("gamma"),
                                   schedule_parameters(ScheduleUse::charge)));
  }
  if (!request.gammas.empty()) {
    source = fmt::format("gamma given: {} bits", fmt::join(request.gammas, ","));
    return {request.gammas, {}, LeakageOrigin::given};
  }
  if (mechanism == nullptr) {
    throw InvalidInput(fmt::format("no leakage: give {} (bits, one value or several), or {} and its schedule",
                                   parameter("gamma"), parameter("mechanism")));
  }
  check_schedule_need(m, *mechanism,
                      fmt::format("no leakage: give {} (bits, one value or several) or a schedule ({})",
                                  parameter("gamma"), schedule_parameters(ScheduleUse::charge)));
  const Charged charged = charged_by_mechanism(checked_leakage(*mechanism, m.name, mechanism_input(m)));
  const double gamma_bits = charged.gammas.front();
  if (!m.schedule) {
    source = fmt::format("{} ({}): gamma = {:.6g} bits", m.name, params_text(m.params), gamma_bits);
    return charged;
  }
  const Schedule& schedule = *m.schedule;
  source = fmt::format("{}: gamma = {:.6g} bits over {} steps in {} run(s)", m.name, gamma_bits,
                       schedule.total_steps(), schedule.runs.size());
  if (schedule.runs.size() == 1 && schedule.runs[0].segments.size() == 1) {
    const Segment& s = schedule.runs[0].segments[0];
    source += fmt::format(" (q = {}, sigma = {}, T = {})", s.q, s.sigma, s.steps);
  }
  return charged;
}

// γ of a mechanism fitted on data (e.g. a vector quantiser): fitted on Ψ(D_est), the records whose
// entropy the bound estimates.
Charged fitted_leakage(const BoundRequest& request, const Mechanism& mechanism, const BoundFrame& frame,
                       BoundOutput& out) {
  const MechanismRequest& m = request.mechanism;
  if (!request.gammas.empty() || m.schedule) {
    throw InvalidInput(fmt::format("the {} mechanism is fitted on the data and gives its own leakage; "
                                   "drop {} and the schedule ({})",
                                   m.name, parameter("gamma"), schedule_parameters(ScheduleUse::charge)));
  }
  MechanismInput input;
  input.data = &frame.est_features;
  input.seed = request.data.seed;
  input.record = {frame.shape, static_cast<std::size_t>(frame.est_features.cols())};
  const Leakage leakage = checked_leakage(mechanism, m.name, input);
  out.leakage_source = fmt::format("{} ({}): gamma = {:.6g} bits, fitted on Psi(D_est)", m.name,
                                   params_text(m.params), leakage.gamma_bits);
  out.leakage_details = leakage.details;
  return charged_by_mechanism(leakage);
}

}  // namespace

void refuse_selection_only(const BoundConfig& config) {
  if (config.selection_only) throw InvalidInput(fmt::format("{} goes with `bound` only", parameter("select_only")));
}

BoundConfig with_representation(BoundConfig config, const std::string& spec) {
  Params extra = std::move(config.representation_params);
  std::tie(config.representation, config.representation_params) = parse_plugin_spec(spec);
  for (const auto& [key, value] : extra.values()) config.representation_params.set(key, value);
  return config;
}

BoundOutput run_bound(const Registry& registry, const BoundRequest& request) {
  BoundOutput out;
  const BoundConfig config = with_representation(request.bound, request.representation);
  // No mechanism named: the γ values given are the leakage.
  const auto mechanism = request.mechanism.name.empty() ? nullptr : make_mechanism(registry, request.mechanism);
  const bool fitted = mechanism && mechanism->needs().data;
  // A mechanism charged per coordinate is told the records (their shape and m) before it charges.
  std::optional<SplitData> early;
  BoundRequest charging = request;
  if (mechanism && mechanism->needs().record_shape) {
    early = load_split_data(request.data);
    charging.mechanism.record = record_shape(registry, config, early->dataset->shape);
  }
  Charged charged;
  if (!fitted) {
    charged = charged_leakage(charging, mechanism.get(), out.leakage_source);
    check_bound_arguments(charged.gammas, charged.errors, config);  // before the frame's work
  }
  const SplitData data = early ? std::move(*early) : load_split_data(request.data);
  // A mechanism fitted on Ψ(D_est) reads all of it on every rank; else each rank holds its share.
  const BoundFrame frame = make_bound_frame(registry, data.bound_data(), config, request.run,
                                            fitted ? FrameLayout::whole : FrameLayout::rows_on_ranks);
  if (fitted) {
    charged = fitted_leakage(request, *mechanism, frame, out);
    check_bound_arguments(charged.gammas, charged.errors, config);  // what the fitted mechanism charged
  }
  out.report = compute_bound(registry, frame, charged.gammas, config, request.run, charged.errors);
  out.certificate =
      make_certificate(out.report, charged.origin, largest_gamma_error(out.report.results), data.origin);
  out.rotation_probe = rotation_probe(*frame.rotation);
  out.data_source = data.dataset->source;
  out.representation = request.representation;
  out.representation_unit = frame.info.unit;
  out.seed = request.data.seed;
  return out;
}

}  // namespace reconbound::workflow
