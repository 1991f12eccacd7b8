#pragma once
// FFTW plans for the unnormalised 2-D DCT-II (FFTW_REDFT10 on both axes), one per (H, W),
// created once and reused. FFTW's planner is not thread safe: plans are created and destroyed
// under the process-wide planner lock (reconbound/fftw_planner_lock.hpp); executing a plan on
// new arrays (fftw_execute_r2r) is thread safe, so map() calls run concurrently without a lock.
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <utility>

#include <fftw3.h>

namespace reconbound::dct::detail {

// Arrays from fftw_malloc: FFTW's alignment, which every plan here was made for.
struct FftwFree {
  void operator()(double* p) const { fftw_free(p); }
};
using FftwBuffer = std::unique_ptr<double[], FftwFree>;
FftwBuffer make_fftw_buffer(std::size_t size);

class DctPlanCache {
 public:
  DctPlanCache() = default;
  ~DctPlanCache();
  DctPlanCache(const DctPlanCache&) = delete;
  DctPlanCache& operator=(const DctPlanCache&) = delete;

  // The plan for an H × W row-major plane: out[k, l] = 4·Σ_{i,j} in[i, j]·cos(π(i+½)k/H)·cos(π(j+½)l/W)
  // (FFTW's REDFT10 convention, unnormalised). Planned with FFTW_ESTIMATE, so the algorithm,
  // and with it every bit of the result, does not depend on timing.
  fftw_plan plan(std::size_t height, std::size_t width) const;

 private:
  mutable std::mutex mutex_;
  mutable std::map<std::pair<std::size_t, std::size_t>, fftw_plan> plans_;
};

}  // namespace reconbound::dct::detail
