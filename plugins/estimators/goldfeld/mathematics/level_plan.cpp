#include "mathematics/level_plan.hpp"

#include <algorithm>
#include <numeric>

namespace reconbound::goldfeld {

LevelPlan chained_levels(const std::vector<double>& s, bool allow_chains) {
  const std::size_t count = s.size();
  LevelPlan plan;
  plan.parent.assign(count, kTopLevel);
  plan.depth.assign(count, 0);
  plan.has_child.assign(count, false);
  for (const double sd : s) plan.scales.push_back({0.5 / (sd * sd), 1.0 / sd});  // h, r
  // Widest first: a parent (s_p = 2·s_v > s_v) always precedes its children.
  plan.order.resize(count);
  std::iota(plan.order.begin(), plan.order.end(), std::size_t{0});
  std::stable_sort(plan.order.begin(), plan.order.end(),
                   [&s](std::size_t a, std::size_t b) { return s[a] > s[b]; });
  for (const std::size_t v : plan.order) {
    if (!allow_chains) break;
    for (const std::size_t p : plan.order) {
      // Exact comparison: doubling is exact, so this is s_p = 2·s_v in real numbers.
      if (s[p] == 2.0 * s[v] && !plan.has_child[p] && plan.depth[p] < kMaxChainDepth) {
        plan.parent[v] = p;
        plan.depth[v] = plan.depth[p] + 1;  // p precedes v in `order`: its depth is final
        plan.has_child[p] = true;
        plan.chained = true;
        break;
      }
    }
  }
  // Each chain in order: a top, then its child, its child's child, …
  std::vector<std::size_t> child(count, kTopLevel);
  for (std::size_t v = 0; v < count; ++v) {
    if (plan.parent[v] != kTopLevel) child[plan.parent[v]] = v;
  }
  for (const std::size_t top : plan.order) {
    if (plan.parent[top] != kTopLevel) continue;
    std::vector<std::size_t> chain{top};
    while (child[chain.back()] != kTopLevel) chain.push_back(child[chain.back()]);
    plan.chains.push_back(chain);
  }
  return plan;
}

LevelPlan level_plan(const std::vector<double>& s, std::size_t k, ProductPrecision precision) {
  return chained_levels(s, precision == ProductPrecision::double_precision && s.size() >= kChainMinLevels &&
                               k <= kChainMaxBlockSize);
}

}  // namespace reconbound::goldfeld
