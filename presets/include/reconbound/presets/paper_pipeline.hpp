#pragma once
// The paper's pipeline (mathematics §2–7): DP-SGD, the Poisson-subsampled Gaussian mechanism of
// mathematics §2, Ψ the pixels, the smoothed plug-in entropy estimator of mathematics §6 and the
// Shannon lower bound (eq 14). Core names no plugin, so BoundConfig, BoundSettings and the jobs'
// requests start with the plugins unnamed; these are the names the front ends default to (the
// CLI's --mechanism, --representation, --estimator and --converse, Python's keywords), the
// mechanism the claims checker and the paper's chain rows charge, and what a library caller names
// for the paper's bound.
#include "reconbound/bound.hpp"
#include "reconbound/workflow/bound_settings.hpp"

namespace reconbound::presets {

inline constexpr const char* kPaperMechanism = "dpsgd";
inline constexpr const char* kPaperRepresentation = "pixel";
inline constexpr const char* kPaperEstimator = "goldfeld";
inline constexpr const char* kPaperConverse = "slb";

// BoundConfig's defaults with the paper's plugins named.
inline BoundConfig paper_bound_config() {
  BoundConfig config;
  config.representation = kPaperRepresentation;
  config.estimator = kPaperEstimator;
  config.converse = kPaperConverse;
  return config;
}

// BoundSettings' defaults with the paper's estimator and converse named (the representation is
// the request's spec).
inline workflow::BoundSettings paper_bound_settings() {
  workflow::BoundSettings settings;
  settings.estimator = kPaperEstimator;
  settings.converse = kPaperConverse;
  return settings;
}

}  // namespace reconbound::presets
