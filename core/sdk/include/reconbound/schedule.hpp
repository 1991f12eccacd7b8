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

// How the segment check names a bad value: as the job's parameters q, sigma and steps (marked
// with parameter(), so the CLI writes "--q 2" and Python "q=2"), or as the fields of a schedule's
// row or segment ("q = 2"), after the place the caller puts in front of the message.
enum class SegmentNaming { parameters, fields };

// The segment rule (mathematics §2): q ∈ (0, 1], σ > 0 and finite, steps a whole number ≥ 1.
// Every front end and the accountant check a segment with it, so the rule and its messages are
// written once. Returns the one-line problem naming the first bad value, or "" for a valid
// segment. `steps` is taken as a double so that a negative or fractional count can be named.
RECONBOUND_API std::string segment_problem(double q, double sigma, double steps, SegmentNaming naming);
// The constant run's segment given as the job's parameters; InvalidInput with segment_problem's
// message (SegmentNaming::parameters) when a value breaks the rule.
RECONBOUND_API void check_segment(double q, double sigma, double steps);

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
