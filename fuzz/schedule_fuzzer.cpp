// Fuzz target for the schedule CSV parser: any input either parses to valid segments or
// throws reconbound::Error; nothing else (crash, other exception, invalid segment) is allowed.
// A valid segment has q in (0, 1], a finite σ > 0 (σ = inf is no noise scale) and T ≥ 1.
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "reconbound/error.hpp"
#include "reconbound/schedule.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    const reconbound::TrainingRun run = reconbound::parse_schedule_csv(text, "fuzz");
    for (const auto& s : run.segments) {
      if (!(s.q > 0.0 && s.q <= 1.0) || !(s.sigma > 0.0 && std::isfinite(s.sigma)) || s.steps < 1) std::abort();
    }
  } catch (const reconbound::Error&) {
  }
  return 0;
}
