#pragma once
// The records of a workflow job (mathematics §7): a data set loaded from a spec, or the caller's own
// records, split into disjoint D⊥ (rotation, tr Σ̂) and D_est (entropy estimate). Records are
// rows of grey levels (channel-major C×H×W), as reconbound/dataset.hpp reads them.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/certificate.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/export.hpp"
#include "reconbound/split.hpp"
#include "reconbound/workflow/record_indices.hpp"

namespace reconbound::workflow {

// Default random split (documented in the README): the paper's sizes where the data set
// allows, |D⊥| = 10,000 and every other record (at least 50,000) in D_est; otherwise, and
// with `quick`, the quick-look split of 2,000 + 2,000 records.
inline constexpr std::size_t kPaperPerp = 10000;
inline constexpr std::size_t kPaperMinEst = 50000;
inline constexpr std::size_t kQuickPerp = 2000;
inline constexpr std::size_t kQuickEst = 2000;

// Explicit records of one set: a half-open range in file order, or a list of indices
// (at most one of the two).
struct IndexChoice {
  std::optional<IndexRange> range;
  std::optional<std::vector<std::size_t>> indices;
};

// The caller's D⊥ and D_est in memory it owns (e.g. NumPy arrays from Python), read in place:
// records of `shape` one after another (row-major), grey levels.
struct RecordViews {
  std::span<const double> perp, est;
  ImageShape shape;
  std::string source;  // for reports, e.g. "arrays"

  // The records as rows (a whole number of them: load_split_data checks).
  MatrixView perp_rows() const { return rows(perp); }
  MatrixView est_rows() const { return rows(est); }

 private:
  MatrixView rows(std::span<const double> values) const {
    const auto d = static_cast<Eigen::Index>(shape.size());
    return Eigen::Map<const RowMatrix>(values.data(), static_cast<Eigen::Index>(values.size()) / d, d);
  }
};

struct DataRequest {
  // load_dataset spec: "fashion-mnist", "idx:PATH", "npy:PATH" or "png:DIR".
  std::string spec = "fashion-mnist";
  // How an "npy:PATH" file is stored (record_encoding.hpp: the `layout` and `scale` parameters);
  // nothing given: a file that looks channels last or scaled to [0, 1] is refused.
  RecordEncoding encoding;
  // The largest value of the scale the caller's records were in before they became grey levels:
  // 1 for records in [0, 1] (scale 1, or Normalize undone from Python), 255 for grey levels. Not
  // given: encoding.scale, else 255. Pages state RMSEs in this scale too (caller_rmse).
  std::optional<double> caller_scale;
  // The caller's records instead of `spec` (e.g. arrays from Python); not copied.
  std::shared_ptr<const Dataset> records;
  // Explicit D⊥ and D_est (both or neither), or a random split with these sizes (default: the
  // paper's where the data set allows, else the quick-look split).
  IndexChoice perp_records, est_records;
  std::optional<std::size_t> perp, est;
  std::uint64_t seed = 0;  // seed of the random split
  bool quick = false;      // the quick-look sizes for a random split
  // D⊥ and D_est themselves, instead of a data set and a split: never copied. `spec` is then
  // not read; records, explicit sets and sizes are refused.
  std::optional<RecordViews> views;
};

struct SplitData {
  std::shared_ptr<const Dataset> dataset;  // the caller's records; loaded from a spec or with views:
                                           // no records, only their shape and source
  Split split;                             // with views: empty
  SplitOrigin origin;                      // how D⊥ and D_est were chosen (split_origin)
  RowMatrix perp, est;                     // the records of D⊥ and D_est (with views or mapped: empty)
  std::optional<RecordViews> views;
  // A data set kept in its file encoding ("npy:PATH", "idx:PATH", "fashion-mnist":
  // map_dataset): D⊥ and D_est are the records split.perp and split.est of it, decoded a batch
  // at a time by the bound (docs/memory.md).
  std::shared_ptr<const MappedDataset> mapped;

  // What the bound reads: the views, the mapped records, or perp and est. This SplitData must
  // outlive it.
  BoundData bound_data() const {
    if (views) return BoundData(views->perp_rows(), views->est_rows(), views->shape);
    if (mapped) return BoundData(mapped.get(), split.perp, split.est, dataset->shape);
    return BoundData(&perp, &est, dataset->shape);
  }
};

// The indices of an IndexChoice in a data set of n records; nullopt when it names none.
// InvalidInput when it names both a range and indices (`name`: "perp", "est", "targets").
RECONBOUND_API std::optional<std::vector<std::size_t>> chosen_indices(const IndexChoice& choice, std::size_t n,
                                                                      const char* name);

// The request's data set: its records, or load_dataset(spec). FileError/InvalidInput as the reader;
// InvalidInput for a request of views (a job that lays out its own sets, like the chain's).
RECONBOUND_API std::shared_ptr<const Dataset> request_dataset(const DataRequest& request);

// How the request chooses D⊥ and D_est, for the certificate (mathematics §7): a random split of
// `records` records with its seed, or the caller's ranges, index lists or arrays.
RECONBOUND_API SplitOrigin split_origin(const DataRequest& request, std::size_t records);

// Loads the data and builds the split, or takes the request's views as they are. InvalidInput
// for views given with records, explicit sets or sizes, explicit indices of one set only,
// sizes given with explicit indices, or a split the data set cannot hold.
RECONBOUND_API SplitData load_split_data(const DataRequest& request);

}  // namespace reconbound::workflow
