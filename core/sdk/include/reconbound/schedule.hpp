#pragma once
// A noisy-gradient training schedule (mathematics §2): each run is a list of segments of `steps`
// consecutive steps with Poisson sampling rate q and noise multiplier σ. Several runs
// on the same protected data (a hyper-parameter search) add their leakages (mathematics §7).
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "reconbound/export.hpp"

namespace reconbound {

struct Segment {
  double q = 0.0;           // Poisson sampling rate, in (0, 1]
  double sigma = 0.0;       // noise multiplier σ (noise std / clip norm), > 0
  std::uint64_t steps = 0;  // number of steps, ≥ 1
};

struct TrainingRun {
  std::vector<Segment> segments;
};

struct RECONBOUND_API Schedule {
  std::vector<TrainingRun> runs;

  // One run of `steps` identical steps.
  static Schedule constant(double q, double sigma, std::uint64_t steps);
  std::uint64_t total_steps() const;
  // The same schedule with every segment's σ multiplied by `factor` (noise calibration of a
  // schedule's shape: a file with σ = 1 everywhere calibrates one common σ).
  Schedule with_noise_scale(double factor) const;
  // The smallest and largest σ over all segments.
  std::pair<double, double> sigma_range() const;
  bool empty() const;
};

// Parses a schedule file: CSV rows "q,sigma,steps", '#' starts a comment, blank lines
// are skipped, an optional header row "q,sigma,steps" is allowed. Each file is one run.
// Throws FileError naming the file, line and problem.
RECONBOUND_API TrainingRun parse_schedule_csv(const std::string& text, const std::string& origin);
RECONBOUND_API TrainingRun read_schedule_file(const std::string& path);

}  // namespace reconbound
