// A test double: an estimator whose h_lb lies one bit above its point estimate, h_point = −100 and
// h_lb = −99 bits at every pair (far below any true entropy of the suite's sources). Its prediction
// keeps the law (h_lb ≤ h_point), so the grid selection runs; `reconbound conformance` must fail
// it on lower_bound_at_most_point alone, and the jobs must refuse its estimate naming it. It
// computes blocks whole (query_parts_limit 1) and refuses a split into query parts; built with
// the example "ignore_query_parts=true" (the double `ignored_query_parts`) it estimates such a
// request as if whole, which conformance must fail on query_parts_combine_exactly too.
#include <algorithm>
#include <cmath>

#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace {

using namespace reconbound;

constexpr double kPoint = -100.0;  // bits
constexpr double kLowerBound = kPoint + 1.0;

class LowerBoundAbovePoint final : public EntropyEstimator {
 public:
  explicit LowerBoundAbovePoint(bool ignore_query_parts) : ignore_query_parts_(ignore_query_parts) {}

  std::vector<GridEntropy> estimate(const EntropyRequest& request) const override {
    const auto n = static_cast<std::size_t>(request.rotated.rows());
    const auto m = static_cast<std::size_t>(request.rotated.cols());
    if (n < 2 || request.shards < 1 || request.shard >= request.shards) throw InvalidInput("bad request");
    if (request.query_parts != 1 && !ignore_query_parts_) throw InvalidInput("blocks are computed whole");
    std::vector<GridEntropy> out;
    for (const GridPair& pair : request.grid) {
      if (pair.k < 1 || m % pair.k != 0 || !(pair.nu2 > 0.0)) throw InvalidInput("bad grid pair");
      GridEntropy e;
      e.pair = pair;
      e.s = std::sqrt(pair.nu2 * request.trace_sigma / static_cast<double>(pair.k));  // mathematics §5
      e.n = n;
      for (std::size_t b = request.shard; b < m / pair.k; b += request.shards) e.blocks.push_back({b, kPoint, 0.0});
      e.complete = request.shards == 1;
      e.h_point = e.complete ? kPoint : std::nan("");
      e.h_lb = e.complete ? kLowerBound : std::nan("");
      out.push_back(e);
    }
    return out;
  }
  GridEntropy combine(const std::vector<GridEntropy>& shards, const EntropyRequest& /*request*/) const override {
    if (shards.empty()) throw InvalidInput("no shards");
    GridEntropy out = shards.front();
    out.blocks.clear();
    for (const GridEntropy& shard : shards) out.blocks.insert(out.blocks.end(), shard.blocks.begin(), shard.blocks.end());
    std::sort(out.blocks.begin(), out.blocks.end(), [](const auto& a, const auto& b) { return a.block < b.block; });
    out.h_point = kPoint;
    out.h_lb = kLowerBound;
    out.complete = true;
    return out;
  }
  std::vector<ConfidenceEvent> confidence_events(const std::vector<GridEntropy>& /*results*/,
                                                 const EntropyRequest& request) const override {
    return {{.name = "sampling", .alpha = request.alpha, .data = "D_est", .detail = "test double"}};
  }
  EntropyPrediction predict(const PilotEstimate& /*pilot*/, const PredictionTarget& /*target*/) const override {
    return {.h_point = kPoint, .h_lb = kPoint - 1.0, .cost = 1.0, .details = {}};
  }

 private:
  bool ignore_query_parts_;
};

std::unique_ptr<EntropyEstimator> make(const Params& params) {
  params.require_only({"ignore_query_parts"}, "the lb_above_point double");
  return std::make_unique<LowerBoundAbovePoint>(params.get_bool("ignore_query_parts", false));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .kind = PluginKind::estimator,
      .name = RECONBOUND_DOUBLE_NAME,
      .version = "0.0.1",
      .description = "test double: h_lb = h_point + 1 bit",
      .example = RECONBOUND_DOUBLE_EXAMPLE,
      .make_estimator = &make,
  };
  return plugin;
}

}  // namespace

RECONBOUND_PLUGIN(info)
