// The bound per label (mathematics §6.10): the bound job on each class's records of D⊥ and D_est
// at α/C, the union bound joining the C statements, and the pooled bound as its own statement.
#include "reconbound/workflow/by_label.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>
#include <memory>

#include "reconbound/error.hpp"

namespace reconbound::workflow {

namespace {

// The data set and the split of the pooled bound: what every label is cut from. A data set in a
// file stays in its encoding (`mapped`); one read whole (png:DIR, the caller's records) is kept.
struct PooledSplit {
  std::size_t records = 0;
  Split split;
  SplitOrigin origin;
  std::shared_ptr<const MappedDataset> mapped;
  std::shared_ptr<const Dataset> whole;
  Dataset shape_and_source;  // no records: the shape and the source of the data set
};

PooledSplit pooled_split(const DataRequest& data) {
  if (data.views) throw InvalidInput("a bound per label needs the data set and its labels, not D_perp and D_est");
  SplitData split = load_split_data(data);
  PooledSplit out{0, std::move(split.split), split.origin, split.mapped, nullptr,
                  Dataset{RowMatrix(), split.dataset->shape, split.dataset->source}};
  if (!out.mapped) out.whole = request_dataset(data);
  out.records = out.mapped ? out.mapped->size() : static_cast<std::size_t>(out.whole->records.rows());
  return out;
}

Labels checked_labels(const ByLabelRequest& request, std::size_t records) {
  Labels labels = load_labels(request.bound.data.spec, request.labels, request.label_names);
  if (labels.of_record.size() != records) {
    throw InvalidInput(fmt::format("{} holds {} labels but the data set {} has {} records; give one label per record",
                                   labels.source, labels.of_record.size(), request.bound.data.spec, records));
  }
  const std::size_t largest = *std::max_element(labels.of_record.begin(), labels.of_record.end());
  if (!request.label_names.empty() && largest >= labels.names.size()) {
    throw InvalidInput(fmt::format("{} names {} classes but the labels run to {}; give one name per label, the "
                                   "line of label c naming label c", request.label_names, labels.names.size(), largest));
  }
  return labels;
}

// Every label of the data set with its records of D⊥ and of D_est (subsets of the split, in its
// order); InvalidInput for a label without records in one of them.
std::vector<LabelBound> label_rows(const Labels& labels, const Split& split) {
  std::map<std::size_t, LabelBound> rows;
  for (const std::size_t c : labels.of_record) rows[c].label = c;
  for (const std::size_t i : split.perp) rows[labels.of_record[i]].perp_indices.push_back(i);
  for (const std::size_t i : split.est) rows[labels.of_record[i]].est_indices.push_back(i);
  std::vector<LabelBound> out;
  for (auto& [c, row] : rows) {
    row.name = label_name(labels, c);
    if (row.perp_indices.empty() || row.est_indices.empty()) {
      throw InvalidInput(fmt::format("label {} ({}) has no record in {}; every label needs records in D_perp and in "
                                     "D_est (a larger split, or fewer labels)",
                                     c, row.name, row.perp_indices.empty() ? "D_perp" : "D_est"));
    }
    out.push_back(std::move(row));
  }
  return out;
}

// The position of each of `indices` in the sorted `records`.
std::vector<std::size_t> positions_in(const std::vector<std::size_t>& records, const std::vector<std::size_t>& indices) {
  std::vector<std::size_t> out(indices.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    out[i] = static_cast<std::size_t>(std::lower_bound(records.begin(), records.end(), indices[i]) - records.begin());
  }
  return out;
}

// The request of one label's bound: `bound` on its records of D⊥ and D_est at α/L, all else as the
// pooled run. Its records are decoded once, in file order, so that the bound reads them exactly
// as it reads them from the data set with the label's index files.
BoundRequest label_request(const BoundRequest& pooled, const PooledSplit& data, const LabelBound& row,
                           std::size_t labels) {
  std::vector<std::size_t> records(row.perp_indices.size() + row.est_indices.size());
  std::merge(row.perp_indices.begin(), row.perp_indices.end(), row.est_indices.begin(), row.est_indices.end(),
             records.begin());
  auto label_data = std::make_shared<Dataset>(data.shape_and_source);
  if (data.mapped) {
    label_data->records.resize(static_cast<Eigen::Index>(records.size()),
                               static_cast<Eigen::Index>(data.shape_and_source.shape.size()));
    data.mapped->read(records, label_data->records);
  } else {
    label_data->records = select_rows(data.whole->records, records);
  }
  BoundRequest request = pooled;
  request.data.records = std::move(label_data);
  request.data.encoding = RecordEncoding();  // the records are decoded already
  request.data.perp_records = IndexChoice{std::nullopt, positions_in(records, row.perp_indices)};
  request.data.est_records = IndexChoice{std::nullopt, positions_in(records, row.est_indices)};
  request.data.perp.reset();
  request.data.est.reset();
  request.data.quick = false;
  request.bound.alpha = pooled.bound.alpha / static_cast<double>(labels);  // the union bound, mathematics §6.10
  return request;
}

// A label cut from a random split is itself drawn at random within its class (mathematics
// §6.10): its certificate says so instead of calling its index sets the caller's choice.
void state_class_split(Certificate& c, const LabelBound& row, const SplitOrigin& pooled, std::size_t labels) {
  c.scope = fmt::format("label {} ({}), one of {} labels each at alpha/{}", row.label, row.name, labels, labels);
  if (!pooled.random) return;
  c.split = {true, fmt::format("the label-{} records of the {}", row.label, pooled.how)};
  for (CertificateIngredient& i : c.ingredients) {
    if (i.name != "split") continue;
    i.treatment = "exchangeable by construction";
    i.data = "the seed";
    i.detail = fmt::format("{}: the class's records of D_perp and D_est are disjoint random subsets of the class, "
                           "so D_est's is an i.i.d. sample of the class-conditional source independent of "
                           "D_perp's (mathematics §6.10)", c.split.how);
  }
}

void run_label(const Registry& registry, const BoundRequest& pooled, const PooledSplit& data, std::size_t labels,
               LabelBound& row) {
  try {
    row.output = run_bound(registry, label_request(pooled, data, row, labels));
  } catch (const InvalidInput& too_few) {
    // The pooled bound ran with the same settings, so what refuses here is the label's records.
    row.trivial = fmt::format("too few records ({} in D_perp, {} in D_est): {}", row.perp_indices.size(),
                              row.est_indices.size(), too_few.what());
    return;
  }
  state_class_split(row.output->certificate, row, data.origin, labels);
  if (row.rho_star() <= 0.0) {
    row.trivial = fmt::format("nothing certified from {} records of D_est: the entropy's lower bound does not exceed "
                              "what the leakage can reveal", row.est_indices.size());
  }
}

}  // namespace

ByLabelOutput run_bound_by_label(const Registry& registry, const ByLabelRequest& request) {
  if (request.bound.bound.selection_only) {
    throw InvalidInput(fmt::format("{} previews one bound's grid; drop it for a bound per label", parameter("select_only")));
  }
  const PooledSplit pooled = pooled_split(request.bound.data);
  const Labels labels = checked_labels(request, pooled.records);
  ByLabelOutput out;
  out.labels = label_rows(labels, pooled.split);
  out.labels_source = labels.source;
  out.alpha = request.bound.bound.alpha;
  out.pooled = run_bound(registry, request.bound);
  for (LabelBound& row : out.labels) run_label(registry, request.bound, pooled, out.labels.size(), row);
  // The smallest guaranteed error first: the absolute bound compares classes, ρ* is relative to
  // each class's own prior (mathematics §6.10).
  std::stable_sort(out.labels.begin(), out.labels.end(),
                   [](const LabelBound& a, const LabelBound& b) { return a.abs_bound() < b.abs_bound(); });
  return out;
}

}  // namespace reconbound::workflow
