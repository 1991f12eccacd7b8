// The `goldfeld` entropy estimator plugin (mathematics §6, Proposition 5.1): for every grid pair
// (k, ν²), h̄_LB(k) = ĥ_MC − t_MC − t_MD − t_num, where ĥ_MC (the point estimate h_point) is the
// Monte Carlo integral (eq 31) of the plug-in entropy of Goldfeld et al. (2020), t_MC the
// Cantelli margin (eq 34) with the variance bound of mathematics §6.3 and t_MD the McDiarmid
// margin (eq 35); n_mc, t_mc and t_md are reported as the result's details. Its prediction for
// grid selection is prediction.hpp (mathematics §6.6).
//
// Two paths compute ĥ_MC from the same draws Z (keyed by (seed, k, block)):
//  - exact=true: a log-sum-exp over all n centres per query and level, t_num = 0 (the
//    reference, (grid pair, block) items on request.threads threads);
//  - default: the fast path (fast_path.cpp, docs/fast_estimator.md), all levels of one block
//    size from shared distances, with t_num the proven bound on its numerical error; its
//    product kernel in float32 (precision=single, the default) or float64 (precision=double).
// Both are bit-identical for every thread count and shard split.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cost_progress.hpp"
#include "cpu/block_entropy.hpp"
#include "fast_path.hpp"
#include "item_cost.hpp"
#include "mathematics/dither.hpp"
#include "mathematics/margins.hpp"
#include "mathematics/prediction.hpp"
#include "mathematics/request_check.hpp"
#include "opencl/device_kernel.hpp"
#include "parallel_for.hpp"
#include "query_parts.hpp"
#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace reconbound::goldfeld {

namespace {


// s = ν·sqrt(tr Σ̂ / k), the dither standard deviation (mathematics §5).
double dither_sd(const GridPair& pair, double trace_sigma) {
  return std::sqrt(pair.nu2 * trace_sigma / static_cast<double>(pair.k));
}

class GoldfeldEstimator final : public EntropyEstimator {
 public:
  GoldfeldEstimator(std::optional<std::size_t> n_mc, bool exact, SeriesPolicy series,
                    ProductPrecision precision, std::shared_ptr<const DeviceKernel> device)
      : n_mc_(n_mc), exact_(exact), series_(series), precision_(precision), device_(std::move(device)) {}

  std::vector<GridEntropy> estimate(const EntropyRequest& request) const override {
    Plan plan = plan_of(request);
    check_query_parts(request);
    check_sample_finite(request.rotated);
    if (exact_) {
      run_exact_path(request, plan);
    } else {
      run_fast_path(request, plan.checked.threads, series_, precision_, device_.get(), plan.draws, plan.results);
    }
    for (GridEntropy& r : plan.results) r.computed_on = computed_on();
    const bool complete = computes_all_blocks(request, plan.checked) && computes_all_queries(plan.checked);
    for (std::size_t p = 0; p < plan.results.size(); ++p) {
      if (complete) {
        assemble(plan.results[p], plan.draws[p], plan.checked.margins);
      } else {
        mark_partial(plan.results[p], plan.draws[p]);
      }
    }
    return std::move(plan.results);
  }

  // The units estimate(request) reports its progress in (item_cost.hpp), from the sizes alone.
  double cost(const EntropyRequest& request) const override {
    const Plan plan = plan_of(request);
    check_query_parts(request);
    return static_cast<double>(exact_ ? exact_path_cost(plan) : fast_path_cost(request, series_, precision_, plan.draws, plan.results));
  }

  // The exact path computes each block whole; the fast path splits a block's queries into as
  // many parts as it has tiles of rows.
  std::size_t query_parts_limit(const EntropyRequest& request) const override {
    return exact_ ? 1 : tiles_of(static_cast<std::size_t>(request.rotated.rows()));
  }

  GridEntropy combine(const std::vector<GridEntropy>& shards,
                      const EntropyRequest& request) const override {
    const CheckedRequest checked = check_settings(request);
    if (shards.empty()) throw InvalidInput("combine needs the results of all shards; got none");
    const GridEntropy& first = shards.front();
    if (first.pair.k < 1 || checked.m % first.pair.k != 0) {
      throw InvalidInput(fmt::format(
          "combine: block size k={} does not divide m={}; pass the request the shards came from",
          first.pair.k, checked.m));
    }
    GridEntropy out;
    out.pair = first.pair;
    out.s = first.s;
    out.n = first.n;
    const std::size_t n_mc = draws_of(first);
    for (const GridEntropy& shard : shards) {
      if (!(shard.pair == first.pair) || shard.s != first.s || shard.n != first.n ||
          draws_of(shard) != n_mc) {
        throw InvalidInput(fmt::format(
            "combine: the shards disagree on the grid pair, s, n or n_mc (k={} nu2={} vs k={} "
            "nu2={}); combine the shards of one grid pair of one request",
            first.pair.k, first.pair.nu2, shard.pair.k, shard.pair.nu2));
      }
      out.blocks.insert(out.blocks.end(), shard.blocks.begin(), shard.blocks.end());
    }
    if (out.n != checked.n) {
      throw InvalidInput(fmt::format("combine: the shards have n={} but the request has {} rows",
                                     out.n, checked.n));
    }
    // Sorted by block, each block's query parts merged (query_parts.hpp).
    out.blocks = merge_query_parts(std::move(out.blocks), checked.query_parts, out.n, out.pair.k, n_mc, out.s);
    const std::size_t blocks = checked.m / out.pair.k;  // N_k
    for (std::size_t i = 0; i < out.blocks.size(); ++i) {
      const std::size_t b = out.blocks[i].block;
      if (b >= blocks) {
        throw InvalidInput(fmt::format(
            "combine: block {} does not exist at k={} (N_k={}); pass the request the shards "
            "came from",
            b, out.pair.k, blocks));
      }
      if (i > 0 && out.blocks[i - 1].block == b) {
        throw InvalidInput(fmt::format(
            "combine: block {} of k={} appears in two shards; pass each shard once", b,
            out.pair.k));
      }
      if (b != i) {
        throw InvalidInput(fmt::format(
            "combine: block {} of k={} is missing; pass the results of all shards", i,
            out.pair.k));
      }
    }
    if (out.blocks.size() != blocks) {
      throw InvalidInput(fmt::format(
          "combine: block {} of k={} is missing; pass the results of all shards",
          out.blocks.size(), out.pair.k));
    }
    assemble(out, n_mc, checked.margins);
    out.computed_on = joined_devices(shards);
    return out;
  }

  std::vector<ConfidenceEvent> confidence_events(const std::vector<GridEntropy>& results,
                                                 const EntropyRequest& request) const override {
    const MarginSettings margins = check_settings(request).margins;
    const auto largest = [&](const char* name) {
      double out = 0.0;
      for (const GridEntropy& r : results) out = std::max(out, find_detail(r.details, name).value_or(0.0));
      return out;
    };
    return {{.name = "monte_carlo",
             .alpha = margins.alpha_mc,
             .data = "the Monte Carlo draws (seeded), given D_est",
             .detail = fmt::format("Cantelli margin t_MC (eq 34) over |G'| = {} pairs; largest t_MC {:.4g} bits",
                                   margins.union_size, largest("t_mc"))},
            {.name = "sampling",
             .alpha = margins.alpha_md,
             .data = "D_est",
             .detail = fmt::format("McDiarmid margin t_MD (eq 35) over |G'| = {} pairs; largest t_MD {:.4g} bits",
                                   margins.union_size, largest("t_md"))}};
  }

  EntropyPrediction predict(const PilotEstimate& pilot, const PredictionTarget& target) const override {
    return predict_entropy(pilot, target, n_mc_.value_or(0));
  }

 private:
  struct Item {
    std::size_t pair;
    std::size_t slot;  // index into results[pair].blocks
  };

  // What a request asks for, before any sample value is read: one result per pair holding
  // this shard's blocks in increasing order, the draws per sample point of each pair and the
  // exact path's (pair, block) items.
  struct Plan {
    CheckedRequest checked;
    std::vector<GridEntropy> results;
    std::vector<std::size_t> draws;  // n_MC per pair
    std::vector<Item> items;
  };

  Plan plan_of(const EntropyRequest& request) const {
    Plan plan{check_settings(request), std::vector<GridEntropy>(request.grid.size()),
              std::vector<std::size_t>(request.grid.size()), {}};
    const CheckedRequest& checked = plan.checked;
    for (std::size_t p = 0; p < request.grid.size(); ++p) {
      const GridPair& pair = request.grid[p];
      GridEntropy& r = plan.results[p];
      r.pair = pair;
      r.s = dither_sd(pair, request.trace_sigma);
      r.n = checked.n;
      const std::size_t blocks = checked.m / pair.k;  // N_k
      // Draws per sample point: the request's, else the plugin parameter, else the budget
      // rule of mathematics §6.7 (t_MC ≤ t_MD; data-free, so fixed before any dither is drawn).
      plan.draws[p] = request.n_mc > 0 ? request.n_mc
                                       : n_mc_.value_or(monte_carlo_budget(pair.k, blocks, checked.n, checked.margins));
      for (std::size_t b = request.shard; b < blocks; b += request.shards) {
        if (!computes_block(request, checked, pair.k, b)) continue;
        BlockEntropy block;
        block.block = b;
        plan.items.push_back({p, r.blocks.size()});
        r.blocks.push_back(block);
      }
    }
    return plan;
  }

  // The modelled cost of one exact-path item of pair p: items of one pair cost the same; pairs
  // differ in k and n_mc (item_cost.hpp).
  static std::uint64_t exact_units(const Plan& plan, std::size_t p) {
    return cost_units(exact_item_cost(plan.checked.n, plan.results[p].pair.k, plan.draws[p]));
  }

  static std::uint64_t exact_path_cost(const Plan& plan) {
    std::uint64_t total = 0;
    for (const Item& item : plan.items) total += exact_units(plan, item.pair);
    return total;
  }

  // The reference: a log-sum-exp over all centres per (grid pair, block) item, with its proven
  // rounding bound (block_entropy.cpp, exact_bound.cpp).
  static void run_exact_path(const EntropyRequest& request, Plan& plan) {
    CostProgress progress(request.progress, exact_path_cost(plan));
    parallel_for(plan.items.size(), plan.checked.threads, [&](std::size_t i) {
      const Item& item = plan.items[i];
      GridEntropy& r = plan.results[item.pair];
      BlockEntropy& block = r.blocks[item.slot];
      const BlockPoints points(request.rotated, r.pair.k, block.block, plan.checked.first_column, plan.checked.m);
      NormalStream dither(request.seed, r.pair.k, block.block);
      const FastBlockResult exact = monte_carlo_entropy_bits(points, r.s, plan.draws[item.pair], dither);
      block.h_point_bits = exact.h_mc_bits;
      block.numerical_error_bits = exact.numerical_error_bits;  // the log-sum-exp's proven rounding
      progress.finished(exact_units(plan, item.pair));
    });
  }

  // Query parts need the fast path (it splits blocks by tiles of rows).
  void check_query_parts(const EntropyRequest& request) const {
    if (request.query_parts > query_parts_limit(request)) {
      throw InvalidInput(fmt::format("query_parts = {} needs the fast path: the exact path (exact=true) computes "
                                     "each block whole; split by blocks (shards) instead",
                                     request.query_parts));
    }
  }

  // A shard's result carries only its blocks and its draws; the grid-level numbers need all
  // blocks and are NaN until combine() fills them, so they cannot be used by mistake.
  static void mark_partial(GridEntropy& r, std::size_t n_mc) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    r.h_point = r.t_num = r.h_lb = nan;
    r.details = margin_details(n_mc, nan, nan);
    r.complete = false;
  }

  // "cpu", or the device's description (GridEntropy::computed_on).
  std::string computed_on() const { return device_ ? device_->description() : "cpu"; }

  // The shards' devices, each once, in the order they first appear.
  static std::string joined_devices(const std::vector<GridEntropy>& shards) {
    std::vector<std::string> seen;
    for (const GridEntropy& shard : shards) {
      if (std::find(seen.begin(), seen.end(), shard.computed_on) == seen.end()) seen.push_back(shard.computed_on);
    }
    return fmt::format("{}", fmt::join(seen, "; "));
  }

  std::optional<std::size_t> n_mc_;
  bool exact_;
  SeriesPolicy series_;
  ProductPrecision precision_;
  std::shared_ptr<const DeviceKernel> device_;  // null: the CPU
};

// The device of device=<value> (device_kernel.hpp). Only the fast path's single-precision kernel
// runs on a device: exact=true and precision=double refuse device=opencl, and device=auto
// computes them on the CPU.
std::shared_ptr<const DeviceKernel> device_of(const std::string& value, bool exact, ProductPrecision precision) {
  DeviceSetting setting = parse_device_setting(value);
  if (setting.kind == DeviceSetting::Kind::cpu) return nullptr;
  if (exact || precision == ProductPrecision::double_precision) {
    const char* what = exact ? "exact=true" : "precision=double";
    if (setting.kind == DeviceSetting::Kind::opencl) {
      throw InvalidInput(fmt::format("parameter 'device'='{}' computes the fast path's single-precision kernel; {} "
                                     "runs on the CPU only (drop one of them)",
                                     value, what));
    }
    return nullptr;
  }
  return open_device(setting);
}

std::unique_ptr<EntropyEstimator> make(const Params& params) {
  params.require_only({"n_mc", "exact", "series", "precision", "device"}, "the goldfeld estimator");
  std::optional<std::size_t> n_mc;
  if (params.has("n_mc")) {
    const std::int64_t value = params.get_int("n_mc");
    if (value < 1 || value > 1'000'000) {
      throw InvalidInput(fmt::format(
          "parameter 'n_mc'={} must lie in [1, 1000000] (Monte Carlo draws per sample point)",
          value));
    }
    n_mc = static_cast<std::size_t>(value);
  }
  const std::string series = params.get_string("series", "auto");
  if (series != "auto" && series != "on" && series != "off") {
    throw InvalidInput(fmt::format(
        "parameter 'series'='{}' must be auto, on or off (Taylor boxes at k = 1 and 2)", series));
  }
  const SeriesPolicy policy = series == "auto" ? SeriesPolicy::automatic
                              : series == "on" ? SeriesPolicy::always
                                               : SeriesPolicy::never;
  const std::string precision = params.get_string("precision", "single");
  if (precision != "single" && precision != "double") {
    throw InvalidInput(fmt::format(
        "parameter 'precision'='{}' must be single or double (the fast path's product kernel)",
        precision));
  }
  const bool exact = params.get_bool("exact", false);
  const ProductPrecision product = precision == "single" ? ProductPrecision::single : ProductPrecision::double_precision;
  return std::make_unique<GoldfeldEstimator>(n_mc, exact, policy, product,
                                             device_of(params.get_string("device", "cpu"), exact, product));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::estimator,
      .name = "goldfeld",
      .version = "1.5.0",
      .description =
          "plug-in entropy of the dithered blocks by Monte Carlo (eq 31) with Cantelli and "
          "McDiarmid margins (eq 34-35) and a proven numerical margin t_num",
      .parameters = "n_mc=<int, draws per sample point; default: the smallest with t_MC <= t_MD "
                    "for each block size>; "
                    "exact=<bool, default false: log-sum-exp over all centres per level, "
                    "t_num=0 (the reference); false: shared-distance fast path>; "
                    "series=<auto|on|off, default auto: Taylor boxes at k=1 always and at k=2 "
                    "where they cost less than the chained kernel; on: wherever the tables fit; "
                    "off: never>; "
                    "precision=<single|double, default single: the fast path's product kernel "
                    "forms exponents and exponentials in float32 with a proven bound (rows beyond "
                    "it take float64); double: float64 throughout>; "
                    "device=<cpu|opencl|opencl:N|auto, default cpu: where the single-precision kernel's sums "
                    "are computed; opencl: the first usable OpenCL device (GPUs first), opencl:N the N-th of "
                    "`reconbound plugins`, refused with the reason when it does not meet the proof's float "
                    "checks; auto: a usable GPU, else the CPU (said on stderr)>",
      .make_estimator = &make,
  };
  return plugin;
}

}  // namespace

}  // namespace reconbound::goldfeld

RECONBOUND_PLUGIN(reconbound::goldfeld::info)
