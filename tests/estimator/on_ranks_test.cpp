// The estimator's blocks shared among ranks (reconbound/on_ranks.hpp, docs/distributed.md):
// every rank ends with the results of one process, bit for bit, for any number of ranks, for
// the certified estimate (combine()) and the pilot's shares, and through the whole bound. The
// ranks are threads here (ThreadRanks); the MPI ranks of the CLI are tested under mpirun in
// tests/mpi.
#include <gtest/gtest.h>

#include <barrier>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <thread>

#include "estimator_support.hpp"
#include "reconbound/bound.hpp"
#include "reconbound/bound_frame.hpp"
#include "reconbound/error.hpp"
#include "reconbound/memory_plan.hpp"
#include "reconbound/on_ranks.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/workflow/setting_text.hpp"

namespace reconbound {
namespace {

// The slots N threads exchange their bytes through.
struct Exchange {
  explicit Exchange(std::size_t n) : slots(n), mailboxes(n), barrier(static_cast<std::ptrdiff_t>(n)) {}
  std::vector<std::string> slots;
  std::vector<std::vector<std::string>> mailboxes;  // [sender][receiver]
  std::barrier<> barrier;
};

class ThreadRanks final : public Ranks {
 public:
  ThreadRanks(Exchange& exchange, std::size_t rank) : exchange_(exchange), rank_(rank) {}
  std::size_t rank() const override { return rank_; }
  std::size_t size() const override { return exchange_.slots.size(); }
  std::vector<std::string> all_gather(const std::string& bytes) override {
    exchange_.slots[rank_] = bytes;
    exchange_.barrier.arrive_and_wait();
    std::vector<std::string> all = exchange_.slots;
    exchange_.barrier.arrive_and_wait();  // nobody overwrites a slot before every rank has read it
    return all;
  }
  std::vector<std::string> all_to_all(std::vector<std::string> outgoing) override {
    exchange_.mailboxes[rank_] = std::move(outgoing);
    exchange_.barrier.arrive_and_wait();
    std::vector<std::string> incoming;
    for (std::size_t s = 0; s < size(); ++s) incoming.push_back(exchange_.mailboxes[s].at(rank_));
    exchange_.barrier.arrive_and_wait();
    return incoming;
  }

 private:
  Exchange& exchange_;
  std::size_t rank_;
};

// A rank whose peers' messages arrive cut short.
class TruncatingRanks final : public Ranks {
 public:
  std::size_t rank() const override { return 0; }
  std::size_t size() const override { return 2; }
  std::vector<std::string> all_gather(const std::string& bytes) override {
    return {bytes, bytes.substr(0, bytes.size() / 2)};
  }
  std::vector<std::string> all_to_all(std::vector<std::string> outgoing) override { return outgoing; }
};

// Runs job(ranks) on `n` threads, one rank each; the results in rank order.
template <typename Result>
std::vector<Result> on_threads(std::size_t n, const std::function<Result(Ranks&)>& job) {
  Exchange exchange(n);
  std::vector<Result> results(n);
  std::vector<std::thread> threads;
  for (std::size_t r = 0; r < n; ++r) {
    threads.emplace_back([&, r] {
      ThreadRanks ranks(exchange, r);
      results[r] = job(ranks);
    });
  }
  for (std::thread& t : threads) t.join();
  return results;
}

void expect_identical(const std::vector<GridEntropy>& a, const std::vector<GridEntropy>& b) {
  ASSERT_EQ(a.size(), b.size());
  for (std::size_t p = 0; p < a.size(); ++p) {
    EXPECT_EQ(a[p].pair, b[p].pair);
    // Bit for bit: NaN of a partial result included.
    EXPECT_EQ(std::memcmp(&a[p].h_lb, &b[p].h_lb, sizeof(double)), 0) << "pair " << p;
    EXPECT_EQ(std::memcmp(&a[p].h_point, &b[p].h_point, sizeof(double)), 0) << "pair " << p;
    EXPECT_EQ(std::memcmp(&a[p].t_num, &b[p].t_num, sizeof(double)), 0) << "pair " << p;
    EXPECT_EQ(a[p].complete, b[p].complete);
    ASSERT_EQ(a[p].blocks.size(), b[p].blocks.size()) << "pair " << p;
    for (std::size_t i = 0; i < a[p].blocks.size(); ++i) {
      EXPECT_EQ(a[p].blocks[i].block, b[p].blocks[i].block);
      EXPECT_EQ(a[p].blocks[i].h_point_bits, b[p].blocks[i].h_point_bits);
      EXPECT_EQ(a[p].blocks[i].numerical_error_bits, b[p].blocks[i].numerical_error_bits);
    }
    ASSERT_EQ(a[p].details.size(), b[p].details.size());
    for (std::size_t i = 0; i < a[p].details.size(); ++i) {
      EXPECT_EQ(a[p].details[i].name, b[p].details[i].name);
      EXPECT_EQ(std::memcmp(&a[p].details[i].value, &b[p].details[i].value, sizeof(double)), 0);
    }
  }
}

const std::vector<GridPair> kGrid{{1, 0.2}, {2, 0.8}, {4, 0.4}, {8, 1.6}};

TEST(OnRanks, TheCertifiedEstimateIsOneProcesssForAnyNumberOfRanks) {
  const RowMatrix data = test::gaussian_sample(80, 16, 7);
  for (const bool exact : {false, true}) {
    Params params;
    if (exact) params.set("exact", std::string("true"));
    const auto estimator = test::goldfeld(params);
    const EntropyRequest request = test::make_request(data, kGrid, test::sample_trace(data), 3);
    const std::vector<GridEntropy> alone = estimator->estimate(request);
    // More ranks (5) than the blocks of k = 8 (2): some ranks have none of them.
    for (const std::size_t n : {1u, 2u, 3u, 5u}) {
      const auto results = on_threads<std::vector<GridEntropy>>(
          n, [&](Ranks& ranks) { return estimate_on_ranks(*estimator, request, &ranks); });
      for (const auto& result : results) expect_identical(alone, result);
    }
  }
}

TEST(OnRanks, APilotShareIsSplitFurtherAndComesBackInBlockOrder) {
  const RowMatrix data = test::gaussian_sample(60, 16, 11);
  const auto estimator = test::goldfeld();
  EntropyRequest request = test::make_request(data, {{1, 0.4}, {2, 0.4}}, test::sample_trace(data), 5);
  request.n_mc = 2;
  request.shard = 1;
  request.shards = 3;  // blocks 1, 4, 7, ... as the pilot asks
  const std::vector<GridEntropy> alone = estimator->estimate(request);
  // Dealt from any rank on (the pilot deals each call on where the last left off).
  for (const std::size_t n : {2u, 3u}) {
    for (std::size_t first_rank = 0; first_rank < 4; ++first_rank) {
      const auto results = on_threads<std::vector<GridEntropy>>(
          n, [&](Ranks& ranks) { return estimate_on_ranks(*estimator, request, &ranks, first_rank); });
      for (const auto& result : results) expect_identical(alone, result);
    }
  }
}

TEST(OnRanks, SharesOfSeveralRequestsEstimatedBeforeAnyExchangeComeBackAsAlone) {
  const RowMatrix data = test::gaussian_sample(60, 16, 12);
  const auto estimator = test::goldfeld();
  EntropyRequest first = test::make_request(data, {{1, 0.4}, {2, 0.4}}, test::sample_trace(data), 5);
  first.n_mc = 1, first.shard = 0, first.shards = 2;
  const RowMatrix head = data.topRows(30);  // the request views it: it must outlive the request
  EntropyRequest second = test::make_request(head, {{4, 0.8}}, test::sample_trace(data), 5);
  second.n_mc = 1, second.shard = 0, second.shards = 1;
  const std::vector<GridEntropy> first_alone = estimator->estimate(first), second_alone = estimator->estimate(second);
  for (const std::size_t n : {2u, 3u}) {
    const auto results = on_threads<std::vector<std::vector<GridEntropy>>>(n, [&](Ranks& ranks) {
      // Both estimated, dealt from different ranks, before the ranks exchange anything.
      RankShare a = estimate_share(*estimator, first, &ranks, 1);
      RankShare b = estimate_share(*estimator, second, &ranks, 0);
      return std::vector<std::vector<GridEntropy>>{gather_share(*estimator, first, &ranks, std::move(a)),
                                                   gather_share(*estimator, second, &ranks, std::move(b))};
    });
    for (const auto& result : results) {
      expect_identical(first_alone, result[0]);
      expect_identical(second_alone, result[1]);
    }
  }
}

TEST(OnRanks, LeftoverBlocksAreDealtToTheLeastLoadedRanks) {
  // Two ranks: an odd call's extra block goes to the rank with less work, whatever its cost.
  std::vector<double> two(2, 0.0);
  EXPECT_EQ(deal_from(two, 7, 1.0), 0u);  // a tie: rank 0 first
  EXPECT_EQ(two, (std::vector<double>{4.0, 3.0}));
  EXPECT_EQ(deal_from(two, 7, 2.0), 1u);  // rank 1 gets 4 blocks of 2
  EXPECT_EQ(two, (std::vector<double>{10.0, 11.0}));
  EXPECT_EQ(deal_from(two, 3, 4.0), 0u);  // rank 0 gets 2 blocks of 4
  EXPECT_EQ(two, (std::vector<double>{18.0, 15.0}));
  // Three ranks with loads 5, 0, 2 and two leftover blocks: ranks 1 and 2 (from rank 1).
  std::vector<double> three{5.0, 0.0, 2.0};
  EXPECT_EQ(deal_from(three, 5, 1.0), 1u);
  EXPECT_EQ(three, (std::vector<double>{6.0, 2.0, 4.0}));
  // Every block goes somewhere, once.
  for (std::size_t ranks = 1; ranks < 6; ++ranks) {
    for (std::size_t first = 0; first < ranks; ++first) {
      for (std::size_t blocks = 0; blocks < 12; ++blocks) {
        std::size_t dealt = 0;
        for (std::size_t r = 0; r < ranks; ++r) dealt += blocks_dealt_to(r, ranks, first, blocks);
        EXPECT_EQ(dealt, blocks);
      }
    }
  }
  std::vector<double> one(1, 3.0);
  EXPECT_EQ(deal_from(one, 4, 0.5), 0u);
  EXPECT_EQ(one, (std::vector<double>{5.0}));
}

TEST(OnRanks, TheWholeBoundIsOneProcesssOnEveryRank) {
  const RowMatrix perp = test::grey_sample(160, 16, 1);
  const RowMatrix est = test::grey_sample(320, 16, 2);  // a pilot of 160 rows;
  const ImageShape shape{1, 4, 4};
  const Registry registry;
  BoundConfig config = presets::paper_bound_config();
  config.threads = 1;
  config.seed = 9;
  const std::vector<double> gammas{0.5, 4.0};
  const BoundReport alone = compute_bound(registry, {&perp, &est, shape}, gammas, config);
  ASSERT_EQ(alone.selection.method, "pilot");
  for (const std::size_t n : {2u, 3u}) {
    const auto reports = on_threads<BoundReport>(n, [&](Ranks& ranks) {
      return compute_bound(registry, {&perp, &est, shape}, gammas, config, {.ranks = &ranks});
    });
    for (const BoundReport& report : reports) {
      EXPECT_EQ(report.selection.selected, alone.selection.selected);
      ASSERT_EQ(report.selection.predictions.size(), alone.selection.predictions.size());
      for (std::size_t p = 0; p < report.selection.predictions.size(); ++p) {
        EXPECT_EQ(report.selection.predictions[p].h_pilot, alone.selection.predictions[p].h_pilot);
        EXPECT_EQ(report.selection.predictions[p].sizes, alone.selection.predictions[p].sizes);
        EXPECT_EQ(report.selection.predictions[p].refined, alone.selection.predictions[p].refined);
      }
      expect_identical(alone.entropies, report.entropies);
      for (std::size_t g = 0; g < gammas.size(); ++g) {
        EXPECT_EQ(report.results[g].converse.rho_star, alone.results[g].converse.rho_star);
      }
    }
  }
}

TEST(OnRanks, RowsMovedToColumnWindowsGiveOneProcesssEstimate) {
  const RowMatrix data = test::gaussian_sample(70, 16, 21);
  const auto estimator = test::goldfeld();
  const EntropyRequest whole = test::make_request(data, kGrid, test::sample_trace(data), 4);
  const std::vector<GridEntropy> alone = estimator->estimate(whole);
  // 5 ranks: some hold no rows, and with the windows of lcm(k) = 8 columns some hold no block.
  for (const std::size_t n : {2u, 3u, 5u}) {
    const auto results = on_threads<std::vector<GridEntropy>>(n, [&](Ranks& ranks) {
      const std::size_t first = std::min<std::size_t>(70, 30 * ranks.rank());
      const std::size_t last = ranks.rank() + 1 == n ? 70 : std::min<std::size_t>(70, 30 * (ranks.rank() + 1));
      const RowMatrix mine = data.middleRows(static_cast<Eigen::Index>(first), static_cast<Eigen::Index>(last - first));
      const EntropyRequest request = test::make_request(mine, kGrid, test::sample_trace(data), 4);
      return estimate_on_column_windows(*estimator, request, first, 70, &ranks);
    });
    for (const auto& result : results) expect_identical(alone, result);
  }
}

TEST(OnRanks, MoreRanksThanChunksSplitTheQueriesAndGiveOneProcesssEstimate) {
  // lcm(k) = m = 16: one chunk, so every rank past the first would idle without query parts. 150
  // rows are 5 tiles of rows: 2 and 3 ranks split them, 7 ranks are capped at 5 parts.
  const RowMatrix data = test::gaussian_sample(150, 16, 22);
  const std::vector<GridPair> grid{{16, 0.4}, {2, 0.8}, {1, 1.6}};
  const auto estimator = test::goldfeld();
  const EntropyRequest whole = test::make_request(data, grid, test::sample_trace(data), 2);
  const std::vector<GridEntropy> alone = estimator->estimate(whole);
  for (const std::size_t n : {2u, 3u, 7u}) {
    const auto results = on_threads<std::vector<GridEntropy>>(n, [&](Ranks& ranks) {
      const std::size_t first = 150 * ranks.rank() / n;
      const std::size_t last = 150 * (ranks.rank() + 1) / n;
      const RowMatrix mine = data.middleRows(static_cast<Eigen::Index>(first), static_cast<Eigen::Index>(last - first));
      const EntropyRequest request = test::make_request(mine, grid, test::sample_trace(data), 2);
      return estimate_on_column_windows(*estimator, request, first, 150, &ranks);
    });
    for (const auto& result : results) expect_identical(alone, result);
  }
}

TEST(OnRanks, RecordRangesAreWholeBatchesAndColumnWindowsWholeChunks) {
  // 1,000 records in batches of 256: 4 batches over 3 ranks.
  EXPECT_EQ(record_range(1000, 0, 3), (std::pair<std::size_t, std::size_t>{0, 256}));
  EXPECT_EQ(record_range(1000, 1, 3), (std::pair<std::size_t, std::size_t>{256, 512}));
  EXPECT_EQ(record_range(1000, 2, 3), (std::pair<std::size_t, std::size_t>{512, 1000}));
  EXPECT_EQ(record_range(100, 0, 2), (std::pair<std::size_t, std::size_t>{0, 0}));
  EXPECT_EQ(record_range(100, 1, 2), (std::pair<std::size_t, std::size_t>{0, 100}));
  // 784 columns in chunks of 28: 28 chunks, 14 each on 2 ranks, 7 on 4: no query parts.
  EXPECT_EQ(query_parts_for(28, 2, 100), 1U);
  EXPECT_EQ(query_parts_for(28, 4, 100), 1U);
  EXPECT_EQ(window_calls(28, 1, 0, 2), (std::vector<WindowCall>{{0, 14, 0, 1}}));
  EXPECT_EQ(window_calls(28, 1, 1, 2), (std::vector<WindowCall>{{14, 28, 0, 1}}));
}

TEST(OnRanks, RanksThatDoNotDivideTheChunksShareTheirQueryParts) {
  // 28 chunks on 3 ranks: 3 parts each, 84 units, 28 a rank (9⅓ chunks), worked out by hand.
  EXPECT_EQ(query_parts_for(28, 3, 100), 3U);
  EXPECT_EQ(window_calls(28, 3, 0, 3), (std::vector<WindowCall>{{0, 9, 0, 3}, {9, 10, 0, 1}}));
  EXPECT_EQ(window_calls(28, 3, 1, 3), (std::vector<WindowCall>{{9, 10, 1, 3}, {10, 18, 0, 3}, {18, 19, 0, 2}}));
  EXPECT_EQ(window_calls(28, 3, 2, 3), (std::vector<WindowCall>{{18, 19, 2, 3}, {19, 28, 0, 3}}));
  // 28 chunks on 16 ranks: gcd 4, 4 parts, 7 units (1¾ chunks) a rank.
  EXPECT_EQ(query_parts_for(28, 16, 100), 4U);
  EXPECT_EQ(window_calls(28, 4, 1, 16), (std::vector<WindowCall>{{1, 2, 3, 4}, {2, 3, 0, 4}, {3, 4, 0, 2}}));
  // One chunk (lcm(k) = m) on 3 ranks: a third of the queries each; at most the estimator's limit.
  EXPECT_EQ(query_parts_for(1, 3, 100), 3U);
  EXPECT_EQ(window_calls(1, 3, 2, 3), (std::vector<WindowCall>{{0, 1, 2, 3}}));
  EXPECT_EQ(query_parts_for(1, 3, 1), 1U);
  EXPECT_TRUE(window_calls(1, 1, 1, 3).empty());
  // Every unit goes to exactly one rank, in order, for a range of shapes.
  for (std::size_t chunks : {1u, 2u, 5u, 28u}) {
    for (std::size_t ranks : {1u, 2u, 3u, 7u, 16u}) {
      const std::size_t parts = query_parts_for(chunks, ranks, 6);
      std::size_t next = 0;  // the next unit c·parts + p due
      for (std::size_t r = 0; r < ranks; ++r) {
        for (const WindowCall& call : window_calls(chunks, parts, r, ranks)) {
          for (std::size_t c = call.first_chunk; c < call.end_chunk; ++c) {
            for (std::size_t p = call.first_part; p < call.end_part; ++p) EXPECT_EQ(c * parts + p, next++);
          }
        }
      }
      EXPECT_EQ(next, chunks * parts) << chunks << " chunks on " << ranks << " ranks";
    }
  }
}

TEST(OnRanks, AWholeFrameOnEveryRankSharesTheBlocksAsTheChainDoes) {
  const RowMatrix perp = test::grey_sample(160, 16, 5);
  const RowMatrix est = test::grey_sample(200, 16, 6);
  const Registry registry;
  BoundConfig config = presets::paper_bound_config();
  config.threads = 1;
  const BoundReport alone = compute_bound(registry, {&perp, &est, ImageShape{1, 4, 4}}, {2.0}, config);
  const auto reports = on_threads<BoundReport>(3, [&](Ranks& ranks) {
    const RunHandles shared{.ranks = &ranks};
    const BoundFrame frame = make_bound_frame(registry, {&perp, &est, ImageShape{1, 4, 4}}, config, shared);
    EXPECT_EQ(frame.layout, FrameLayout::whole);
    return compute_bound(registry, frame, {2.0}, config, shared);
  });
  for (const BoundReport& report : reports) {
    expect_identical(alone.entropies, report.entropies);
    EXPECT_EQ(report.results[0].converse.rho_star, alone.results[0].converse.rho_star);
  }
}

TEST(OnRanks, RanksWithDifferentFramesAreRefusedNamingTheRank) {
  const auto messages = on_threads<std::string>(3, [](Ranks& ranks) {
    try {
      require_same_on_ranks(&ranks, ranks.rank() == 2 ? 7 : 5, "frame");
      return std::string("accepted");
    } catch (const InvalidInput& e) {
      return std::string(e.what());
    }
  });
  for (const std::string& m : messages) EXPECT_NE(m.find("rank 2 computed a different frame"), std::string::npos) << m;
  const auto same = on_threads<std::string>(2, [](Ranks& ranks) {
    require_same_on_ranks(&ranks, 5, "frame");
    return std::string("accepted");
  });
  EXPECT_EQ(same, (std::vector<std::string>{"accepted", "accepted"}));
}

TEST(OnRanks, AMalformedShareIsRefusedNotCombined) {
  const RowMatrix data = test::gaussian_sample(40, 8, 3);
  const auto estimator = test::goldfeld();
  TruncatingRanks ranks;
  const EntropyRequest request = test::make_request(data, {{2, 0.4}}, test::sample_trace(data));
  try {
    estimate_on_ranks(*estimator, request, &ranks);
    FAIL() << "a truncated share was accepted";
  } catch (const InvalidInput& e) {
    EXPECT_NE(std::string(e.what()).find("malformed"), std::string::npos) << e.what();
  }
}

TEST(MemoryPlan, CountsTheFramesMatricesAndRefusesWithTheNumbers) {
  const MemoryPlan plan = plan_bound_memory(1000, 3000, 784, 800, 2);
  EXPECT_EQ(plan.features_bytes, std::size_t{4000} * 784 * 8);
  EXPECT_EQ(plan.rotated_bytes, std::size_t{3000} * 800 * 8);
  EXPECT_EQ(plan.pilot_bytes, std::size_t{1000} * 800 * 8);  // min(n_perp, n_est / 2) rows
  EXPECT_EQ(plan.workspace_bytes, 2 * kWorkspaceBytesPerThread);
  EXPECT_EQ(plan.exchange_bytes, 0u);
  EXPECT_NO_THROW(check_memory_plan(plan, plan.total(), "test"));
  EXPECT_NO_THROW(check_memory_plan(plan, 0, "no limit"));
  try {
    check_memory_plan(plan, plan.total() - 1, "the test's limit");
    FAIL() << "a plan over the limit was accepted";
  } catch (const InvalidInput& e) {
    const std::string message = e.what();
    EXPECT_NE(message.find("the test's limit"), std::string::npos) << message;
    EXPECT_NE(message.find("rotated D_est 19.2 MB"), std::string::npos) << message;
  }
  // Four ranks: each holds a quarter of D_est, and exchanges it once.
  const MemoryPlan shared = plan_bound_memory(1000, 3000, 784, 800, 2, 4);
  EXPECT_EQ(shared.features_bytes, std::size_t{1750} * 784 * 8);
  EXPECT_EQ(shared.rotated_bytes, std::size_t{750} * 800 * 8);
  EXPECT_EQ(shared.exchange_bytes, 2 * std::size_t{750} * 800 * 8);
  // Once the selected pairs fix the window: one chunk of 800 columns (lcm(k) = m_pad) holds all
  // 3,000 records of every column on each rank that shares its queries.
  BoundSizes sizes{.n_perp = 1000, .n_est = 3000, .m = 784, .m_pad = 800, .threads = 2, .ranks = 4};
  sizes.window_columns = 800;
  EXPECT_EQ(plan_bound_memory(sizes).exchange_bytes, (std::size_t{750} + 3000) * 800 * 8);
}

// The columns of rank r's window.
std::size_t window_columns(const WindowLayout& layout, std::size_t rank, std::size_t ranks) {
  const auto [first, end] = column_window(layout, rank, ranks);
  return end - first;
}

TEST(MemoryPlan, TheWindowOfARankIsTheChunksOfItsUnits) {
  const auto estimator = test::goldfeld();
  const RowMatrix columns(0, 784);
  // k = 28: 28 chunks of 28 columns; 3 ranks take 9⅓ chunks each, a window of 10 chunks.
  const EntropyRequest one_pair{.rotated = columns, .grid = {{28, 0.4}}};
  const WindowLayout layout = window_layout(*estimator, one_pair, 3000, 3);
  EXPECT_EQ(layout.step, 28U);
  EXPECT_EQ(layout.chunks, 28U);
  EXPECT_EQ(layout.parts, 3U);
  EXPECT_EQ(window_columns(layout, 0, 3), 10U * 28);
  EXPECT_EQ(window_columns(layout, 1, 3), 10U * 28);
  // k = 16 and 49: lcm 784 = m, one chunk, the whole width on every rank.
  const EntropyRequest one_chunk{.rotated = columns, .grid = {{16, 0.4}, {49, 0.4}}};
  EXPECT_EQ(window_columns(window_layout(*estimator, one_chunk, 3000, 2), 1, 2), 784U);
  // The exact path computes blocks whole: one rank takes the chunk, the other has no window.
  const auto exact = test::goldfeld(Params().set("exact", true));
  EXPECT_EQ(window_columns(window_layout(*exact, one_chunk, 3000, 2), 0, 2), 0U);
  EXPECT_EQ(window_columns(window_layout(*exact, one_chunk, 3000, 2), 1, 2), 784U);
}

TEST(MemoryPlan, SizesParseWithBinaryUnits) {
  EXPECT_EQ(workflow::parse_memory_size("1048576"), std::size_t{1} << 20);
  EXPECT_EQ(workflow::parse_memory_size("512M"), std::size_t{512} << 20);
  EXPECT_EQ(workflow::parse_memory_size("1.5G"), std::size_t{3} << 29);
  EXPECT_EQ(workflow::parse_memory_size("2T"), std::size_t{2} << 40);
  for (const char* bad : {"", "0", "-1G", "8Q", "G", "1e300", "nan", "8 G"}) {
    EXPECT_THROW(workflow::parse_memory_size(bad), InvalidInput) << bad;
  }
}

}  // namespace
}  // namespace reconbound
