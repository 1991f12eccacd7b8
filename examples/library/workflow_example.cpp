// The workflow API from C++ (docs/library-api.md): the leakage, ε and calibrated noise of the
// paper's MNIST schedule, then ρ* on a slice of the Fashion-MNIST test images — what
// `reconbound leakage|epsilon|calibrate|bound --json` print, from one program.
#include <cstdio>
#include <exception>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/epsilon.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/leakage.hpp"

int main() {
  using namespace reconbound;
  try {
    const Registry registry;  // the installed plugins, and RECONBOUND_PLUGIN_PATH
    // DP-SGD with q = 1024/50000 over T = 4900 steps at σ = 1.1.
    workflow::MechanismRequest dpsgd{"dpsgd", {}, Schedule::constant(1024.0 / 50000.0, 1.1, 4900)};

    const workflow::LeakageOutput leakage = workflow::run_leakage(registry, {dpsgd});
    std::printf("gamma = %.6f bits\n", leakage.leakage.gamma_bits);

    workflow::EpsilonRequest epsilon;
    epsilon.mechanism = dpsgd;
    epsilon.delta.delta = 1e-5;
    const workflow::EpsilonOutput e = workflow::run_epsilon(registry, epsilon);
    std::printf("epsilon in [%.4f, %.4f] at delta 1e-5 (%s)\n", e.epsilon.epsilon_lower, e.epsilon.epsilon_upper,
                e.method.c_str());

    // The noise multiplier for ε = 8: the schedule's σ column is a shape (σ = 1), scaled by c.
    workflow::CalibrateEpsilonRequest calibrate;
    calibrate.mechanism = {"dpsgd", {}, Schedule::constant(1024.0 / 50000.0, 1.0, 4900)};
    calibrate.target_epsilon = 8.0;
    calibrate.delta.delta = 1e-5;
    calibrate.calibration.sigma_tolerance = 1e-3;
    const workflow::CalibrateEpsilonOutput c = workflow::run_calibrate_epsilon(registry, calibrate);
    std::printf("sigma = %.4f for epsilon <= 8 (gamma %.4f bits)\n", c.calibration.sigma, c.gamma_bits);

    // ρ* at that leakage on D⊥ = images 0..999 and D_est = images 1000..1999 of the test set.
    workflow::BoundRequest bound;
    bound.data.spec = "idx:" + fashion_mnist_test_images();
    bound.data.perp_records.range = workflow::IndexRange{0, 1000};
    bound.data.est_records.range = workflow::IndexRange{1000, 2000};
    bound.representation = "downsample:2";
    bound.bound.estimator = "goldfeld";  // the paper's estimator (mathematics §6) and converse (eq 14):
    bound.bound.converse = "slb";        // the library names no plugin for its caller
    bound.bound.threads = 2;
    bound.gammas = {c.gamma_bits};
    const workflow::BoundOutput b = workflow::run_bound(registry, bound);
    std::printf("rho* = %.4f\n%s\n", b.report.results[0].converse.rho_star,
                workflow::to_json(b)["grid_selection"]["method"].dump().c_str());
    // What that number certifies, and with which probability (docs/mathematics.md §6.8).
    std::printf("%s\n", certificate_sentence(b.certificate, b.report, b.report.results[0]).c_str());
    return 0;
  } catch (const Error& e) {  // InvalidInput, FileError, PluginError, NumericalError
    std::fprintf(stderr, "error: %s\n", e.what());
    return 2;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "internal error: %s\n", e.what());
    return 1;
  }
}
