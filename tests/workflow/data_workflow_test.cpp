// workflow::load_split_data and load_chain_data on the caller's own records: explicit and
// random splits, the defaults, and the layout errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <numeric>

#include "reconbound/workflow/chain.hpp"
#include "reconbound/workflow/data.hpp"
#include "workflow_support.hpp"

using namespace reconbound;
using reconbound::test::invalid_input_message;

namespace {

// n records of 2 values: record i is (i, −i), so a row names its record.
std::shared_ptr<const Dataset> numbered(std::size_t n) {
  auto data = std::make_shared<Dataset>();
  data->records.resize(static_cast<Eigen::Index>(n), 2);
  for (std::size_t i = 0; i < n; ++i) {
    data->records(static_cast<Eigen::Index>(i), 0) = static_cast<double>(i);
    data->records(static_cast<Eigen::Index>(i), 1) = -static_cast<double>(i);
  }
  data->shape = ImageShape{1, 1, 2};
  data->source = "numbered";
  return data;
}

TEST(DataWorkflow, ExplicitRangesSelectTheCallersRecords) {
  workflow::DataRequest request;
  request.records = numbered(10);
  request.perp_records.range = workflow::IndexRange{0, 3};
  request.est_records.indices = std::vector<std::size_t>{9, 5};
  const workflow::SplitData data = workflow::load_split_data(request);
  EXPECT_EQ(data.dataset, request.records);  // not copied
  EXPECT_EQ(data.split.est, (std::vector<std::size_t>{5, 9}));
  EXPECT_EQ(data.perp(2, 0), 2.0);
  EXPECT_EQ(data.est(1, 1), -9.0);
}

TEST(DataWorkflow, RandomSplitSizes) {
  workflow::DataRequest request;
  request.records = numbered(5000);
  const workflow::SplitData quick = workflow::load_split_data(request);  // too small for the paper's sizes
  EXPECT_EQ(quick.perp.rows(), static_cast<Eigen::Index>(workflow::kQuickPerp));
  EXPECT_EQ(quick.est.rows(), static_cast<Eigen::Index>(workflow::kQuickEst));
  request.perp = 10;
  request.est = 20;
  const workflow::SplitData sized = workflow::load_split_data(request);
  EXPECT_EQ(sized.perp.rows(), 10);
  std::vector<std::size_t> all = sized.split.perp;
  all.insert(all.end(), sized.split.est.begin(), sized.split.est.end());
  std::sort(all.begin(), all.end());
  EXPECT_EQ(std::adjacent_find(all.begin(), all.end()), all.end());  // disjoint
}

TEST(DataWorkflow, LayoutErrors) {
  workflow::DataRequest request;
  request.records = numbered(10);
  request.perp_records.range = workflow::IndexRange{0, 3};
  EXPECT_NE(invalid_input_message([&] { workflow::load_split_data(request); }).find("both D_perp and D_est"),
            std::string::npos);
  request.est_records.range = workflow::IndexRange{2, 5};
  EXPECT_NE(invalid_input_message([&] { workflow::load_split_data(request); }).find("overlap"), std::string::npos);
  request.perp_records.indices = std::vector<std::size_t>{7};
  EXPECT_EQ(invalid_input_message([&] { workflow::load_split_data(request); }),
            "give either ‹perp_range› or ‹perp_indices›, not both");
}

TEST(DataWorkflow, ChainLayoutHoldsTheTargetsOut) {
  workflow::ChainDataRequest request;
  request.data.records = numbered(100);
  request.data.perp = 30;
  request.data.est = 40;
  request.targets = 10;
  request.shadow = 15;
  const workflow::ChainSplitData data = workflow::load_chain_data(request);
  const ChainIndices& idx = data.indices;
  EXPECT_EQ(idx.targets.size(), 10u);
  EXPECT_EQ(idx.shadow.size(), 15u);
  for (const std::size_t t : idx.targets) {
    EXPECT_EQ(std::count(idx.perp.begin(), idx.perp.end(), t), 0);
    EXPECT_EQ(std::count(idx.est.begin(), idx.est.end(), t), 0);
  }
  for (const std::size_t s : idx.shadow) EXPECT_EQ(std::count(idx.est.begin(), idx.est.end(), s), 1);
  EXPECT_EQ(data.targets(0, 0), static_cast<double>(idx.targets[0]));
  request.shadow_indices = std::vector<std::size_t>{1};
  EXPECT_EQ(invalid_input_message([&] { workflow::load_chain_data(request); }),
            "give either ‹shadow› or ‹shadow_indices›, not both");
}

}  // namespace
