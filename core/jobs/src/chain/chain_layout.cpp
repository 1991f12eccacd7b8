// The data layout of the tightness chain (mathematics §7, §9; paper §F.4): D⊥, D_est and the
// targets pairwise disjoint, D_shadow inside D_est.
#include <fmt/format.h>

#include <algorithm>
#include <string_view>
#include <unordered_set>

#include "reconbound/chain.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

namespace {

void check_disjoint(const std::vector<std::size_t>& a, std::string_view a_name,
                    const std::vector<std::size_t>& b, std::string_view b_name) {
  const std::unordered_set<std::size_t> in_a(a.begin(), a.end());
  std::size_t overlap = 0, first = 0;
  for (const std::size_t i : b) {
    if (in_a.count(i) != 0 && overlap++ == 0) first = i;
  }
  if (overlap > 0) {
    throw InvalidInput(fmt::format("{} and {} overlap: record {} is in both ({} shared record(s)); they must be disjoint",
                                   a_name, b_name, first, overlap));
  }
}

}  // namespace

void check_chain_layout(const ChainIndices& indices) {
  if (indices.targets.empty()) throw InvalidInput("the chain needs at least one held-out target");
  check_disjoint(indices.perp, "D_perp", indices.est, "D_est");
  check_disjoint(indices.perp, "D_perp", indices.targets, "the targets");
  check_disjoint(indices.est, "D_est", indices.targets, "the targets");
  if (indices.shadow.empty()) return;
  const std::unordered_set<std::size_t> est(indices.est.begin(), indices.est.end());
  const auto outside = std::find_if(indices.shadow.begin(), indices.shadow.end(),
                                    [&](std::size_t i) { return est.count(i) == 0; });
  if (outside != indices.shadow.end()) {
    throw InvalidInput(fmt::format("D_shadow must lie inside D_est: record {} is not in D_est", *outside));
  }
}

}  // namespace reconbound
