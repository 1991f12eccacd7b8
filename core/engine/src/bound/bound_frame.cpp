#include <fmt/format.h>

#include <algorithm>
#include <chrono>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/bound_frame.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/on_ranks.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/represent.hpp"
#include "reconbound/rotation.hpp"
#include "reconbound/trace_sigma.hpp"
#include "stage_clock.hpp"

namespace reconbound {

namespace {

// The records of one set (D⊥ or D_est) as the frame reads them: rows of a matrix in memory, or
// records of a mapped data set decoded a window at a time into a buffer (docs/memory.md).
class RecordRows {
 public:
  RecordRows(const std::optional<MatrixView>& rows, const MappedDataset* mapped, std::span<const std::size_t> indices)
      : rows_(rows), mapped_(mapped), indices_(indices) {}

  std::size_t size() const { return mapped_ != nullptr ? indices_.size() : static_cast<std::size_t>(rows_->rows()); }
  std::size_t values() const {
    return mapped_ != nullptr ? mapped_->shape().size() : static_cast<std::size_t>(rows_->cols());
  }
  // The records [begin, begin + count); from a mapped data set valid until the next call.
  MatrixView window(std::size_t begin, std::size_t count) {
    const auto b = static_cast<Eigen::Index>(begin), c = static_cast<Eigen::Index>(count);
    if (mapped_ == nullptr) return rows_->middleRows(b, c);
    if (buffer_.rows() < c) buffer_.resize(c, static_cast<Eigen::Index>(values()));
    mapped_->read(indices_.subspan(begin, count), buffer_.topRows(c));
    return buffer_.topRows(c);
  }

 private:
  std::optional<MatrixView> rows_;
  const MappedDataset* mapped_;
  std::span<const std::size_t> indices_;
  RowMatrix buffer_;
};

void check_data(const BoundData& data) {
  if (data.mapped == nullptr && (!data.perp || !data.est)) throw InvalidInput("the bound needs D_perp and D_est");
}

void check_sizes(const RecordRows& perp, const RecordRows& est, const ImageShape& shape) {
  if (perp.size() < 4) {
    throw InvalidInput(fmt::format("D_perp has {} records; tr Sigma and the rotation need at least 4", perp.size()));
  }
  if (est.size() < 2) {
    throw InvalidInput(fmt::format("D_est has {} records; the entropy estimate needs at least 2", est.size()));
  }
  if (perp.values() != shape.size() || est.values() != shape.size()) {
    throw InvalidInput(fmt::format("records have {} and {} values but the shape {} has {}", perp.values(),
                                   est.values(), shape.to_string(), shape.size()));
  }
}

// δ (mathematics §6.9): every feature row f(x) the estimator reads lies within
// (κ + γ_3)·‖Ψ(x)‖ of its exact rotation and block scaling (κ: Rotation::rounding_bound; γ_3: the
// factor sqrt(N_k), rounded, and its product), and ‖Ψ(x)‖ ≤ sqrt(B) + ‖Ψ(x₀)‖ for every valid
// record x (B bounds ‖Ψ(x) − Ψ(x')‖², x₀ the first record of D⊥).
double residue_rmse(const Rotation& rotation, const RepresentationInfo& info, const RowMatrix& perp_features) {
  constexpr double u = 0x1.0p-53;
  const double m = static_cast<double>(perp_features.cols());
  const double first = perp_features.row(0).norm() * (1.0 + (m + 2.0) * u / (1.0 - (m + 2.0) * u));
  const double largest = std::sqrt(info.max_squared_distance) * (1.0 + 2.0 * u) + first;
  return 1.01 * (rotation.rounding_bound() + 3.0 * u / (1.0 - 3.0 * u)) * largest;
}

Rotation make_rotation(const BoundConfig& config, RotationChoice choice, std::size_t m,
                       const RowMatrix& perp_features, Progress* progress) {
  if (choice == RotationChoice::eigenbasis) {
    return Rotation::eigenbasis(perp_features, config.padded_order, [progress](std::size_t done, std::size_t total) {
      if (progress != nullptr) progress->report("fitting the rotation on D_perp", done, total);
    });
  }
  // The sign draw uses its own stream, derived from the seed (mathematics §4: D independent of data).
  return Rotation::random_signs(m, config.seed ^ 0x5157a7e5u, config.padded_order);
}

// Calls work(begin, count) for the records [first, last) in windows of `window` records from
// `first`, and reports `stage` on the calling thread before the first window and after each, so
// that a cancelling Progress is heard at least once per window.
template <class Work>
void for_each_window(std::size_t first, std::size_t last, std::size_t window, Progress* progress,
                     std::string_view stage, const Work& work) {
  const std::size_t total = last - first;
  if (progress != nullptr) progress->report(stage, 0, total);
  for (std::size_t begin = first; begin < last; begin += window) {
    const std::size_t count = std::min(window, last - begin);
    work(begin, count);
    if (progress != nullptr) progress->report(stage, begin + count - first, total);
  }
}

// Runs f() and adds the seconds it took to `seconds`.
template <class F>
void timed(double& seconds, const F& f) {
  const auto start = std::chrono::steady_clock::now();
  f();
  seconds += seconds_since(start);
}

}  // namespace

std::pair<std::size_t, std::size_t> record_range(std::size_t n, std::size_t rank, std::size_t ranks) {
  static_assert(kRepresentBatch % Rotation::kChunkRows == 0);
  const std::size_t batches = (n + kRepresentBatch - 1) / kRepresentBatch;
  const auto edge = [&](std::size_t r) { return std::min(n, batches * r / ranks * kRepresentBatch); };
  return {edge(rank), edge(rank + 1)};
}

namespace {

// Runs `step`, which checks that B bounds the squared distances of Ψ(records) from c (mathematics
// §6.5): a record beyond B is a defect of the representation's B, named as represent() names its
// other defects.
template <class Step>
auto with_range_named(const std::string& representation, Step&& step) {
  try {
    return std::forward<Step>(step)();
  } catch (const InvalidInput& error) {
    throw PluginError(fmt::format("representation {}: {}", representation, error.what()));
  }
}

// The plan (the padded order, the grid it must hold, the α shares, the memory plan; mathematics
// §4–6.8) and the estimator and converse named: refused before any work.
BoundPlan checked_before_work(const Registry& registry, const BoundConfig& config, const PlanFacts& facts) {
  BoundPlan plan = make_bound_plan(config, facts);
  static_cast<void>(registry.make_estimator(config.estimator, config.estimator_params));
  static_cast<void>(registry.make_converse(config.converse, config.converse_params));
  return plan;
}

struct PerpTrace {
  Eigen::RowVectorXd centre;  // c, the mean of Ψ(D⊥)
  double trace = 0.0;         // tr Σ̂
};

// Ψ(D⊥) a window at a time into frame.perp_features, then tr Σ̂ = Σ_i ‖ψ_i − c‖² / (n_perp − 1), c
// the mean of Ψ(D⊥), also the centre of the UCB's terms (mathematics §6.5; covariance_trace's
// bits): c a slice of columns at a time, the sum a window of rows at a time, each about a window's
// work. One stage, reported after each piece; its last report comes once tr Σ̂ > 0 is known, so
// that constant records are refused before the stage is shown done.
PerpTrace represent_perp(BoundFrame& frame, RecordRows& perp, const ImageShape& shape, const BoundConfig& config,
                         Progress* progress, std::size_t window) {
  const std::size_t n_perp = perp.size();
  const std::size_t m = frame.info.output_dim;
  BoundTimings& timings = frame.timings;
  const std::size_t perp_work = 2 * n_perp + m;
  const auto report_perp = [&](std::size_t done) {
    if (progress != nullptr) progress->report("representing D_perp, tr Sigma", done, perp_work);
  };
  report_perp(0);
  frame.perp_features.resize(static_cast<Eigen::Index>(n_perp), static_cast<Eigen::Index>(m));
  for (std::size_t begin = 0; begin < n_perp; begin += window) {
    const std::size_t count = std::min(window, n_perp - begin);
    timed(timings.represent_s, [&] {
      const MatrixView records = perp.window(begin, count);
      represent_into(*frame.psi, frame.representation, shape, frame.info, records,
                     frame.perp_features.middleRows(static_cast<Eigen::Index>(begin), static_cast<Eigen::Index>(count)),
                     config.threads, begin);
    });
    report_perp(begin + count);
  }
  const std::size_t slice = std::max<std::size_t>(8, window * m / n_perp / 8 * 8);
  PerpTrace out;
  timed(timings.trace_s, [&] {
    out.centre = centre_of(frame.perp_features, slice, [&](std::size_t columns) { report_perp(n_perp + columns); });
  });
  double squares = 0.0;
  for (std::size_t begin = 0; begin < n_perp; begin += window) {
    const std::size_t count = std::min(window, n_perp - begin);
    timed(timings.trace_s, [&] {
      squares = add_squared_distances(
          squares, frame.perp_features.middleRows(static_cast<Eigen::Index>(begin), static_cast<Eigen::Index>(count)),
          out.centre);
    });
    if (begin + count < n_perp) report_perp(n_perp + m + begin + count);
  }
  out.trace = squares / static_cast<double>(n_perp - 1);
  if (!(out.trace > 0.0)) throw InvalidInput("tr Sigma on D_perp is 0: the records do not vary");
  report_perp(perp_work);
  return out;
}

// All the bound reads of Ψ(D⊥) after the frame, taken now so that a frame without Ψ(D_est) lets
// Ψ(D⊥) go before the rotated D_est takes its place (docs/memory.md): its digest, the pilot's
// rotated prefix (at most half as many rows as D_est, so that the pilot's cost stays a fraction of
// the certified estimate's) and the pilot's normaliser, which is predicted from D⊥ alone: the
// UCB's value is read off D_est, which the selection must not see (§6.6).
void take_perp_reads(BoundFrame& frame, const BoundConfig& config, bool keep_perp_features) {
  frame.n_perp = static_cast<std::size_t>(frame.perp_features.rows());
  frame.perp_digest =
      digest_doubles(0, frame.perp_features.data(), static_cast<std::size_t>(frame.perp_features.size()));
  if (config.grid_select == GridSelect::pilot) {
    const auto pilot_rows =
        static_cast<Eigen::Index>(std::min(frame.n_perp, std::max<std::size_t>(frame.n_est / 2, 1)));
    timed(frame.timings.rotation_s, [&] {
      frame.rotated_perp = frame.rotation->apply(frame.perp_features.topRows(pilot_rows), config.threads);
    });
    if (config.normaliser == Normaliser::ucb) {
      frame.pilot_trace_ucb = with_range_named(frame.representation, [&] {
        return predicted_trace_ucb(frame.perp_features, frame.info.max_squared_distance,
                                   frame.plan.alpha_shares.normaliser, frame.n_est);
      });
    }
  }
  if (!keep_perp_features) frame.perp_features = RowMatrix();
}

// D_est's records [first, last) (this rank's), a window at a time: Ψ (kept in est_features for a
// whole frame), the UCB's terms z_i against c (eq 6.5a), and U·Ψ into the rows of rotated_est.
// Returns the z_i in record order.
std::vector<double> stream_est(BoundFrame& frame, RecordRows& est, const ImageShape& shape, const BoundConfig& config,
                               Progress* progress, const Eigen::RowVectorXd& centre, std::pair<std::size_t, std::size_t> records,
                               std::size_t window, bool keep_est_features) {
  // Plain names, not a structured binding: the lambdas below capture them, which clang 14 refuses
  // for bindings.
  const std::size_t first = records.first;
  const std::size_t last = records.second;
  const std::size_t m = frame.info.output_dim;
  BoundTimings& timings = frame.timings;
  const auto rows = static_cast<Eigen::Index>(last - first);
  if (keep_est_features) frame.est_features.resize(rows, static_cast<Eigen::Index>(m));
  frame.rotated_est.resize(rows, static_cast<Eigen::Index>(frame.rotation->output_dim()));
  RowMatrix features(keep_est_features ? 0 : std::min<Eigen::Index>(static_cast<Eigen::Index>(window), rows),
                     keep_est_features ? 0 : static_cast<Eigen::Index>(m));
  std::vector<double> z;
  z.reserve(static_cast<std::size_t>(rows));
  const double range = frame.info.max_squared_distance;
  const auto one_window = [&](std::size_t begin, std::size_t count, MutableMatrixView psi_rows) {
    const auto offset = static_cast<Eigen::Index>(begin - first);
    timed(timings.represent_s, [&] {
      const MatrixView window_records = est.window(begin, count);
      represent_into(*frame.psi, frame.representation, shape, frame.info, window_records, psi_rows, config.threads,
                     begin);
    });
    timed(timings.trace_s, [&] {
      const std::vector<double> terms = with_range_named(
          frame.representation, [&] { return scaled_distances_to(centre, psi_rows, range, begin); });
      z.insert(z.end(), terms.begin(), terms.end());
    });
    timed(timings.rotation_s, [&] {
      frame.rotation->apply_into(psi_rows, frame.rotated_est.middleRows(offset, psi_rows.rows()), config.threads);
    });
  };
  for_each_window(first, last, window, progress, "representing and rotating D_est",
                  [&](std::size_t begin, std::size_t count) {
                    const auto c = static_cast<Eigen::Index>(count);
                    if (keep_est_features) {
                      one_window(begin, count, frame.est_features.middleRows(static_cast<Eigen::Index>(begin - first), c));
                    } else {
                      one_window(begin, count, features.topRows(c));
                    }
                  });
  return z;
}

}  // namespace

BoundFrame make_bound_frame(const Registry& registry, const BoundData& data, const BoundConfig& config,
                            const RunHandles& run, FrameLayout layout) {
  check_data(data);
  RecordRows perp(data.perp, data.mapped, data.perp_indices), est(data.est, data.mapped, data.est_indices);
  check_sizes(perp, est, data.shape);
  Ranks* ranks = run.ranks != nullptr && run.ranks->size() > 1 ? run.ranks : nullptr;
  BoundFrame frame;
  frame.layout = layout == FrameLayout::rows_on_ranks && ranks != nullptr ? layout : FrameLayout::whole;
  frame.shape = data.shape;
  frame.n_est = est.size();
  // Ψ(D_est) is kept for a whole frame only: the chain's attacks and a mechanism fitted on it read it.
  const bool keep_est_features = layout == FrameLayout::whole;
  BoundTimings& timings = frame.timings;

  // Ψ (mathematics §3), on each split separately: nothing is fitted across D_est.
  timed(timings.represent_s, [&] {
    frame.psi = registry.make_representation(config.representation, config.representation_params);
    frame.representation = config.representation;
    frame.info = describe_checked(*frame.psi, data.shape, frame.representation);
  });
  const bool on_ranks = frame.layout == FrameLayout::rows_on_ranks;
  frame.plan = checked_before_work(registry, config,
                                   {.info = frame.info,
                                    .n_perp = perp.size(),
                                    .n_est = frame.n_est,
                                    .d = data.shape.size(),
                                    .rank = on_ranks ? ranks->rank() : 0,
                                    .ranks = on_ranks ? ranks->size() : 1,
                                    .mapped_record_bytes = data.mapped != nullptr ? data.mapped->record_bytes() : 0,
                                    .resident_file_bytes = data.mapped != nullptr ? data.mapped->resident_bytes() : 0,
                                    .keeps_est_features = keep_est_features});
  const std::size_t m = frame.info.output_dim;

  const PerpTrace perp_trace = represent_perp(frame, perp, data.shape, config, run.progress, frame.plan.window);
  // The rotation from D⊥ (mathematics §4).
  timed(timings.rotation_s, [&] {
    frame.rotation.emplace(make_rotation(config, frame.plan.rotation, m, frame.perp_features, run.progress));
  });
  frame.residue_rmse = residue_rmse(*frame.rotation, frame.info, frame.perp_features);
  take_perp_reads(frame, config, keep_est_features);
  const std::vector<double> z =
      stream_est(frame, est, data.shape, config, run.progress, perp_trace.centre, frame.plan.est_records, frame.plan.window,
                 keep_est_features);

  // The UCB from the z_i of all of D_est, gathered from every rank in record order (eq 6.5b), at α_T.
  timed(timings.trace_s, [&] {
    frame.trace = trace_sigma_from_distances(perp_trace.trace,
                                             frame.layout == FrameLayout::rows_on_ranks ? gather_doubles(ranks, z) : z,
                                             frame.info.max_squared_distance, frame.plan.ucb_alpha);
  });
  frame.normaliser = config.normaliser == Normaliser::ucb ? frame.trace.ucb : frame.trace.trace;
  return frame;
}

RowMatrix represent_in_frame(const BoundFrame& frame, const RowMatrix& records, std::size_t threads) {
  if (records.cols() != static_cast<Eigen::Index>(frame.shape.size())) {
    throw InvalidInput(fmt::format("records have {} values but the shape {} has {}", records.cols(),
                                   frame.shape.to_string(), frame.shape.size()));
  }
  return represent(*frame.psi, frame.representation, frame.shape, frame.info, records, threads);
}

}  // namespace reconbound
