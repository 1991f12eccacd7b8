// The chain's data layout (mathematics §7, §9): overlaps and a shadow outside D_est are refused.
#include <gtest/gtest.h>

#include "reconbound/chain.hpp"
#include "reconbound/error.hpp"

namespace reconbound {
namespace {

ChainIndices good_layout() { return {{0, 1, 2}, {3, 4, 5, 6}, {4, 5}, {7, 8}}; }

std::string message_of(const ChainIndices& indices) {
  try {
    check_chain_layout(indices);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "";
}

TEST(ChainLayout, AcceptsDisjointSetsWithShadowInsideEst) {
  EXPECT_NO_THROW(check_chain_layout(good_layout()));
  ChainIndices all_est = good_layout();
  all_est.shadow.clear();
  EXPECT_NO_THROW(check_chain_layout(all_est));
}

TEST(ChainLayout, RefusesEachOverlapNamingBothSets) {
  ChainIndices perp_est = good_layout();
  perp_est.est.push_back(1);
  EXPECT_NE(message_of(perp_est).find("D_perp and D_est overlap: record 1"), std::string::npos);
  ChainIndices perp_targets = good_layout();
  perp_targets.targets.push_back(2);
  EXPECT_NE(message_of(perp_targets).find("D_perp and the targets overlap: record 2"), std::string::npos);
  ChainIndices est_targets = good_layout();
  est_targets.targets.push_back(6);
  EXPECT_NE(message_of(est_targets).find("D_est and the targets overlap: record 6"), std::string::npos);
}

TEST(ChainLayout, RefusesShadowOutsideEstAndNoTargets) {
  ChainIndices outside = good_layout();
  outside.shadow.push_back(8);
  EXPECT_NE(message_of(outside).find("D_shadow must lie inside D_est: record 8"), std::string::npos);
  ChainIndices none = good_layout();
  none.targets.clear();
  EXPECT_NE(message_of(none).find("at least one held-out target"), std::string::npos);
}

}  // namespace
}  // namespace reconbound
