#include "reconbound/workflow/data.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::workflow {

std::optional<std::vector<std::size_t>> chosen_indices(const IndexChoice& choice, std::size_t n,
                                                       const char* name) {
  if (choice.range && choice.indices) {
    throw InvalidInput(fmt::format("give either --{}-range or --{}-indices, not both", name, name));
  }
  if (choice.range) return range_indices(*choice.range, n);
  return choice.indices;
}

std::shared_ptr<const Dataset> request_dataset(const DataRequest& request) {
  if (request.records) return request.records;
  return std::make_shared<const Dataset>(load_dataset(request.spec));
}

SplitData load_split_data(const DataRequest& request) {
  SplitData out;
  out.dataset = request_dataset(request);
  const std::size_t n = static_cast<std::size_t>(out.dataset->records.rows());
  auto perp = chosen_indices(request.perp_records, n, "perp");
  auto est = chosen_indices(request.est_records, n, "est");
  if (perp.has_value() != est.has_value()) {
    throw InvalidInput("give explicit indices for both D_perp and D_est, or for neither");
  }
  if (perp) {
    if (request.perp || request.est) {
      throw InvalidInput("--perp/--est sizes do not go with explicit ranges or indices");
    }
    out.split = make_split(n, std::move(*perp), std::move(*est));
  } else {
    const bool paper = !request.quick && n >= kPaperPerp + kPaperMinEst;
    const std::size_t n_perp = request.perp.value_or(paper ? kPaperPerp : kQuickPerp);
    const std::size_t n_est = request.est.value_or(paper ? n - n_perp : kQuickEst);
    out.split = random_split(n, n_perp, n_est, request.seed);
  }
  out.perp = select_rows(out.dataset->records, out.split.perp);
  out.est = select_rows(out.dataset->records, out.split.est);
  return out;
}

}  // namespace reconbound::workflow
