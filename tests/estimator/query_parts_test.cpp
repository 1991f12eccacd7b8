// A block's queries split into parts (EntropyRequest::query_parts, estimator.hpp): the parts of
// every block, computed by separate calls and merged by combine(), are the single call's bits,
// for every block size (Taylor boxes at k ≤ 2 included), both product precisions and together
// with shards; a missing, repeated or malformed part and a split the estimator cannot make are
// refused with a message.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <vector>

#include "estimator_support.hpp"
#include "reconbound/error.hpp"

namespace reconbound::test {
namespace {

const std::vector<GridPair> kGrid{{1, 0.2}, {2, 0.8}, {4, 0.4}, {8, 1.6}};

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof a) == 0; }

void expect_same_bits(const GridEntropy& a, const GridEntropy& b) {
  EXPECT_EQ(a.pair, b.pair);
  EXPECT_TRUE(same_bits(a.h_point, b.h_point)) << a.h_point << " vs " << b.h_point;
  EXPECT_TRUE(same_bits(a.t_num, b.t_num)) << a.t_num << " vs " << b.t_num;
  EXPECT_TRUE(same_bits(a.h_lb, b.h_lb)) << a.h_lb << " vs " << b.h_lb;
  ASSERT_EQ(a.blocks.size(), b.blocks.size());
  for (std::size_t i = 0; i < a.blocks.size(); ++i) {
    EXPECT_EQ(a.blocks[i].block, b.blocks[i].block);
    EXPECT_TRUE(same_bits(a.blocks[i].h_point_bits, b.blocks[i].h_point_bits));
    EXPECT_TRUE(same_bits(a.blocks[i].numerical_error_bits, b.blocks[i].numerical_error_bits));
    EXPECT_TRUE(b.blocks[i].partial.empty());
  }
}

// The calls on parts [0, cut_1), [cut_1, cut_2), …, [cut_last, parts) of `request`, each result
// checked to be partial, and their results per pair.
std::vector<std::vector<GridEntropy>> calls_on_parts(const EntropyEstimator& estimator, EntropyRequest request,
                                                     std::size_t parts, const std::vector<std::size_t>& cuts) {
  std::vector<std::vector<GridEntropy>> out(request.grid.size());
  request.query_parts = parts;
  std::size_t begin = 0;
  for (std::size_t c = 0; c <= cuts.size(); ++c) {
    const std::size_t end = c < cuts.size() ? cuts[c] : parts;
    request.first_query_part = begin;
    request.end_query_part = end;
    const std::vector<GridEntropy> results = estimator.estimate(request);
    for (std::size_t p = 0; p < results.size(); ++p) {
      EXPECT_FALSE(results[p].complete);
      EXPECT_TRUE(std::isnan(results[p].h_lb));
      for (const BlockEntropy& b : results[p].blocks) {
        EXPECT_EQ(b.part_begin, begin);
        EXPECT_EQ(b.part_end, end);
        EXPECT_TRUE(std::isnan(b.h_point_bits));
        EXPECT_FALSE(b.partial.empty());
      }
      out[p].push_back(results[p]);
    }
    begin = end;
  }
  return out;
}

TEST(QueryParts, PartsOfEveryBlockCombineToTheSingleCallBitForBit) {
  // 150 rows: 5 tiles of 32 rows (the last of 22).
  const RowMatrix data = gaussian_sample(150, 8, 31);
  const EntropyRequest request = make_request(data, kGrid, sample_trace(data), 9);
  for (const char* precision : {"single", "double"}) {
    const auto estimator = goldfeld(Params().set("precision", std::string(precision)));
    const std::vector<GridEntropy> whole = estimator->estimate(request);
    EXPECT_EQ(estimator->query_parts_limit(request), 5U);
    // Parts of unequal numbers of tiles (5 tiles in 2, 3 or 4 parts), one call a part or
    // several parts a call; the parts given out of order.
    for (const auto& [parts, cuts] : std::vector<std::pair<std::size_t, std::vector<std::size_t>>>{
             {2, {1}}, {3, {1, 2}}, {5, {2}}, {4, {1, 3}}}) {
      std::vector<std::vector<GridEntropy>> split = calls_on_parts(*estimator, request, parts, cuts);
      EntropyRequest merged_request = request;
      merged_request.query_parts = parts;
      for (std::size_t p = 0; p < kGrid.size(); ++p) {
        std::reverse(split[p].begin(), split[p].end());
        SCOPED_TRACE(testing::Message() << precision << ", " << parts << " parts, pair " << p);
        expect_same_bits(whole[p], estimator->combine(split[p], merged_request));
      }
    }
  }
}

TEST(QueryParts, PartsAndShardsTogetherCombineToTheSingleCall) {
  const RowMatrix data = gaussian_sample(100, 8, 32);
  const EntropyRequest request = make_request(data, kGrid, sample_trace(data), 10);
  const auto estimator = goldfeld();
  const std::vector<GridEntropy> whole = estimator->estimate(request);
  std::vector<std::vector<GridEntropy>> pieces(kGrid.size());
  for (std::size_t shard = 0; shard < 2; ++shard) {
    EntropyRequest part = request;
    part.shard = shard;
    part.shards = 2;
    const auto split = calls_on_parts(*estimator, part, 3, {1, 2});
    for (std::size_t p = 0; p < kGrid.size(); ++p) pieces[p].insert(pieces[p].end(), split[p].begin(), split[p].end());
  }
  EntropyRequest merged_request = request;
  merged_request.query_parts = 3;
  for (std::size_t p = 0; p < kGrid.size(); ++p) expect_same_bits(whole[p], estimator->combine(pieces[p], merged_request));
}

TEST(QueryParts, CombineRefusesAMissingRepeatedOrMalformedPart) {
  const RowMatrix data = gaussian_sample(100, 8, 33);
  const EntropyRequest request = make_request(data, {{4, 0.4}}, sample_trace(data), 11);
  const auto estimator = goldfeld();
  const auto split = calls_on_parts(*estimator, request, 3, {1, 2});
  EntropyRequest merged_request = request;
  merged_request.query_parts = 3;
  const auto refused = [&](std::vector<GridEntropy> parts, const char* what) {
    EXPECT_THROW(estimator->combine(parts, merged_request), InvalidInput) << what;
  };
  refused({split[0][0], split[0][2]}, "part 1 missing");
  refused({split[0][0], split[0][1]}, "the last part missing");
  refused({split[0][0], split[0][1], split[0][1], split[0][2]}, "part 1 twice");
  GridEntropy short_part = split[0][1];
  short_part.blocks[0].partial.pop_back();
  refused({split[0][0], short_part, split[0][2]}, "a tile's numbers cut short");
  GridEntropy whole_too = estimator->estimate(request)[0];
  whole_too.blocks.resize(1);
  refused({split[0][0], split[0][1], split[0][2], whole_too}, "block 0 whole and in parts");
  EntropyRequest other = request;
  other.query_parts = 2;
  EXPECT_THROW(estimator->combine(split[0], other), InvalidInput) << "another number of parts";
}

TEST(QueryParts, ASplitTheEstimatorCannotMakeIsRefused) {
  const RowMatrix data = gaussian_sample(100, 8, 34);  // 4 tiles of rows
  EntropyRequest request = make_request(data, {{4, 0.4}}, sample_trace(data), 12);
  const auto refused = [&](const EntropyEstimator& estimator, std::size_t parts, std::size_t first, std::size_t end) {
    EntropyRequest bad = request;
    bad.query_parts = parts;
    bad.first_query_part = first;
    bad.end_query_part = end;
    EXPECT_THROW(estimator.estimate(bad), InvalidInput) << parts << " parts [" << first << ", " << end << ")";
    EXPECT_THROW(estimator.cost(bad), InvalidInput) << parts << " parts [" << first << ", " << end << ")";
  };
  const auto fast = goldfeld();
  refused(*fast, 0, 0, 0);
  refused(*fast, 3, 2, 2);
  refused(*fast, 3, 2, 4);
  refused(*fast, 5, 0, 1);  // more parts than tiles
  const auto exact = goldfeld(Params().set("exact", true));
  EXPECT_EQ(exact->query_parts_limit(request), 1U);
  refused(*exact, 2, 0, 1);
}

}  // namespace
}  // namespace reconbound::test
