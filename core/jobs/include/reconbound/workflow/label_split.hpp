#pragma once
// A data set cut by label (mathematics §6.10): the pooled job's split of the data set, the label of
// every record, and each label's records of D⊥ and of D_est — subsets of the pooled split, so that
// a label's records are a random sample of its class when the split is random. Every job that
// runs per label (bound, spectrum, calibrate, report) cuts its data here, and runs its own job on
// label_data(…) at its share of α.
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/certificate.hpp"
#include "reconbound/export.hpp"
#include "reconbound/workflow/data.hpp"
#include "reconbound/workflow/labels.hpp"

namespace reconbound::workflow {

// Where the labels come from: the labels a caller holds (one per record of the data set, e.g. an
// array from Python), or load_labels(data spec, spec, names_file).
struct LabelSource {
  std::string spec;             // load_labels' spec: "" for the data set's own labels
  std::string names_file;       // a file of class names, one per line ("" for none)
  std::optional<Labels> given;  // the caller's labels instead of spec (names_file still names them)
};

// One label and its records of D⊥ and of D_est, as record indices of the data set in file order:
// the index files that re-compute this label's job (--perp-indices, --est-indices).
struct LabelRecords {
  std::size_t label = 0;
  std::string name;
  std::vector<std::size_t> perp_indices, est_indices;
};

// How messages and statements name a label: "label 1 (Trouser)", or "label 1" when its name is
// only label_name's default.
RECONBOUND_API std::string label_title(const LabelRecords& label);

struct LabelledSplit {
  std::vector<LabelRecords> labels;  // ascending label
  std::string source;                // where the labels came from, one line
  SplitOrigin origin;                // how the pooled split chose D⊥ and D_est
  std::size_t records = 0;           // records of the data set
  // The data set the labels are cut from: kept in its file encoding, or read whole.
  std::shared_ptr<const MappedDataset> mapped;
  std::shared_ptr<const Dataset> whole;
  Dataset shape_and_source;          // no records: the data set's shape and source
};

// The pooled split of `data` and its labels. InvalidInput for data given as views, a label count
// that differs from the data set's records, a names file with fewer names than labels, and a label
// with no record in D⊥ or in D_est; the errors of load_labels and of load_split_data.
RECONBOUND_API LabelledSplit split_by_label(const DataRequest& data, const LabelSource& source);

// `pooled` narrowed to one label: its records of D⊥ and D_est, decoded once in file order, so that
// a job reads them exactly as it reads them from the data set with the label's index files.
RECONBOUND_API DataRequest label_data(const DataRequest& pooled, const LabelledSplit& split,
                                      const LabelRecords& label);

// A label's certificate (its scope, and — when the pooled split is random — why its records are an
// i.i.d. sample of the class-conditional source, mathematics §6.10), one of `labels` labels.
RECONBOUND_API void state_class_split(Certificate& certificate, const LabelRecords& label, const SplitOrigin& pooled,
                                      std::size_t labels);

}  // namespace reconbound::workflow
