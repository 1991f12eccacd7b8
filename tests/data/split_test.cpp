// Splits and index lists: disjointness and validation (mathematics §7), the exact uniformity of the
// seeded draw, and every rejection path.
#include "reconbound/split.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "data_test_support.hpp"
#include "reconbound/error.hpp"
#include "reconbound/workflow/record_indices.hpp"

namespace reconbound {
namespace {

using test::expect_error;
using workflow::IndexRange;
using workflow::parse_index_list;
using workflow::parse_index_range;
using workflow::range_indices;
using workflow::read_index_file;

TEST(IndexRange, ParsesHalfOpenRanges) {
  const IndexRange r = parse_index_range(" 5 : 9 ");
  EXPECT_EQ(r.begin, 5u);
  EXPECT_EQ(r.end, 9u);
  EXPECT_EQ(range_indices(r, 9), (std::vector<std::size_t>{5, 6, 7, 8}));
  for (const std::string bad : {"", "5", "9:5", "5:5", "a:b", "-1:3", "1:2:3", "1.5:3", ":3"}) {
    expect_error<InvalidInput>([&] { parse_index_range(bad); }, {"'" + bad + "'", "a < b"});
  }
  expect_error<InvalidInput>([] { range_indices({0, 18446744073709551615u}, 100); }, {"runs past the 100 records"});
  expect_error<InvalidInput>([] { range_indices({90, 101}, 100); }, {"90:101"});
}

TEST(IndexList, ParsesEverySeparatorAndComment) {
  const std::string text = "# held-out records\n3, 1,4\t15\r\n\n9 # nine\n,26,\n#,99\n18446744073709551615";
  EXPECT_EQ(parse_index_list(text, "l.txt"), (std::vector<std::size_t>{3, 1, 4, 15, 9, 26, 18446744073709551615u}));
}

TEST(IndexList, RejectsBadListsNamingTheLine) {
  expect_error<FileError>([] { parse_index_list("# only a comment\n\n", "l.txt"); }, {"l.txt", "no record indices"});
  expect_error<FileError>([] { parse_index_list("1\n2\n-3\n", "l.txt"); }, {"l.txt:3", "'-3'"});
  expect_error<FileError>([] { parse_index_list("1 2x\n", "l.txt"); }, {"l.txt:1", "'2x'"});
  expect_error<FileError>([] { parse_index_list("1.5", "l.txt"); }, {"'1.5'"});
  expect_error<FileError>([] { parse_index_list("18446744073709551616", "l.txt"); }, {"'18446744073709551616'"});
  expect_error<FileError>([] { parse_index_list("4\n7\n\n4\n", "l.txt"); }, {"l.txt:4", "index 4", "line 1"});
}

TEST(IndexList, ReadsFiles) {
  test::TempDir dir;
  test::write_file(dir.file("perp.txt"), {'0', '\n', '2', '\n'});
  EXPECT_EQ(read_index_file(dir.file("perp.txt")), (std::vector<std::size_t>{0, 2}));
  expect_error<FileError>([&] { read_index_file(dir.file("none.txt")); }, {"none.txt"});
}

TEST(MakeSplit, SortsAndValidates) {
  const Split s = make_split(10, {7, 2, 5}, {9, 0});
  EXPECT_EQ(s.perp, (std::vector<std::size_t>{2, 5, 7}));
  EXPECT_EQ(s.est, (std::vector<std::size_t>{0, 9}));
  expect_error<InvalidInput>([] { make_split(10, {}, {1}); }, {"D⊥", "empty"});
  expect_error<InvalidInput>([] { make_split(10, {1}, {}); }, {"D_est", "empty"});
  expect_error<InvalidInput>([] { make_split(10, {1, 10}, {2}); }, {"D⊥", "index 10", "out of range", "10 records"});
  expect_error<InvalidInput>([] { make_split(10, {1}, {2, 12}); }, {"D_est", "index 12"});
  expect_error<InvalidInput>([] { make_split(10, {3, 1, 3}, {2}); }, {"D⊥", "index 3 more than once"});
  expect_error<InvalidInput>(
      [] {
        make_split(10, {1, 4, 6, 8}, {0, 6, 8, 9});
      },
      {"overlap in 2 record(s)", "index 6", "disjoint"});
}

TEST(RandomSplit, IsSeededDisjointAndSized) {
  const Split a = random_split(1000, 300, 500, 42);
  EXPECT_EQ(a.perp.size(), 300u);
  EXPECT_EQ(a.est.size(), 500u);
  EXPECT_TRUE(std::is_sorted(a.perp.begin(), a.perp.end()));
  EXPECT_TRUE(std::is_sorted(a.est.begin(), a.est.end()));
  // make_split re-validates: distinct, in range, disjoint.
  EXPECT_NO_THROW(make_split(1000, a.perp, a.est));
  const Split b = random_split(1000, 300, 500, 42);
  EXPECT_EQ(a.perp, b.perp);
  EXPECT_EQ(a.est, b.est);
  EXPECT_NE(random_split(1000, 300, 500, 43).perp, a.perp);
  // Taking every record is allowed.
  const Split all = random_split(5, 2, 3, 7);
  std::vector<std::size_t> joined = all.perp;
  joined.insert(joined.end(), all.est.begin(), all.est.end());
  std::sort(joined.begin(), joined.end());
  EXPECT_EQ(joined, (std::vector<std::size_t>{0, 1, 2, 3, 4}));
}

TEST(RandomSplit, IsUniformOverOrderedPairs) {
  // n = 4, one record in each set: 12 ordered (perp, est) pairs, each with probability 1/12.
  // 24,000 seeds: each count is Binomial(24000, 1/12), mean 2000, sd 42.8; 6 sd = 257.
  std::map<std::pair<std::size_t, std::size_t>, int> counts;
  for (std::uint64_t seed = 0; seed < 24000; ++seed) {
    const Split s = random_split(4, 1, 1, seed);
    ++counts[{s.perp[0], s.est[0]}];
  }
  ASSERT_EQ(counts.size(), 12u);
  for (const auto& [pair, count] : counts) EXPECT_NEAR(count, 2000, 257) << pair.first << "," << pair.second;
}

TEST(RandomSplit, RejectsImpossibleSizes) {
  expect_error<InvalidInput>([] { random_split(10, 0, 5, 1); }, {"at least one"});
  expect_error<InvalidInput>([] { random_split(10, 5, 0, 1); }, {"at least one"});
  expect_error<InvalidInput>([] { random_split(10, 6, 5, 1); }, {"6 + 5", "only 10"});
  expect_error<InvalidInput>([] { random_split(10, 18446744073709551615u, 5, 1); }, {"only 10"});
}

TEST(SelectRows, CopiesRowsInTheGivenOrder) {
  const RowMatrix m = (RowMatrix(3, 2) << 1, 2, 3, 4, 5, 6).finished();
  EXPECT_EQ(select_rows(m, {2, 0}), (RowMatrix(2, 2) << 5, 6, 1, 2).finished());
  expect_error<InvalidInput>([&] { select_rows(m, {0, 3}); }, {"row 3", "3 records"});
}

}  // namespace
}  // namespace reconbound
