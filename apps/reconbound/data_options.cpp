#include "data_options.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::cli {

void add_data_options(CLI::App& cmd, DataOptions& o) {
  cmd.add_option("--data", o.data,
                 "fashion-mnist | idx:PATH | npy:PATH | png:DIR")->capture_default_str();
  cmd.add_option("--perp", o.perp, "Random split: records in D_perp (rotation, tr Sigma)");
  cmd.add_option("--est", o.est, "Random split: records in D_est (entropy estimate)");
  cmd.add_option("--perp-range", o.perp_range, "Explicit D_perp as a half-open range a:b in file order");
  cmd.add_option("--est-range", o.est_range, "Explicit D_est as a half-open range a:b in file order");
  cmd.add_option("--perp-indices", o.perp_indices, "Explicit D_perp as a file of record indices");
  cmd.add_option("--est-indices", o.est_indices, "Explicit D_est as a file of record indices");
  cmd.add_option("--seed", o.seed, "Seed of the split, rotation signs and dither")->capture_default_str();
}

std::optional<std::vector<std::size_t>> explicit_indices(const std::string& range, const std::string& file,
                                                         std::size_t n, const char* name) {
  if (!range.empty() && !file.empty()) {
    throw InvalidInput(fmt::format("give either --{}-range or --{}-indices, not both", name, name));
  }
  if (!range.empty()) return range_indices(parse_index_range(range), n);
  if (!file.empty()) return read_index_file(file);
  return std::nullopt;
}

SplitData load_split_data(const DataOptions& o, bool quick) {
  SplitData out;
  out.dataset = load_dataset(o.data);
  const std::size_t n = static_cast<std::size_t>(out.dataset.records.rows());
  auto perp = explicit_indices(o.perp_range, o.perp_indices, n, "perp");
  auto est = explicit_indices(o.est_range, o.est_indices, n, "est");
  if (perp.has_value() != est.has_value()) {
    throw InvalidInput("give explicit indices for both D_perp and D_est, or for neither");
  }
  if (perp) {
    if (o.perp || o.est) throw InvalidInput("--perp/--est sizes do not go with explicit ranges or indices");
    out.split = make_split(n, std::move(*perp), std::move(*est));
  } else {
    const bool paper = !quick && n >= kPaperPerp + kPaperMinEst;
    const std::size_t n_perp = o.perp.value_or(paper ? kPaperPerp : kQuickPerp);
    const std::size_t n_est = o.est.value_or(paper ? n - n_perp : kQuickEst);
    out.split = random_split(n, n_perp, n_est, o.seed);
  }
  out.perp = select_rows(out.dataset.records, out.split.perp);
  out.est = select_rows(out.dataset.records, out.split.est);
  return out;
}

}  // namespace reconbound::cli
