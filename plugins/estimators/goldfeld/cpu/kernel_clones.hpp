#pragma once
// The fast path's kernels (shifted_kernel.cpp, single_kernel.cpp, chained_kernel.cpp,
// series_kernel.cpp, planar_series_kernel.cpp) are compiled for the baseline, x86-64-v3 (AVX2 + FMA) and
// x86-64-v4 (AVX-512) and dispatched at load time. They allow FMA contraction (see
// CMakeLists.txt): the v3 and v4 clones give the same bits, the baseline clone may differ
// from them in the last bits; every error bound holds for all three, since a fused
// multiply-add only removes a rounding.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define RECONBOUND_GOLDFELD_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define RECONBOUND_GOLDFELD_CLONES
#endif

#include <cstddef>

namespace reconbound::goldfeld::detail {

// Eight doubles as one value (GCC/Clang vector extension): running sums kept in such values
// stay in vector registers, where an array of doubles would be kept in memory and its loop
// would wait on store-to-load forwarding. One AVX-512 register, two AVX2 registers.
inline constexpr std::size_t kVectorLanes = 8;
using LaneVector = double __attribute__((vector_size(kVectorLanes * sizeof(double))));
// Eight 64-bit integers: a LaneVector's bits (exp_neg.hpp) and lane masks of comparisons.
using LaneBits = unsigned long long __attribute__((vector_size(kVectorLanes * sizeof(double))));

// Sixteen floats as one value, the single-precision kernel's vector (one AVX-512 register),
// its bits (exp_neg_single.hpp) and its half, eight floats, converted to a LaneVector.
inline constexpr std::size_t kFloatLanes = 16;
using FloatVector = float __attribute__((vector_size(kFloatLanes * sizeof(float))));
using FloatBits = unsigned int __attribute__((vector_size(kFloatLanes * sizeof(float))));
using FloatHalf = float __attribute__((vector_size(kVectorLanes * sizeof(float))));

}  // namespace reconbound::goldfeld::detail
