// A data set cut by label (mathematics §6.10): the pooled split, the labels, each label's records
// of D⊥ and D_est, and the data of one label's job.
#include "reconbound/workflow/label_split.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <map>

#include "reconbound/error.hpp"

namespace reconbound::workflow {

namespace {

// The labels of `records` records of the data set `data_source` (its Dataset::source), checked.
Labels checked_labels(const DataRequest& data, const std::string& data_source, const LabelSource& source,
                      std::size_t records) {
  Labels labels = source.given ? *source.given : load_labels(data.spec, source.spec, source.names_file);
  if (source.given && !source.names_file.empty()) labels.names = read_label_names(source.names_file);
  if (labels.of_record.size() != records) {
    throw InvalidInput(fmt::format("{} holds {} labels but the data set {} has {} records; give one label per record",
                                   labels.source, labels.of_record.size(), data_source, records));
  }
  if (labels.of_record.empty()) throw InvalidInput(fmt::format("{} holds no labels", labels.source));
  const std::size_t largest = *std::max_element(labels.of_record.begin(), labels.of_record.end());
  if (!source.names_file.empty() && largest >= labels.names.size()) {
    throw InvalidInput(fmt::format("{} names {} classes but the labels run to {}; give one name per label, the "
                                   "line of label c naming label c", source.names_file, labels.names.size(), largest));
  }
  return labels;
}

// Every label of the data set with its records of D⊥ and of D_est (subsets of the split, in its
// order); InvalidInput for a label without records in one of them.
std::vector<LabelRecords> label_rows(const Labels& labels, const Split& split) {
  std::map<std::size_t, LabelRecords> rows;
  for (const std::size_t c : labels.of_record) rows[c].label = c;
  for (const std::size_t i : split.perp) rows[labels.of_record[i]].perp_indices.push_back(i);
  for (const std::size_t i : split.est) rows[labels.of_record[i]].est_indices.push_back(i);
  std::vector<LabelRecords> out;
  for (auto& [c, row] : rows) {
    row.name = label_name(labels, c);
    if (row.perp_indices.empty() || row.est_indices.empty()) {
      throw InvalidInput(fmt::format("{} has no record in {}; every label needs records in D_perp and in "
                                     "D_est (a larger split, or fewer labels)",
                                     label_title(row), row.perp_indices.empty() ? "D_perp" : "D_est"));
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

}  // namespace

std::string label_title(const LabelRecords& label) {
  const std::string plain = fmt::format("label {}", label.label);
  return label.name == plain ? plain : fmt::format("{} ({})", plain, label.name);
}

LabelledSplit split_by_label(const DataRequest& data, const LabelSource& source) {
  if (data.views) throw InvalidInput("a bound per label needs the data set and its labels, not D_perp and D_est");
  SplitData pooled = load_split_data(data);
  LabelledSplit out;
  out.origin = pooled.origin;
  out.mapped = pooled.mapped;
  out.shape_and_source = Dataset{RowMatrix(), pooled.dataset->shape, pooled.dataset->source};
  // A data set in a file stays in its encoding (`mapped`); one read whole (png:DIR, the caller's
  // records) is kept.
  if (!out.mapped) out.whole = request_dataset(data);
  out.records = out.mapped ? out.mapped->size() : static_cast<std::size_t>(out.whole->records.rows());
  const Labels labels = checked_labels(data, pooled.dataset->source, source, out.records);
  out.labels = label_rows(labels, pooled.split);
  out.source = labels.source;
  return out;
}

DataRequest label_data(const DataRequest& pooled, const LabelledSplit& split, const LabelRecords& label) {
  std::vector<std::size_t> records(label.perp_indices.size() + label.est_indices.size());
  std::merge(label.perp_indices.begin(), label.perp_indices.end(), label.est_indices.begin(), label.est_indices.end(),
             records.begin());
  auto label_records = std::make_shared<Dataset>(split.shape_and_source);
  if (split.mapped) {
    label_records->records.resize(static_cast<Eigen::Index>(records.size()),
                                  static_cast<Eigen::Index>(split.shape_and_source.shape.size()));
    split.mapped->read(records, label_records->records);
  } else {
    label_records->records = select_rows(split.whole->records, records);
  }
  DataRequest out = pooled;
  out.records = std::move(label_records);
  out.encoding = RecordEncoding();  // the records are decoded already
  out.perp_records = IndexChoice{std::nullopt, positions_in(records, label.perp_indices)};
  out.est_records = IndexChoice{std::nullopt, positions_in(records, label.est_indices)};
  out.perp.reset();
  out.est.reset();
  out.quick = false;
  return out;
}

void state_class_split(Certificate& c, const LabelRecords& label, const SplitOrigin& pooled, std::size_t labels) {
  c.scope = fmt::format("{}, one of {} labels each at alpha/{}", label_title(label), labels, labels);
  if (!pooled.random) return;
  c.split = {true, fmt::format("the label-{} records of the {}", label.label, pooled.how)};
  for (CertificateIngredient& i : c.ingredients) {
    if (i.name != "split") continue;
    i.treatment = "exchangeable by construction";
    i.data = "the seed";
    i.detail = fmt::format("{}: the class's records of D_perp and D_est are disjoint random subsets of the class, "
                           "so D_est's is an i.i.d. sample of the class-conditional source independent of "
                           "D_perp's (mathematics §6.10)", c.split.how);
  }
}

}  // namespace reconbound::workflow
