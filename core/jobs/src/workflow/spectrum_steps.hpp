#pragma once
// The steps of the spectrum job (mathematics §8), shared by run_spectrum and the spectrum per
// label (mathematics §6.10): the request checked before the long work, the calibration of every
// target ε (data-free: only the records' shape is charged), and the curves on one data set's split.
#include <memory>
#include <string>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/mechanism.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/workflow/data.hpp"
#include "reconbound/workflow/spectrum.hpp"

namespace reconbound::workflow {

// A spectrum request checked: its target ε (ascending), mechanism, δ, and the bound
// configuration of each curve (at α, or at α/R each when joint: mathematics §6.8).
struct SpectrumSetup {
  std::vector<double> epsilons;
  std::shared_ptr<Mechanism> mechanism;
  double delta = 0.0;
  std::vector<BoundConfig> configs;  // one per representation, in request order
  std::vector<std::shared_ptr<Representation>> psis;
};

// InvalidInput as run_spectrum for the ε, mechanism, δ, tolerance, `bound.selection_only` and the
// representation specs; nothing is read of the data.
SpectrumSetup checked_spectrum_setup(const Registry& registry, const SpectrumRequest& request);

// What each representation declares for records of `shape` (InvalidInput when one refuses it).
std::vector<RepresentationInfo> spectrum_infos(const SpectrumSetup& setup, const ImageShape& shape);

// The factor and γ for every target ε, charged for records of `shape` (the first
// representation's m): it depends on no record, so one calibration serves every data set of
// that shape.
std::vector<SpectrumPoint> calibrate_spectrum(const Registry& registry, const SpectrumRequest& request,
                                              const SpectrumSetup& setup, const ImageShape& shape);

// One curve per representation on `data`, at the points' γ (each γ plus its error bound), with
// its certificate; one entropy estimate per representation serves every ε.
std::vector<SpectrumCurve> spectrum_curves(const Registry& registry, const SpectrumRequest& request,
                                           const SpectrumSetup& setup, const SplitData& data,
                                           const std::vector<SpectrumPoint>& points,
                                           const std::vector<RepresentationInfo>& infos);

// The output's fields that do not depend on the data's records.
SpectrumOutput spectrum_output(const SpectrumRequest& request, const SpectrumSetup& setup);

}  // namespace reconbound::workflow
