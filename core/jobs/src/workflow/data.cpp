#include "reconbound/workflow/data.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::workflow {

std::optional<std::vector<std::size_t>> chosen_indices(const IndexChoice& choice, std::size_t n,
                                                       const char* name) {
  if (choice.range && choice.indices) {
    throw InvalidInput(fmt::format("give either {} or {}, not both", parameter(fmt::format("{}_range", name)),
                                   parameter(fmt::format("{}_indices", name))));
  }
  if (choice.range) return range_indices(*choice.range, n);
  return choice.indices;
}

std::shared_ptr<const Dataset> request_dataset(const DataRequest& request) {
  if (request.views) {
    throw InvalidInput("this job draws its sets from a whole data set: give the records, not D_perp and D_est");
  }
  if (request.records) return request.records;
  return std::make_shared<const Dataset>(load_dataset(request.spec, request.encoding));
}

namespace {

std::string describe(const IndexChoice& choice, const char* name) {
  if (choice.range) return fmt::format("{} = records {}:{}", name, choice.range->begin, choice.range->end);
  if (choice.indices) return fmt::format("{} = {} listed records", name, choice.indices->size());
  return fmt::format("{} not given", name);
}

}  // namespace

SplitOrigin split_origin(const DataRequest& request, std::size_t records) {
  if (request.views) return {false, fmt::format("D_perp and D_est given as records ({})", request.views->source)};
  if (request.perp_records.range || request.perp_records.indices) {
    return {false, fmt::format("explicit sets: {}, {}", describe(request.perp_records, "D_perp"),
                               describe(request.est_records, "D_est"))};
  }
  return {true, fmt::format("random split of {} records, seed {}", records, request.seed)};
}

namespace {

// D⊥ and D_est given by the caller: nothing to load or split.
SplitData caller_views(const DataRequest& request) {
  const bool explicit_sets = request.perp_records.range || request.perp_records.indices ||
                             request.est_records.range || request.est_records.indices;
  if (request.records || explicit_sets || request.perp || request.est) {
    throw InvalidInput("D_perp and D_est given as records take no data set, split sizes or indices");
  }
  const RecordViews& views = *request.views;
  const std::size_t d = views.shape.size();
  if (d == 0 || views.perp.empty() || views.est.empty() || views.perp.size() % d != 0 || views.est.size() % d != 0) {
    throw InvalidInput(fmt::format("D_perp ({} values) and D_est ({} values) must be whole, non-empty sets of "
                                   "records of shape {}", views.perp.size(), views.est.size(), views.shape.to_string()));
  }
  SplitData out;
  out.views = views;
  out.origin = split_origin(request, 0);
  out.dataset = std::make_shared<const Dataset>(Dataset{RowMatrix(), views.shape, views.source});
  return out;
}

}  // namespace

SplitData load_split_data(const DataRequest& request) {
  if (request.views) return caller_views(request);
  SplitData out;
  // A data set in a file is kept encoded (an .npy or raw IDX file mapped, a gzipped one inflated):
  // nothing of it is decoded before the bound's memory plan.
  if (!request.records) out.mapped = map_dataset(request.spec, request.encoding);
  out.dataset = out.mapped ? std::make_shared<const Dataset>(Dataset{RowMatrix(), out.mapped->shape(),
                                                                     out.mapped->source()})
                           : request_dataset(request);
  const std::size_t n = out.mapped ? out.mapped->size() : static_cast<std::size_t>(out.dataset->records.rows());
  auto perp = chosen_indices(request.perp_records, n, "perp");
  auto est = chosen_indices(request.est_records, n, "est");
  if (perp.has_value() != est.has_value()) {
    throw InvalidInput("give explicit indices for both D_perp and D_est, or for neither");
  }
  if (perp) {
    if (request.perp || request.est) {
      throw InvalidInput(fmt::format("{}/{} sizes do not go with explicit ranges or indices", parameter("n_perp"),
                                     parameter("n_est")));
    }
    out.split = make_split(n, std::move(*perp), std::move(*est));
  } else {
    const bool paper = !request.quick && n >= kPaperPerp + kPaperMinEst;
    const std::size_t n_perp = request.perp.value_or(paper ? kPaperPerp : kQuickPerp);
    const std::size_t n_est = request.est.value_or(paper ? n - n_perp : kQuickEst);
    out.split = random_split(n, n_perp, n_est, request.seed);
  }
  out.origin = split_origin(request, n);
  if (out.mapped) return out;
  out.perp = select_rows(out.dataset->records, out.split.perp);
  out.est = select_rows(out.dataset->records, out.split.est);
  // A data set loaded here is held only until D⊥ and D_est are copied out of it (the caller's
  // own records stay as they are).
  if (!request.records) {
    out.dataset = std::make_shared<const Dataset>(Dataset{RowMatrix(), out.dataset->shape, out.dataset->source});
  }
  return out;
}

}  // namespace reconbound::workflow
