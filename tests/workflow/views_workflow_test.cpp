// The caller's D⊥ and D_est as views (DataRequest::views, the Python module's arrays): read in
// place, the same bound as the same records loaded and split by ranges; and a computation
// stopped by its Progress (reconbound::Cancelled) stops cleanly with that exception.
#include <gtest/gtest.h>

#include <thread>

#include "reconbound/error.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/json.hpp"
#include "workflow_support.hpp"

using namespace reconbound;
using reconbound::test::invalid_input_message;
using reconbound::test::workflow_registry;

namespace {

workflow::BoundRequest ranges_request() {
  workflow::BoundRequest request = test::small_bound_request();
  request.gammas = {1.0};
  return request;
}

// The records of ranges_request(), as the caller's own matrices (decoded from the data set,
// which the split keeps encoded).
struct CallerRecords {
  workflow::SplitData loaded = workflow::load_split_data(ranges_request().data);
  RowMatrix perp = decoded(loaded.split.perp), est = decoded(loaded.split.est);

  RowMatrix decoded(const std::vector<std::size_t>& rows) const {
    RowMatrix out(static_cast<Eigen::Index>(rows.size()), static_cast<Eigen::Index>(loaded.mapped->shape().size()));
    loaded.mapped->read(rows, out);
    return out;
  }

  workflow::RecordViews views() const {
    return {{perp.data(), static_cast<std::size_t>(perp.size())}, {est.data(), static_cast<std::size_t>(est.size())},
            loaded.dataset->shape, "arrays"};
  }
};

TEST(ViewsWorkflow, ViewsAreReadInPlace) {
  const CallerRecords records;
  workflow::DataRequest request;
  request.views = records.views();
  const workflow::SplitData data = workflow::load_split_data(request);
  const BoundData bound = data.bound_data();
  EXPECT_EQ(bound.perp->data(), records.perp.data());
  EXPECT_EQ(bound.est->data(), records.est.data());
  EXPECT_EQ(data.dataset->source, "arrays");
  EXPECT_EQ(data.dataset->shape, (ImageShape{1, 28, 28}));
}

TEST(ViewsWorkflow, ViewsTakeNoSplit) {
  const CallerRecords records;
  workflow::DataRequest request;
  request.views = records.views();
  request.perp = 10;
  EXPECT_EQ(invalid_input_message([&] { workflow::load_split_data(request); }),
            "D_perp and D_est given as records take no data set, split sizes or indices");
}

TEST(ViewsWorkflow, SameBoundAsTheSameRecordsSplitByRanges) {
  const CallerRecords records;
  workflow::BoundRequest by_views = ranges_request();
  by_views.data = {};
  by_views.data.views = records.views();
  nlohmann::json a = workflow::to_json(workflow::run_bound(workflow_registry(), ranges_request()));
  nlohmann::json b = workflow::to_json(workflow::run_bound(workflow_registry(), by_views));
  EXPECT_EQ(b["data"], "arrays");
  // Both are the caller's choice, so both assume what a random split guarantees (mathematics §7);
  // they say how the sets were given.
  const auto split_detail = [](const nlohmann::json& j) {
    for (const auto& i : j["certificate"]["ingredients"]) {
      if (i["name"] == "split") return i["treatment"].get<std::string>() + ": " + i["detail"].get<std::string>();
    }
    return std::string();
  };
  EXPECT_EQ(split_detail(a).rfind("assumed: explicit sets: D_perp = records 0:200, D_est = records 200:400, not a "
                                  "random split", 0), 0u) << split_detail(a);
  EXPECT_EQ(split_detail(b).rfind("assumed: D_perp and D_est given as records (arrays), not a random split", 0), 0u)
      << split_detail(b);
  for (nlohmann::json* json : {&a, &b}) {  // all but the source, the split's wording and the timings
    json->erase("data");
    json->erase("timings_s");
    (*json)["grid_selection"].erase("seconds");
    for (auto& i : (*json)["certificate"]["ingredients"]) {
      if (i["name"] == "split") i.erase("detail");
    }
  }
  EXPECT_EQ(a, b);
}

// Throws Cancelled at the calling thread's third report; counts the calling thread's reports.
class StopAtThirdReport final : public Progress {
 public:
  explicit StopAtThirdReport(std::thread::id caller) : caller_(caller) {}
  void report(std::string_view, std::size_t, std::size_t) override {
    if (std::this_thread::get_id() == caller_ && ++caller_reports_ == 3) throw Cancelled("stopped by the test");
  }
  int caller_reports() const { return caller_reports_; }

 private:
  std::thread::id caller_;
  int caller_reports_ = 0;
};

TEST(ViewsWorkflow, ProgressThatThrowsCancelledStopsTheBound) {
  workflow::BoundRequest request = ranges_request();
  request.bound.grid_select = GridSelect::none;
  StopAtThirdReport progress(std::this_thread::get_id());
  request.run.progress = &progress;
  EXPECT_THROW(workflow::run_bound(workflow_registry(), request), Cancelled);  // through the worker loops
  EXPECT_EQ(progress.caller_reports(), 3);  // the computation did not go on after it
}

}  // namespace
