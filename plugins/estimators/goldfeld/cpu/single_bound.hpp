#pragma once
// The proven bounds of the single-precision product kernel (single_kernel.hpp; proofs in
// single_bound.cpp, docs/fast_estimator.md "The single-precision product kernel"): on its
// computed exponents, uniform over the centres, and on its computed sums.
#include <cstddef>

#include "cpu/single_kernel.hpp"

namespace reconbound::goldfeld {

// Centres whose exact exponent exceeds ln n + kSingleFarNats are "far": their terms hold at
// most e^{−kSingleFarNats}·e^{ε_all} of S ≥ 1 together, whatever their rounding, so the sharper
// bound `near` needs to hold for the others only.
inline constexpr double kSingleFarNats = 40.0;

// Proven bounds on |ã_l − a_l| (nats) for one query of single_kernel_sums: `all` for every
// centre l, `near` for every centre with a_l ≤ ln n + kSingleFarNats (valid when all ≤ 1,
// which fits_single requires).
struct SingleExponentError {
  double all = 0.0;
  double near = 0.0;
};

// For the query with float weights w̃ (k values), offset c̃ and scale h̃ (single_kernel.hpp),
// computed ‖Z‖² = z_norm2 and double_error = product_exponent_error of the same query (the
// double inputs' own rounding). Infinite when the centres or the query leave float's range.
SingleExponentError single_exponent_error(const SingleCentres& centres, const float* weight,
                                          float offset, float scale, double z_norm2,
                                          double double_error);

// Largest `near` bound (nats) for which a row takes the single kernel: each of its queries adds
// at most about 1.05·near/ln 2 ≤ 1.4e-3 bits to the mean that t_num is, 1.4 % of the smallest
// t_MD of a paper-size run (0.096 bits). On Fashion-MNIST at n = 50,000 the bound's median is
// 1.5e-4 at (k, ν²) = (28, 1.6) (largest 2.4e-4, t_num 2.2e-4 bits) and 6.4e-4 at (28, 0.2),
// where 1.1 % of the queries exceed the limit (docs/fast_estimator.md). It keeps δ ≤ 1e-3
// (single_sum_relative_error).
inline constexpr double kSingleExponentLimit = 9e-4;

// Whether a query with these bounds may take the single kernel: `near` within
// kSingleExponentLimit, `all` ≤ 1 (the proofs' first-order terms), and every computed exponent
// ≥ kSingleExponentFloor (single_kernel.hpp): a ≥ −‖Z‖²/2, so ã ≥ −0.5·1.001·fl(‖Z‖²) − all.
bool fits_single(const SingleExponentError& error, double z_norm2);

// Proven bound δ on |S̃ − S|/S of a query's computed sum S̃ = single_kernel_sums against the
// exact sum S over all n centres, with skipped mass ≤ `skipped_mass`
// (product_skipped_mass_bound with the `all` bound). Throws NumericalError when δ > 1e-3.
double single_sum_relative_error(std::size_t n, const SingleExponentError& error,
                                 double skipped_mass);

// How the single kernel's terms of a query were summed: in the CPU kernel's float runs and
// double lanes (single_kernel.hpp, bound above), or by a device (single_kernel.cl) in float runs
// of kDeviceRun centres added in double, or in a compensated float sum.
enum class SingleSummation { cpu_lanes, device_double, device_compensated };

// Centres per float run of the device kernel (FLUSH in single_kernel.cl).
inline constexpr std::size_t kDeviceRun = 16;
// Centres per range of the device kernel (RANGE): each query's terms are summed per range on
// the device, the ranges in order by the host. Fixed, so that every device forms the same sums.
inline constexpr std::size_t kDeviceRange = 4096;

// Proven bound δ on |S̃ − S|/S of a query's sum computed by the device kernel (no centre
// skipped) with `summation` (device_double or device_compensated; proof in single_bound.cpp,
// docs/fast_estimator.md "The OpenCL kernel"). Throws NumericalError when δ > 1e-3.
double device_sum_relative_error(std::size_t n, const SingleExponentError& error, SingleSummation summation);

}  // namespace reconbound::goldfeld
