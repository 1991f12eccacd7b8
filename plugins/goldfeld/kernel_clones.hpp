#pragma once
// The fast path's kernels (shifted_kernel.cpp, chained_kernel.cpp) are compiled for the
// baseline, x86-64-v3 (AVX2) and x86-64-v4 (AVX-512) and dispatched at load time. With
// -ffp-contract=off (see CMakeLists.txt) all versions perform the same roundings, so they
// give the same bits.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && defined(__linux__)
#define RECONBOUND_GOLDFELD_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define RECONBOUND_GOLDFELD_CLONES
#endif
