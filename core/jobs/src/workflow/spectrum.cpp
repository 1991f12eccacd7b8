#include "reconbound/workflow/spectrum.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "reconbound/bound_frame.hpp"
#include "reconbound/error.hpp"
#include "reconbound/represent.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "spectrum_steps.hpp"

namespace reconbound::workflow {

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

SpectrumSetup checked_spectrum_setup(const Registry& registry, const SpectrumRequest& request) {
  SpectrumSetup setup;
  setup.epsilons = target_epsilons(request.target_epsilons);
  setup.mechanism = make_checked_mechanism(registry, request.mechanism, {.accountant = true, .noise = true});
  setup.delta = resolve_delta(request.delta);
  check_sigma_tolerance(request.calibration.sigma_tolerance);  // before the long work
  refuse_selection_only(request.bound);
  if (request.representations.empty()) throw InvalidInput("spectrum needs at least one representation");
  // Joint: a union bound over the R curves, each certified at α/R (mathematics §6.8).
  BoundConfig shared = request.bound;
  if (request.joint) shared.alpha /= static_cast<double>(request.representations.size());
  for (const std::string& spec : request.representations) {  // every spec checked before the long work
    setup.configs.push_back(with_representation(shared, spec));
    const BoundConfig& c = setup.configs.back();
    setup.psis.push_back(registry.make_representation(c.representation, c.representation_params));
  }
  return setup;
}

std::vector<RepresentationInfo> spectrum_infos(const SpectrumSetup& setup, const ImageShape& shape) {
  std::vector<RepresentationInfo> infos;
  for (std::size_t r = 0; r < setup.configs.size(); ++r) {
    infos.push_back(describe_checked(*setup.psis[r], shape, setup.configs[r].representation));
  }
  return infos;
}

std::vector<SpectrumCurve> spectrum_curves(const Registry& registry, const SpectrumRequest& request,
                                           const SpectrumSetup& setup, const SplitData& data,
                                           const std::vector<SpectrumPoint>& points,
                                           const std::vector<RepresentationInfo>& infos) {
  std::vector<double> gammas, errors;
  for (const SpectrumPoint& point : points) {
    gammas.push_back(point.gamma_bits);
    errors.push_back(point.gamma_error_bits);
  }
  const double largest_error = *std::max_element(errors.begin(), errors.end());
  const LeakageOrigin origin = largest_error > 0.0 ? LeakageOrigin::mechanism_with_error : LeakageOrigin::mechanism_exact;
  std::vector<SpectrumCurve> curves;
  for (std::size_t r = 0; r < setup.configs.size(); ++r) {
    SpectrumCurve curve{request.representations[r],
                        compute_checked_bound(registry, data.bound_data(), gammas, setup.configs[r], request.run, errors), {},
                        infos[r].unit};
    curve.certificate = make_certificate(curve.report, origin, largest_error, data.origin);
    if (request.joint && setup.configs.size() > 1) {
      // The union bound's level, stated with each curve's (issue 38: never a per-curve level alone).
      curve.certificate.scope =
          fmt::format("joint over {0} representations (alpha/{0} each; all {0} curves hold together with "
                      "probability >= {1:.4g}%)",
                      setup.configs.size(), 100.0 * (1.0 - request.bound.alpha));
    }
    curves.push_back(std::move(curve));
  }
  return curves;
}

SpectrumOutput spectrum_output(const SpectrumRequest& request, const SpectrumSetup& setup) {
  SpectrumOutput out;
  out.mechanism = request.mechanism.name;
  out.delta = setup.delta;
  out.steps = schedule_steps(request.mechanism);
  out.joint = request.joint;
  out.alpha = request.bound.alpha;
  return out;
}

SpectrumOutput run_spectrum(const Registry& registry, const SpectrumRequest& request) {
  const SpectrumSetup setup = checked_spectrum_setup(registry, request);
  SpectrumOutput out = spectrum_output(request, setup);
  const SplitData data = load_split_data(request.data);
  out.data_source = data.dataset->source;
  const std::vector<RepresentationInfo> infos = spectrum_infos(setup, data.dataset->shape);
  // σ and γ for every ε first (data-free), so that the grid selection (mathematics §6.6) can aim at
  // those γ; then one entropy estimate per representation serves every ε.
  out.points = calibrate_spectrum(registry, request, setup, data.dataset->shape);
  out.curves = spectrum_curves(registry, request, setup, data, out.points, infos);
  return out;
}

}  // namespace reconbound::workflow
