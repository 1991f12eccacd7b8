#include "chain_data.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "reconbound/error.hpp"

namespace reconbound::cli {

void add_chain_data_options(CLI::App& cmd, ChainDataOptions& o) {
  add_data_options(cmd, o.data);
  cmd.add_option("--targets", o.targets, "Held-out targets drawn at random (outside D_perp and D_est)")
      ->capture_default_str();
  cmd.add_option("--targets-range", o.targets_range, "Explicit targets as a half-open range a:b in file order");
  cmd.add_option("--targets-indices", o.targets_indices, "Explicit targets as a file of record indices");
  cmd.add_option("--shadow", o.shadow, "D_shadow: this many records drawn from D_est (default: all of D_est)");
  cmd.add_option("--shadow-indices", o.shadow_indices, "Explicit D_shadow (inside D_est) as a file of record indices");
}

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

ChainSplitData load_chain_data(const ChainDataOptions& o, bool quick) {
  ChainSplitData out;
  out.dataset = load_dataset(o.data.data);
  const std::size_t n = static_cast<std::size_t>(out.dataset.records.rows());
  if (o.targets == 0) throw InvalidInput("--targets must be at least 1");
  auto perp = explicit_indices(o.data.perp_range, o.data.perp_indices, n, "perp");
  auto est = explicit_indices(o.data.est_range, o.data.est_indices, n, "est");
  auto targets = explicit_indices(o.targets_range, o.targets_indices, n, "targets");
  if (perp.has_value() != est.has_value()) {
    throw InvalidInput("give explicit indices for both D_perp and D_est, or for neither");
  }
  ChainIndices& idx = out.indices;
  if (perp) {
    if (o.data.perp || o.data.est) throw InvalidInput("--perp/--est sizes do not go with explicit ranges or indices");
    idx.perp = sorted(std::move(*perp));
    idx.est = sorted(std::move(*est));
    idx.targets = targets ? sorted(std::move(*targets))
                          : sorted(draw_from(all_but(n, {idx.perp, idx.est}), o.targets, o.data.seed ^ 0x7a67u,
                                             "targets"));
  } else {
    if (targets) {
      idx.targets = sorted(std::move(*targets));
    } else {
      if (o.targets >= n) throw InvalidInput(fmt::format("{} targets requested from {} records", o.targets, n));
      idx.targets = sorted(draw_from(all_but(n, {}), o.targets, o.data.seed ^ 0x7a67u, "targets"));
    }
    const std::vector<std::size_t> rest = all_but(n, {idx.targets});
    const bool paper = !quick && rest.size() >= kPaperPerp + kPaperMinEst;
    const std::size_t n_perp = o.data.perp.value_or(paper ? kPaperPerp : kQuickPerp);
    if (n_perp >= rest.size()) {
      throw InvalidInput(fmt::format("D_perp of {} records leaves nothing for D_est among {} records", n_perp, rest.size()));
    }
    const std::size_t n_est = o.data.est.value_or(paper ? rest.size() - n_perp : kQuickEst);
    const Split split = random_split(rest.size(), n_perp, n_est, o.data.seed);
    for (const std::size_t p : split.perp) idx.perp.push_back(rest[p]);
    for (const std::size_t p : split.est) idx.est.push_back(rest[p]);
  }
  if (o.shadow && !o.shadow_indices.empty()) throw InvalidInput("give either --shadow or --shadow-indices, not both");
  if (!o.shadow_indices.empty()) idx.shadow = sorted(read_index_file(o.shadow_indices));
  if (o.shadow) {
    if (*o.shadow == 0) throw InvalidInput("--shadow must be at least 1");
    idx.shadow = sorted(draw_from(idx.est, *o.shadow, o.data.seed ^ 0x5ad0u, "shadow records"));
  }
  for (const auto* set : {&idx.perp, &idx.est, &idx.targets, &idx.shadow}) {
    for (const std::size_t i : *set) {
      if (i >= n) throw InvalidInput(fmt::format("record index {} is out of range: the data set has {} records", i, n));
    }
  }
  check_chain_layout(idx);
  // A split through make_split also refuses repeats within D⊥ or D_est.
  make_split(n, idx.perp, idx.est);
  out.perp = select_rows(out.dataset.records, idx.perp);
  out.est = select_rows(out.dataset.records, idx.est);
  out.targets = select_rows(out.dataset.records, idx.targets);
  if (!idx.shadow.empty()) out.shadow = select_rows(out.dataset.records, idx.shadow);
  return out;
}

}  // namespace reconbound::cli
