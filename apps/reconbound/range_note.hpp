#pragma once
// The note a calibration answer at the floor of its range gets on stderr.
#include <string>

namespace reconbound::cli {

// Says on stderr that a calibration answered the floor of its range: every supported σ meets
// the target, so sigma is the smallest supported one, not a threshold.
void note_smallest_sigma(const std::string& target, double sigma);

}  // namespace reconbound::cli
