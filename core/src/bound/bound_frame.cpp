#include <fmt/format.h>

#include <algorithm>
#include <chrono>

#include "reconbound/bound.hpp"
#include "reconbound/bound_frame.hpp"
#include "reconbound/error.hpp"
#include "reconbound/hadamard.hpp"
#include "reconbound/memory_plan.hpp"
#include "reconbound/on_ranks.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/rotation.hpp"
#include "reconbound/trace_sigma.hpp"
#include "represent.hpp"
#include "stage_clock.hpp"

namespace reconbound {

namespace {

void check_data(const BoundData& data) {
  if (!data.perp || !data.est) throw InvalidInput("the bound needs D_perp and D_est");
  if (data.perp->rows() < 4) {
    throw InvalidInput(fmt::format("D_perp has {} records; tr Sigma and the rotation need at least 4",
                                   data.perp->rows()));
  }
  if (data.est->rows() < 2) {
    throw InvalidInput(fmt::format("D_est has {} records; the entropy estimate needs at least 2",
                                   data.est->rows()));
  }
  const auto d = static_cast<Eigen::Index>(data.shape.size());
  if (data.perp->cols() != d || data.est->cols() != d) {
    throw InvalidInput(fmt::format("records have {} and {} values but the shape {} has {}",
                                   data.perp->cols(), data.est->cols(), data.shape.to_string(), d));
  }
}

Rotation make_rotation(const BoundConfig& config, const RepresentationInfo& info,
                       const RowMatrix& perp_features) {
  const std::size_t m = info.output_dim;
  RotationChoice choice = config.rotation;
  if (choice == RotationChoice::automatic) {
    const bool enough = static_cast<std::size_t>(perp_features.rows()) >= m &&
                        m <= Rotation::kMaxEigenbasisDim;
    choice = (enough && !info.prefers_data_free_rotation) ? RotationChoice::eigenbasis
                                                          : RotationChoice::signs;
  }
  if (choice == RotationChoice::eigenbasis) {
    return Rotation::eigenbasis(perp_features, config.padded_order);
  }
  // The sign draw uses its own stream, derived from the seed (mathematics §4: D independent of data).
  return Rotation::random_signs(m, config.seed ^ 0x5157a7e5u, config.padded_order);
}

}  // namespace

std::pair<std::size_t, std::size_t> record_range(std::size_t n, std::size_t rank, std::size_t ranks) {
  static_assert(kRepresentBatch % Rotation::kChunkRows == 0);
  const std::size_t batches = (n + kRepresentBatch - 1) / kRepresentBatch;
  const auto edge = [&](std::size_t r) { return std::min(n, batches * r / ranks * kRepresentBatch); };
  return {edge(rank), edge(rank + 1)};
}

BoundFrame make_bound_frame(const Registry& registry, const BoundData& data, const BoundConfig& config,
                            FrameLayout layout) {
  check_data(data);
  // The UCB's share α_T (mathematics §6.8); with the point normaliser the UCB is only reported,
  // at the share it would have.
  const double ucb_alpha = split_alpha(config.alpha, Normaliser::ucb, config.normaliser_alpha_fraction).normaliser;
  Ranks* ranks = config.ranks != nullptr && config.ranks->size() > 1 ? config.ranks : nullptr;
  BoundFrame frame;
  frame.layout = layout == FrameLayout::rows_on_ranks && ranks != nullptr ? layout : FrameLayout::whole;
  frame.shape = data.shape;
  frame.n_est = static_cast<std::size_t>(data.est->rows());
  const auto [first, last] = frame.layout == FrameLayout::rows_on_ranks
                                 ? record_range(frame.n_est, ranks->rank(), ranks->size())
                                 : std::pair<std::size_t, std::size_t>{0, frame.n_est};
  frame.first_est_record = first;

  // Ψ (mathematics §3), on each split separately: nothing is fitted across D_est.
  auto start = std::chrono::steady_clock::now();
  frame.psi = registry.make_representation(config.representation, config.representation_params);
  frame.representation = config.representation;
  frame.info = describe_checked(*frame.psi, data.shape, frame.representation);
  // The memory plan, before anything large is allocated (docs/distributed.md).
  const std::size_t m = frame.info.output_dim;
  // A padded order outside [m, 2m] is the rotation's to refuse, with its own message.
  const bool valid_order = config.padded_order >= m && config.padded_order <= 2 * m;
  const std::size_t m_pad = valid_order ? config.padded_order : HadamardMatrix::next_constructible_order(m);
  check_memory_plan(plan_bound_memory(static_cast<std::size_t>(data.perp->rows()), frame.n_est, m, m_pad,
                                      config.threads, frame.layout == FrameLayout::rows_on_ranks ? ranks->size() : 1),
                    config.memory_limit_bytes, config.memory_limit_source);
  frame.perp_features = represent(*frame.psi, frame.representation, data.shape, frame.info, *data.perp, config.threads);
  const auto est_rows = data.est->middleRows(static_cast<Eigen::Index>(first), static_cast<Eigen::Index>(last - first));
  frame.est_features =
      represent(*frame.psi, frame.representation, data.shape, frame.info, est_rows, config.threads, first);
  frame.timings.represent_s = seconds_since(start);

  // tr Σ̂ on D⊥ and the UCB from D_est centred on D⊥ (mathematics §6.5), at α_T; its per-record
  // terms gathered from every rank in record order.
  start = std::chrono::steady_clock::now();
  const double range = frame.info.max_squared_distance;
  if (frame.layout == FrameLayout::rows_on_ranks) {
    const std::vector<double> z = scaled_centred_distances(frame.perp_features, frame.est_features, range, first);
    frame.trace = trace_sigma_from_distances(frame.perp_features, gather_doubles(ranks, z), range, ucb_alpha);
  } else {
    frame.trace = trace_sigma_with_ucb(frame.perp_features, frame.est_features, range, ucb_alpha);
  }
  if (!(frame.trace.trace > 0.0)) throw InvalidInput("tr Sigma on D_perp is 0: the records do not vary");
  frame.normaliser = config.normaliser == Normaliser::ucb ? frame.trace.ucb : frame.trace.trace;
  frame.timings.trace_s = seconds_since(start);

  // Rotation from D⊥ (mathematics §4), applied to D_est.
  start = std::chrono::steady_clock::now();
  frame.rotation.emplace(make_rotation(config, frame.info, frame.perp_features));
  frame.rotated_est = frame.rotation->apply(frame.est_features, config.threads);
  frame.timings.rotation_s = seconds_since(start);
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
