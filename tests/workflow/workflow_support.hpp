#pragma once
// Shared by the workflow tests: a registry that also finds the noisy-double mechanism, small
// bounds on the Fashion-MNIST test images, and the one-line error contract.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <numbers>
#include <string>

#include "reconbound/registry.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/data.hpp"

namespace reconbound::test {

// The default plugins and the noisy-double mechanism (tests/workflow/doubles).
const Registry& workflow_registry();

// "noisy-double" with k releases at noise σ (and its accountant unless accounting is false).
workflow::MechanismRequest noisy_double(int k, double sigma, bool accounting = true);

// Its closed forms: γ = k/(2(cσ)² ln 2) bits and ε(δ) = √k·√(2 ln(1.25/δ))/(cσ).
inline double noisy_gamma_bits(int k, double sd) { return k / (2.0 * sd * sd * std::numbers::ln2); }
inline double noisy_epsilon(int k, double sd, double delta) {
  return std::sqrt(static_cast<double>(k)) * std::sqrt(2.0 * std::log(1.25 / delta)) / sd;
}

// D⊥ = records a:b, D_est = records b:c of the 10,000 Fashion-MNIST test images.
workflow::DataRequest t10k_ranges(std::size_t a, std::size_t b, std::size_t c);

// A bound configuration small enough for a few seconds: grid {4, 8} × {0.4, 1.6}, 2 threads.
BoundConfig small_bound_config();

// A bound on t10k_ranges(0, 200, 400) with small_bound_config() (no leakage chosen yet).
workflow::BoundRequest small_bound_request();

// The message of the InvalidInput `call` throws ("" and a test failure when it throws none).
std::string invalid_input_message(const std::function<void()>& call);

}  // namespace reconbound::test
