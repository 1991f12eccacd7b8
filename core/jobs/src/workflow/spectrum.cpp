#include "reconbound/workflow/spectrum.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <memory>

#include "reconbound/error.hpp"
#include "reconbound/parallel_items.hpp"
#include "reconbound/represent.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/representation.hpp"

namespace reconbound::workflow {

namespace {

constexpr const char* kCalibrationStage = "calibrating sigma for each epsilon";

// The progress of the calibrations that run side by side: every evaluation of any of them
// reports the stage's count of finished ε to `outer` (on the caller's thread that may throw
// Cancelled); once one has been cancelled, every other's next report throws too, so the
// workers stop within one accountant run.
class SharedCalibrationProgress final : public Progress {
 public:
  SharedCalibrationProgress(Progress* outer, std::size_t total) : outer_(outer), total_(total) {}
  void report(std::string_view, std::size_t, std::size_t) override { forward(done_); }
  void finished() { forward(++done_); }

 private:
  void forward(std::size_t done) {
    if (stopped_) throw Cancelled("another calibration was cancelled");
    if (outer_ == nullptr) return;
    try {
      outer_->report(kCalibrationStage, done, total_);
    } catch (...) {
      stopped_ = true;
      throw;
    }
  }

  Progress* outer_;
  std::size_t total_;
  std::atomic<std::size_t> done_{0};
  std::atomic<bool> stopped_{false};
};

// Calibrates the factor for every target ε, up to `threads` at a time (each is independent; 0:
// every hardware thread), within the factors the mechanism charges: γ is computed at every answer.
std::vector<SpectrumPoint> calibrate_all(const std::string& name, const Mechanism& mechanism,
                                         const MechanismInput& input, const std::vector<double>& epsilons,
                                         double delta, const CalibrationOptions& options, std::size_t threads,
                                         Progress* progress) {
  const CalibrationOptions range = noise_scale_range(name, mechanism, input, options);
  std::vector<SpectrumPoint> out(epsilons.size());
  SharedCalibrationProgress shared(progress, epsilons.size());
  CalibrationOptions each = range;
  each.progress = &shared;
  if (progress) progress->report(kCalibrationStage, 0, epsilons.size());
  for_each_index(epsilons.size(), threads, [&](std::size_t i) {
    out[i].target_epsilon = epsilons[i];
    out[i].calibration = calibrate_noise_scale_for_epsilon(name, mechanism, input, epsilons[i], delta, each);
    MechanismInput at = input;
    at.noise_scale = out[i].calibration.sigma;
    const Leakage leakage = checked_leakage(mechanism, name, at);
    out[i].gamma_bits = leakage.gamma_bits;
    out[i].gamma_error_bits = leakage.abs_error_bits;
    shared.finished();
  });
  return out;
}

}  // namespace

std::vector<double> target_epsilons(std::vector<double> epsilons) {
  if (epsilons.empty()) throw InvalidInput(fmt::format("{}: no target epsilon given", parameter("epsilons")));
  for (const double e : epsilons) {
    if (!(e > 0.0 && e <= 200.0)) {
      throw InvalidInput(fmt::format("{}: {} is outside (0, 200]", parameter("epsilons"), e));
    }
  }
  std::sort(epsilons.begin(), epsilons.end());
  epsilons.erase(std::unique(epsilons.begin(), epsilons.end()), epsilons.end());
  return epsilons;
}

SpectrumOutput run_spectrum(const Registry& registry, const SpectrumRequest& request) {
  const std::vector<double> epsilons = target_epsilons(request.target_epsilons);
  const MechanismRequest& m = request.mechanism;
  const auto mechanism = make_checked_mechanism(registry, m, {.accountant = true, .noise = true});
  SpectrumOutput out;
  out.mechanism = m.name;
  out.delta = resolve_delta(request.delta);
  out.steps = schedule_steps(m);
  check_sigma_tolerance(request.calibration.sigma_tolerance);  // before the long work
  refuse_selection_only(request.bound);
  if (request.representations.empty()) throw InvalidInput("spectrum needs at least one representation");
  out.joint = request.joint;
  out.alpha = request.bound.alpha;
  // Joint: a union bound over the R curves, each certified at α/R (mathematics §6.8).
  BoundConfig shared = request.bound;
  if (request.joint) shared.alpha /= static_cast<double>(request.representations.size());
  std::vector<BoundConfig> configs;  // checks every representation spec before the long work
  std::vector<std::shared_ptr<Representation>> psis;  // for what each declares of the data's records
  for (const std::string& spec : request.representations) {
    configs.push_back(with_representation(shared, spec));
    psis.push_back(registry.make_representation(configs.back().representation, configs.back().representation_params));
  }
  const SplitData data = load_split_data(request.data);
  out.data_source = data.dataset->source;
  std::vector<RepresentationInfo> infos;
  for (std::size_t r = 0; r < configs.size(); ++r) {
    infos.push_back(describe_checked(*psis[r], data.dataset->shape, configs[r].representation));
  }
  // σ and γ for every ε first (data-free), so that the grid selection (mathematics §6.6) can aim at
  // those γ; then one entropy estimate per representation serves every ε.
  // One release is charged for every curve: its records are those of the data, m that of the
  // first representation.
  MechanismInput charged = mechanism_input(m);
  charged.record = record_shape(registry, configs.front(), data.dataset->shape);
  out.points = calibrate_all(m.name, *mechanism, charged, epsilons, out.delta, request.calibration,
                             request.bound.threads, request.bound.progress);
  std::vector<double> gammas, errors;
  for (const SpectrumPoint& point : out.points) {
    gammas.push_back(point.gamma_bits);
    errors.push_back(point.gamma_error_bits);
  }
  const double largest_error = *std::max_element(errors.begin(), errors.end());
  const LeakageOrigin origin = largest_error > 0.0 ? LeakageOrigin::mechanism_with_error : LeakageOrigin::mechanism_exact;
  for (std::size_t r = 0; r < configs.size(); ++r) {
    SpectrumCurve curve{request.representations[r],
                        compute_bound(registry, data.bound_data(), gammas, configs[r], errors), {}, infos[r].unit};
    curve.certificate = make_certificate(curve.report, origin, largest_error, data.origin);
    if (request.joint && configs.size() > 1) {
      // The union bound's level, stated with each curve's (issue 38: never a per-curve level alone).
      curve.certificate.scope =
          fmt::format("joint over {0} representations (alpha/{0} each; all {0} curves hold together with "
                      "probability >= {1:.4g}%)",
                      configs.size(), 100.0 * (1.0 - request.bound.alpha));
    }
    out.curves.push_back(std::move(curve));
  }
  return out;
}

}  // namespace reconbound::workflow
