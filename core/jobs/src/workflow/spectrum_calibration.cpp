// The spectrum's calibrations (mathematics §8.2): the factor on the mechanism's noise for every
// target ε, several side by side, and the leakage γ at each.
#include <fmt/format.h>

#include <atomic>

#include "reconbound/error.hpp"
#include "reconbound/parallel_items.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/representation.hpp"
#include "spectrum_steps.hpp"

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

std::vector<SpectrumPoint> calibrate_spectrum(const Registry& registry, const SpectrumRequest& request,
                                              const SpectrumSetup& setup, const ImageShape& shape) {
  // One release is charged for every curve: its records are those of the data, m that of the
  // first representation.
  const MechanismRequest& m = request.mechanism;
  MechanismInput charged = mechanism_input(m);
  charged.record = record_shape(registry, setup.configs.front(), shape);
  return calibrate_all(m.name, *setup.mechanism, charged, setup.epsilons, setup.delta, request.calibration,
                       request.bound.threads, request.run.progress);
}

}  // namespace reconbound::workflow
