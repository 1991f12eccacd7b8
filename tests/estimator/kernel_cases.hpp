#pragma once
// Inputs of the fast path's kernels and their sums in 50-digit arithmetic, shared by the kernel
// tests (fast_kernel_test.cpp, single_kernel_test.cpp).
#include <boost/multiprecision/cpp_bin_float.hpp>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "cpu/shifted_kernel.hpp"
#include "cpu/single_bound.hpp"
#include "cpu/single_kernel.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound::test {

using Big = boost::multiprecision::cpp_bin_float_50;

// The default dither levels ν² and their sds s = sqrt(ν²·tr/k), as the estimator forms them.
std::vector<double> default_sds(double trace, std::size_t k);

// One kernel call's inputs: n centres (coordinate-major, k × n) and `draws` draws Z (draws × k).
struct KernelCase {
  std::size_t n = 0;
  std::size_t k = 0;
  std::size_t self = 0;
  std::size_t draws = 0;
  std::vector<double> centres;
  std::vector<double> z;
  std::vector<double> s;  // dither sd per level
};

// S = Σ_l exp(−(D_l/(2s²) + G_l/s)) for level v and draw j, in 50 digits from the doubles.
Big reference_sum(const KernelCase& c, std::size_t v, std::size_t j);

// fl(‖Z_j‖²) as the fast path computes it.
double norm2_of(const KernelCase& c, std::size_t j);

// Random centres N(0, spread²) and standard normal draws at the default levels (tr = 1), with
// the own centre `seed mod n`.
KernelCase random_case(std::size_t n, std::size_t k, std::size_t draws, double spread,
                       std::uint64_t seed);

// n standard normal records in k coordinates (seeded), every `every`-th from row `first` scaled
// by `factor`: a block whose far rows leave the product kernels for their fallbacks.
reconbound::RowMatrix rows_with_far_ones(std::size_t n, std::size_t k, std::uint64_t seed, std::size_t every,
                                         std::size_t first, double factor);

// Adversarial blocks of the product kernels' tests (k coordinates, two draws):
// 90 records, record 5 sixty sds out, at s = 0.05, 0.9 and 4 (the largest cancellation in
// c_q + h·N_l − ⟨w_q, y_l⟩);
KernelCase outlier_case(std::size_t k);
// 80 records in pairs that differ at 1e-9 relative (differences at the data's last bits), at
// s = 1e-4, 0.2 and 1.6;
KernelCase near_duplicate_case(std::size_t k);
// 403 centres on a segment of length 32 through the mean in 3 coordinates, the draws of norm²
// `norm2` pointing along it: exponents from −‖Z‖²/2 to 512 (clamped beyond 87), s = 1.
KernelCase line_case(double norm2);

// The single kernel's queries of `rows` (all levels and draws of a KernelCase) as fast_tile_sums
// forms them, with the centres in both layouts, the bounds of each query and where it came from.
struct SingleQueries {
  goldfeld::ProductCentres product;
  goldfeld::SingleCentres single;
  std::vector<std::size_t> self, level, draw;
  std::vector<float> weights, offsets, scales;
  std::vector<goldfeld::SingleExponentError> errors;
  std::vector<double> z_norm2;
};
SingleQueries single_queries(const KernelCase& c, const std::vector<std::size_t>& rows);

}  // namespace reconbound::test
