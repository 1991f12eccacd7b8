#pragma once
// The memory a bound will still allocate once its records are loaded, estimated from the sizes
// before any work starts, and the check against what the machine (or the rank's share of it)
// has free (docs/distributed.md, "Memory per rank").
#include <cstddef>
#include <string>

#include "reconbound/export.hpp"

namespace reconbound {

// With R ranks each holds a share of ⌈n_est/R⌉ records of D_est (docs/distributed.md).
struct MemoryPlan {
  std::size_t features_bytes = 0;   // Ψ(D⊥) and Ψ of the rank's share of D_est: (n_perp + share) × m doubles
  std::size_t rotated_bytes = 0;    // U·Ψ of the share: share × m_pad doubles
  std::size_t exchange_bytes = 0;   // R > 1: the share sent on, and received as a column window
                                    // of all n_est records: 2·share × m_pad doubles
  std::size_t pilot_bytes = 0;      // the pilot's rotated prefix of D⊥: min(n_perp, n_est/2) × m_pad
  std::size_t workspace_bytes = 0;  // the estimator's per-thread tiles (an allowance per thread)
  std::size_t total() const {
    return features_bytes + rotated_bytes + exchange_bytes + pilot_bytes + workspace_bytes;
  }
  std::string describe() const;  // "1.2 GB (features 0.4 GB, rotated D_est 0.6 GB, ...)"
};

// The allowance for one estimator thread's working memory (tiles of distances and draws).
inline constexpr std::size_t kWorkspaceBytesPerThread = std::size_t{16} << 20;

RECONBOUND_API MemoryPlan plan_bound_memory(std::size_t n_perp, std::size_t n_est, std::size_t m,
                                            std::size_t m_pad, std::size_t threads, std::size_t ranks = 1);

// MemAvailable of /proc/meminfo in bytes; 0 where it cannot be read.
RECONBOUND_API std::size_t available_memory_bytes();

// InvalidInput with the plan's numbers and the limit when plan.total() > limit_bytes
// (0: no limit). `limit_source` says where the limit came from.
RECONBOUND_API void check_memory_plan(const MemoryPlan& plan, std::size_t limit_bytes,
                                      const std::string& limit_source);

// "512M", "8G", "1.5T", "1048576" (bytes) → bytes; InvalidInput for anything else or 0.
RECONBOUND_API std::size_t parse_memory_size(const std::string& text);

}  // namespace reconbound
