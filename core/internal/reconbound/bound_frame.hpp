#pragma once
// The frame of a bound (mathematics §3–4, §6.5, §7): Ψ applied to D⊥ and D_est separately, tr Σ̂ and
// its UCB from D⊥, the rotation U from D⊥ and the rotated D_est. Built once, it serves the
// certified bound (compute_bound) and everything measured in the same coordinates (the
// tightness chain's per-block bound and attacks).
#include <memory>
#include <optional>
#include <string>

#include "reconbound/bound.hpp"
#include "reconbound/export.hpp"
#include "reconbound/rotation.hpp"
#include "reconbound/trace_sigma.hpp"

namespace reconbound {

struct BoundFrame {
  std::shared_ptr<Representation> psi;
  std::string representation;  // the plugin's name, for the messages about its output
  RepresentationInfo info;
  ImageShape shape;
  RowMatrix perp_features, est_features;  // Ψ(D⊥), Ψ(D_est): n × m
  TraceSigma trace;                       // tr Σ̂ from D⊥, its UCB from D_est centred on D⊥
  double normaliser = 0.0;                // the tr Σ that divides (config.normaliser)
  std::optional<Rotation> rotation;       // U from D⊥ (mathematics §4)
  RowMatrix rotated_est;                  // U·Ψ(x) for every D_est row: n_est × m_pad
  BoundTimings timings;                   // represent, trace and rotation stages
};

// Validates the data and config, then builds the frame. InvalidInput for too few records,
// mismatched shapes, α outside (0, 1), constant data (tr Σ̂ = 0).
RECONBOUND_API BoundFrame make_bound_frame(const Registry& registry, const BoundData& data,
                                           const BoundConfig& config);

// Ψ of more records in the frame's representation (targets, a shadow sample), with the same
// checks as the frame's own (finite output).
RECONBOUND_API RowMatrix represent_in_frame(const BoundFrame& frame, const RowMatrix& records,
                                            std::size_t threads);

// compute_bound on an existing frame: grid selection, entropies and the converse for every γ
// (at γ + its error bound, gamma_errors_bits as in compute_bound).
RECONBOUND_API BoundReport compute_bound(const Registry& registry, const BoundFrame& frame,
                                         const std::vector<double>& gammas_bits,
                                         const BoundConfig& config,
                                         const std::vector<double>& gamma_errors_bits = {});

}  // namespace reconbound
