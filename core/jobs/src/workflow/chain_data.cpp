#include <fmt/format.h>

#include <algorithm>

#include "reconbound/error.hpp"
#include "reconbound/workflow/chain.hpp"

namespace reconbound::workflow {

namespace {

// `count` records drawn at random from `pool` (sorted ascending), without replacement.
std::vector<std::size_t> draw_from(const std::vector<std::size_t>& pool, std::size_t count, std::uint64_t seed,
                                   const char* what) {
  if (count > pool.size()) {
    throw InvalidInput(fmt::format("{} {} requested but only {} records are available", count, what, pool.size()));
  }
  if (count == pool.size()) return pool;
  const Split positions = random_split(pool.size(), count, pool.size() - count, seed);
  std::vector<std::size_t> out;
  for (const std::size_t p : positions.perp) out.push_back(pool[p]);
  return out;
}

std::vector<std::size_t> all_but(std::size_t n, const std::vector<std::vector<std::size_t>>& taken) {
  std::vector<bool> used(n, false);
  for (const auto& set : taken) {
    for (const std::size_t i : set) used[i] = true;
  }
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < n; ++i) {
    if (!used[i]) out.push_back(i);
  }
  return out;
}

std::vector<std::size_t> sorted(std::vector<std::size_t> v) {
  std::sort(v.begin(), v.end());
  return v;
}

}  // namespace

ChainSplitData load_chain_data(const ChainDataRequest& request) {
  const DataRequest& d = request.data;
  ChainSplitData out;
  out.dataset = request_dataset(d);
  const std::size_t n = static_cast<std::size_t>(out.dataset->records.rows());
  if (request.targets == 0) throw InvalidInput(fmt::format("{} must be at least 1", parameter("targets", 0)));
  auto perp = chosen_indices(d.perp_records, n, "perp");
  auto est = chosen_indices(d.est_records, n, "est");
  auto targets = chosen_indices(request.target_records, n, "targets");
  if (perp.has_value() != est.has_value()) {
    throw InvalidInput("give explicit indices for both D_perp and D_est, or for neither");
  }
  ChainIndices& idx = out.indices;
  out.origin = split_origin(d, n);
  if (perp) {
    if (d.perp || d.est) {
      throw InvalidInput(fmt::format("{}/{} sizes do not go with explicit ranges or indices", parameter("n_perp"),
                                     parameter("n_est")));
    }
    idx.perp = sorted(std::move(*perp));
    idx.est = sorted(std::move(*est));
    idx.targets = targets ? sorted(std::move(*targets))
                          : sorted(draw_from(all_but(n, {idx.perp, idx.est}), request.targets, d.seed ^ 0x7a67u,
                                             "targets"));
  } else {
    if (targets) {
      idx.targets = sorted(std::move(*targets));
    } else {
      if (request.targets >= n) {
        throw InvalidInput(fmt::format("{} targets requested from {} records", request.targets, n));
      }
      idx.targets = sorted(draw_from(all_but(n, {}), request.targets, d.seed ^ 0x7a67u, "targets"));
    }
    const std::vector<std::size_t> rest = all_but(n, {idx.targets});
    const bool paper = !d.quick && rest.size() >= kPaperPerp + kPaperMinEst;
    const std::size_t n_perp = d.perp.value_or(paper ? kPaperPerp : kQuickPerp);
    if (n_perp >= rest.size()) {
      throw InvalidInput(fmt::format("D_perp of {} records leaves nothing for D_est among {} records", n_perp, rest.size()));
    }
    const std::size_t n_est = d.est.value_or(paper ? rest.size() - n_perp : kQuickEst);
    const Split split = random_split(rest.size(), n_perp, n_est, d.seed);
    for (const std::size_t p : split.perp) idx.perp.push_back(rest[p]);
    for (const std::size_t p : split.est) idx.est.push_back(rest[p]);
  }
  if (request.shadow && request.shadow_indices) {
    throw InvalidInput(fmt::format("give either {} or {}, not both", parameter("shadow"), parameter("shadow_indices")));
  }
  if (request.shadow_indices) idx.shadow = sorted(*request.shadow_indices);
  if (request.shadow) {
    if (*request.shadow == 0) throw InvalidInput(fmt::format("{} must be at least 1", parameter("shadow", 0)));
    idx.shadow = sorted(draw_from(idx.est, *request.shadow, d.seed ^ 0x5ad0u, "shadow records"));
  }
  for (const auto* set : {&idx.perp, &idx.est, &idx.targets, &idx.shadow}) {
    for (const std::size_t i : *set) {
      if (i >= n) throw InvalidInput(fmt::format("record index {} is out of range: the data set has {} records", i, n));
    }
  }
  check_chain_layout(idx);
  // A split through make_split also refuses repeats within D⊥ or D_est.
  make_split(n, idx.perp, idx.est);
  const RowMatrix& records = out.dataset->records;
  out.perp = select_rows(records, idx.perp);
  out.est = select_rows(records, idx.est);
  out.targets = select_rows(records, idx.targets);
  if (!idx.shadow.empty()) out.shadow = select_rows(records, idx.shadow);
  return out;
}

}  // namespace reconbound::workflow
