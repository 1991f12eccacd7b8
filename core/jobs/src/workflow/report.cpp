// The report job: the workflow's epsilon, leakage, spectrum and chain, one ρ* more from the
// spectrum's entropy estimate and, when asked for, the bound of every label (report_by_label.cpp).
#include "reconbound/workflow/report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/mechanism_request.hpp"
#include "reconbound/workflow/representation.hpp"
#include "report_by_label.hpp"

namespace reconbound::workflow {

namespace {

void check_request(const ReportRequest& request) {
  if (!std::isfinite(request.sigma) || !(request.sigma > 0.0)) {
    throw InvalidInput(fmt::format("{} must be finite and > 0", parameter("sigma", request.sigma)));
  }
  if (request.chain && request.data.views) {
    throw InvalidInput("the chain lays out its own D_perp, D_est and targets: give a data set, not D_perp and D_est");
  }
  if (request.chain && request.chain->attacks.empty()) {  // before the spectrum's long work
    throw InvalidInput("the report's chain names no attack rows: give at least one mechanism with an attack");
  }
}

// The schedule the training charges: every σ of the shape times the factor (mathematics §8).
Schedule charged_schedule(const MechanismRequest& mechanism, double sigma) {
  Schedule out = mechanism.schedule.value_or(Schedule{});
  for (TrainingRun& run : out.runs) {
    for (Segment& segment : run.segments) segment.sigma *= sigma;
  }
  return out;
}

SpectrumRequest spectrum_request(const ReportRequest& request) {
  SpectrumRequest out;
  out.target_epsilons = request.target_epsilons;
  out.mechanism = request.mechanism;
  out.delta = request.delta;
  out.data = request.data;
  out.representations = {request.representation};
  out.bound = request.bound;
  out.run = request.run;
  out.calibration = request.calibration;
  return out;
}

// The chain at every γ of the report: the training's and each target ε's.
ChainRequest chain_request(const ReportRequest& request, const ReportOutput& report) {
  ChainRequest out;
  out.data.data = request.data;
  out.data.targets = request.chain->targets;
  out.representation = request.representation;
  // Each γ with the mechanism's numerical error bound, charged before the converse as in the
  // report's own ρ* (mathematics §6.8); of equal γ values the larger bound.
  std::vector<std::pair<double, double>> charged{{report.leakage.leakage.gamma_bits, report.leakage.leakage.abs_error_bits}};
  for (const SpectrumPoint& point : report.spectrum.points) charged.emplace_back(point.gamma_bits, point.gamma_error_bits);
  std::sort(charged.begin(), charged.end());
  out.rows.gammas.clear();
  for (const auto& [gamma, error] : charged) {
    if (!out.rows.gammas.empty() && out.rows.gammas.back() == gamma) {
      out.rows.gamma_errors_bits.back() = error;  // sorted: the larger of the equal γ's bounds
      continue;
    }
    out.rows.gammas.push_back(gamma);
    out.rows.gamma_errors_bits.push_back(error);
  }
  out.rows.rates = request.chain->bits;
  out.rows.attacks = request.chain->attacks;
  out.config.bound = request.bound;
  out.config.run = request.run;
  out.config.bootstrap = request.chain->bootstrap;
  out.config.figure_targets = request.chain->figure_targets;
  return out;
}

Fingerprint data_files(const DataRequest& data) {
  Fingerprint out;
  if (data.records || data.views) return out;
  for (const std::string& file : files_named_by(data.spec)) out.emplace_back(file, file_fingerprint(file));
  return out;
}

// ρ* at the training's γ from the spectrum's entropy estimate, and the one certificate of it and
// of every spectrum row: the events of mathematics §6.8 do not depend on γ, so one union bound
// covers every γ the estimate is applied to.
void certify_training(const Registry& registry, const ReportRequest& request, ReportOutput& out) {
  SpectrumCurve& curve = out.spectrum.curves.front();
  const Leakage& leakage = out.leakage.leakage;
  out.result = apply_converse(registry, curve.report, leakage.gamma_bits,
                              with_representation(request.bound, request.representation),
                              leakage.abs_error_bits);
  BoundReport every_gamma = curve.report;
  every_gamma.results.push_back(out.result);
  const double error = largest_gamma_error(every_gamma.results);
  // The spectrum's curve knows how its D⊥ and D_est were chosen.
  out.certificate = make_certificate(every_gamma,
                                     error > 0.0 ? LeakageOrigin::mechanism_with_error : LeakageOrigin::mechanism_exact,
                                     error, curve.certificate.split);
  out.statement = certificate_sentence(out.certificate, every_gamma, out.result);
  curve.certificate = out.certificate;
}

}  // namespace

ReportOutput run_report(const Registry& registry, const ReportRequest& request) {
  check_request(request);
  const std::string& name = request.mechanism.name;
  const auto mechanism =
      make_checked_mechanism(registry, request.mechanism, {.accountant = true, .noise = true});
  const PrivacyAccountant& accountant = require_accountant(*mechanism, name);
  MechanismInput training = mechanism_input(request.mechanism, request.sigma);
  if (mechanism->needs().record_shape) {  // a mechanism charged per coordinate: the records' shape first
    const BoundConfig config = with_representation(request.bound, request.representation);
    training.record = record_shape(registry, config, load_split_data(request.data).dataset->shape);
  }
  // The labels before the long work: a bad label file fails at once.
  const std::optional<LabelledSplit> labels =
      request.by_label ? std::optional(split_by_label(request.data, *request.by_label)) : std::nullopt;
  ReportOutput out;
  out.sigma = request.sigma;
  out.representation = request.representation;
  // The data-free numbers first: a σ the mechanism refuses fails before the long work.
  out.epsilon = {name, accountant.method(),
                 checked_epsilon(accountant, name, training, resolve_delta(request.delta),
                                 request.calibration.accountant),
                 charged_schedule(request.mechanism, request.sigma)};
  out.leakage = {name, checked_leakage(*mechanism, name, training)};
  out.spectrum = run_spectrum(registry, spectrum_request(request));
  certify_training(registry, request, out);
  if (labels) out.by_label = report_by_label(registry, request, *labels, out);
  if (request.chain) out.chain = run_chain(registry, chain_request(request, out));
  out.caller_scale = request.data.caller_scale.value_or(request.data.encoding.scale.value_or(kMaxGreyLevel));
  out.software = software_fingerprint(registry);
  out.data_files = data_files(request.data);
  return out;
}

}  // namespace reconbound::workflow
