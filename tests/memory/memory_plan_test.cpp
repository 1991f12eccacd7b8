// The memory plan (docs/memory.md) against the sizes worked out by hand: the CelebA-size job of
// issue 22 (50,000 records of 3×64×64 bytes in an .npy file, |D⊥| 10,000, n_est 40,000), the
// same records held in memory, a chain-style frame that keeps Ψ(D_est), four ranks and the
// eigenbasis; and the one-line refusal.
#include <gtest/gtest.h>

#include <string>

#include "reconbound/error.hpp"
#include "reconbound/memory_plan.hpp"

namespace reconbound {
namespace {

// The CelebA-size job streamed from a mapped file of bytes on 2 threads (windows of 2 × 256).
BoundSizes celeba() {
  return {.n_perp = 10000, .n_est = 40000, .d = 12288, .m = 12288, .m_pad = 12288, .threads = 2, .ranks = 1,
          .window = 512, .mapped_record_bytes = 12288, .keeps_est_features = false, .eigenbasis = false,
          .pilot = true};
}

TEST(MemoryPlan, TheCelebASizeJobFromAMappedFile) {
  const MemoryPlan plan = plan_bound_memory(celeba());
  EXPECT_EQ(plan.records_bytes, 0u);                      // nothing of the file is held
  EXPECT_EQ(plan.features_bytes, 0u);  // Ψ(D⊥), 10,000 × 12,288 × 8, is let go before the larger rotated D_est
  EXPECT_EQ(plan.rotated_bytes, 3'932'160'000ull);          // 40,000 × 12,288 × 8
  EXPECT_EQ(plan.pilot_bytes, 983'040'000ull);              // min(10,000, 20,000) × 12,288 × 8
  EXPECT_EQ(plan.exchange_bytes, 0u);
  EXPECT_EQ(plan.rotation_bytes, 0u);                     // signs: no covariance
  // A window: Ψ 512 × 12,288 × 8 + decoded records 512 × 12,288 × 8 + pages 512 × 12,288; the
  // UCB's terms 40,000 × 8.
  EXPECT_EQ(plan.stream_bytes, 50'331'648ull + 50'331'648ull + 6'291'456ull + 320'000ull);
  EXPECT_EQ(plan.workspace_bytes, 2u * 16u * 1024u * 1024u);
  EXPECT_EQ(plan.total(), 3'932'160'000ull + 983'040'000ull + 107'274'752ull + 33'554'432ull);
  // Without the pilot (--grid-select none) the plan is the rotated D_est and a window.
  BoundSizes none = celeba();
  none.pilot = false;
  EXPECT_EQ(plan_bound_memory(none).total(), plan.total() - 983'040'000ull);
}

TEST(MemoryPlan, RecordsInMemoryKeptFeaturesRanksAndTheEigenbasisCount) {
  BoundSizes in_memory = celeba();
  in_memory.mapped_record_bytes = 0;
  const MemoryPlan held = plan_bound_memory(in_memory);
  EXPECT_EQ(held.records_bytes, 4'915'200'000ull);  // (10,000 + 40,000) × 12,288 × 8
  EXPECT_EQ(held.stream_bytes, 50'331'648ull + 320'000ull);  // Ψ of a window only: records are read in place

  BoundSizes kept = in_memory;
  kept.keeps_est_features = true;  // Ψ(D_est) is written straight into the kept matrix
  const MemoryPlan chain = plan_bound_memory(kept);
  EXPECT_EQ(chain.features_bytes, 4'915'200'000ull);  // (10,000 + 40,000) × 12,288 × 8
  EXPECT_EQ(chain.stream_bytes, 320'000ull);

  BoundSizes shared = celeba();
  shared.ranks = 4;  // share ⌈40,000 / 4⌉ = 10,000
  const MemoryPlan rank = plan_bound_memory(shared);
  EXPECT_EQ(rank.rotated_bytes, 983'040'000ull);
  EXPECT_EQ(rank.exchange_bytes, 2u * 983'040'000ull);
  EXPECT_EQ(rank.stream_bytes, 107'274'752ull);  // all n_est terms of the UCB are gathered on each rank

  // A D_est smaller than D⊥: Ψ(D⊥) outweighs the rotated D_est that takes its place, by
  // (10,000 − 4,000) × 12,288 × 8.
  BoundSizes few = celeba();
  few.n_est = 4000;
  EXPECT_EQ(plan_bound_memory(few).features_bytes, 589'824'000ull);
  few.ranks = 2;  // share 2,000: rotated 196,608,000 + exchange 393,216,000
  EXPECT_EQ(plan_bound_memory(few).features_bytes, 983'040'000ull - 589'824'000ull);

  BoundSizes small = in_memory;
  small.m = small.m_pad = 784;
  small.eigenbasis = true;
  EXPECT_EQ(plan_bound_memory(small).rotation_bytes, 3u * 784u * 784u * 8u);
}

TEST(MemoryPlan, TheRefusalIsOneLineWithTheEstimateAndTheLimit) {
  const MemoryPlan plan = plan_bound_memory(celeba());
  EXPECT_NO_THROW(check_memory_plan(plan, plan.total(), "test"));
  try {
    check_memory_plan(plan, std::size_t{4} << 30, "--memory-limit");
    FAIL() << "a plan over the limit was accepted";
  } catch (const InvalidInput& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    EXPECT_EQ(message.rfind("this bound needs about 5.06 GB (stream 107.3 MB, rotated D_est "
                            "3.93 GB, pilot 983.0 MB, estimator threads 33.6 MB) more memory but 4.29 GB is "
                            "available (--memory-limit)",
                            0),
              0u)
        << message;
  }
}

}  // namespace
}  // namespace reconbound
