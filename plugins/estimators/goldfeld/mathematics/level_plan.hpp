#pragma once
// How the fast path evaluates the dither levels of one block size (docs/fast_estimator.md,
// "Squaring chains").
//
// A level v whose dither sd is exactly half that of another level p (s_p = 2·s_v, compared
// in double, i.e. as the estimator uses them) has h_v = 4·h_p and r_v = 2·r_p exactly, so
// its exponent follows from p's:  a_v = D·h_v + G·r_v = 2·(a_p + D·h_p)   (nats), and
//   e^{−a_v} = (e^{−a_p} · e^{−D·h_p})²,
// two multiplications instead of an exponential. p is v's parent; a level without a parent
// is a top and takes its exponential directly. In the default grid (ν² = 0.2·2^v) the
// levels form the chains 6.4 → 1.6 → 0.4 and 3.2 → 0.8 → 0.2.
#include <cstddef>
#include <limits>
#include <vector>

namespace reconbound::goldfeld {

// The scales of one dither level: h = 0.5/(s·s), r = 1/s.
struct LevelScale {
  double half_inv_s2 = 0.0;
  double inv_s = 0.0;
};

// The arithmetic of the product kernel (plans without chains): float32 exponents and
// exponentials (single_kernel.hpp, rows beyond its bounds take the double kernel) or float64
// throughout (shifted_kernel.hpp).
enum class ProductPrecision { single, double_precision };

inline constexpr std::size_t kTopLevel = std::numeric_limits<std::size_t>::max();

// Longest chain below a top: the exponential's error grows by 4 per step (4^d·δ_e, see
// query_bound.cpp), so a level deeper than this starts a new chain as a top.
inline constexpr std::size_t kMaxChainDepth = 6;

struct LevelPlan {
  std::vector<LevelScale> scales;   // per level: h = 0.5/(s·s), r = 1/s
  std::vector<std::size_t> parent;  // per level: its parent, or kTopLevel
  std::vector<std::size_t> depth;   // per level: steps up to its top (0 for a top)
  std::vector<bool> has_child;      // per level: some level has it as parent
  std::vector<std::size_t> order;   // all levels, every parent before its child
  std::vector<std::vector<std::size_t>> chains;  // top first, then each level's child
  bool chained = false;             // some level has a parent
};

// Levels chained wherever s_p == 2·s_v holds exactly, p has no child yet (so chains are
// linear) and p is less than kMaxChainDepth below its top (s: the dither sds, finite, > 0).
// Without any such pair every level is a top and the fast path uses the direct kernel
// (shifted_kernel.hpp) instead.
// With allow_chains = false every level is a top.
LevelPlan chained_levels(const std::vector<double>& s, bool allow_chains = true);

// Fewest levels of one block size for which the fast path chains them. With fewer (a grid
// selected on D⊥ certifies one to three levels per block size) the product kernel's one pass
// per level is cheaper: at k = 28, n = 60,000 and n_mc = 1 the chained kernel took 9.5 ns
// per (query, centre) for three levels (two chained), the product kernel 1.8 ns per level.
inline constexpr std::size_t kChainMinLevels = 4;

// Largest block size at which the fast path chains levels. Above it the product kernel is
// cheaper even for the whole grid: entropy CPU seconds on 5,000 Fashion-MNIST records, one
// thread (chained against the product kernel's one-level time times the levels):
//   k = 4:  4 levels 18.3 s against 20; 6 levels 23.7 against 31
//   k = 8:  6 levels 14.3 against 15.6
//   k = 14: 4 levels 8.7 against 5.6;   k = 16: 4 levels 8.9 against 4.0
//   k = 28: 4 levels 10.0 against 4.8;  6 levels 9.3 against 6.3
inline constexpr std::size_t kChainMaxBlockSize = 8;

// The fast path's plan for the levels of block size k: chained_levels(s), with chains only
// with the double product kernel, at least kChainMinLevels levels and k ≤ kChainMaxBlockSize.
// The single product kernel beats the chains at every k and level count: 0.215 and 0.256 ns
// per (query, centre) and level at k = 4 and 8 against the chained kernel's 0.36 and 0.38 for
// six levels in two chains (bench/floor_benchmark.cpp, docs/fast_estimator.md "The floor").
LevelPlan level_plan(const std::vector<double>& s, std::size_t k, ProductPrecision precision);

}  // namespace reconbound::goldfeld
