#include "dct_plan_cache.hpp"

#include <fmt/format.h>

#include "reconbound/error.hpp"
#include "reconbound/fftw_planner_lock.hpp"

namespace reconbound::dct::detail {

FftwBuffer make_fftw_buffer(std::size_t size) {
  auto* p = static_cast<double*>(fftw_malloc(sizeof(double) * size));
  if (p == nullptr) {
    throw InvalidInput(fmt::format("dct: could not allocate {} doubles for the transform; use smaller images", size));
  }
  return FftwBuffer(p);
}

DctPlanCache::~DctPlanCache() {
  const std::lock_guard planner_lock(fftw_planner_mutex());
  for (auto& [shape, plan] : plans_) fftw_destroy_plan(plan);
}

fftw_plan DctPlanCache::plan(std::size_t height, std::size_t width) const {
  const std::lock_guard lock(mutex_);
  const auto key = std::make_pair(height, width);
  if (const auto it = plans_.find(key); it != plans_.end()) return it->second;
  // FFTW_ESTIMATE does not touch the arrays; they only fix the alignment the plan assumes.
  const FftwBuffer in = make_fftw_buffer(height * width);
  const FftwBuffer out = make_fftw_buffer(height * width);
  fftw_plan made = nullptr;
  {
    const std::lock_guard planner_lock(fftw_planner_mutex());
    made = fftw_plan_r2r_2d(static_cast<int>(height), static_cast<int>(width), in.get(), out.get(),
                            FFTW_REDFT10, FFTW_REDFT10, FFTW_ESTIMATE);
  }
  if (made == nullptr) {
    throw InvalidInput(fmt::format("dct: FFTW could not plan a {} × {} DCT-II", height, width));
  }
  plans_.emplace(key, made);
  return made;
}

}  // namespace reconbound::dct::detail
