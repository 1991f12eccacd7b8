#pragma once
// The memory a bound holds at its peak, estimated from the sizes before any work starts, and the
// check against what the machine (or the rank's share of it) has free (docs/memory.md;
// docs/distributed.md, "Memory per rank").
#include <cstddef>
#include <optional>
#include <string>

#include "reconbound/export.hpp"

namespace reconbound {

// With R ranks each holds a share of ⌈n_est/R⌉ records of D_est (docs/distributed.md). Every
// term is counted as if all were held at once: the plan is an upper bound on the peak.
struct MemoryPlan {
  std::size_t features_bytes = 0;   // Ψ(D⊥), and Ψ of the rank's share of D_est where the frame
                                    // keeps it: (n_perp + share) × m doubles; else Ψ(D⊥) is let go
                                    // before the rotated share and the exchange take its place:
                                    // what n_perp × m doubles exceed those by (often 0)
  std::size_t rotated_bytes = 0;    // U·Ψ of the share: share × m_pad doubles
  std::size_t exchange_bytes = 0;   // R > 1: the share sent on, share × m_pad doubles, and the
                                    // column window received, all n_est records of its columns:
                                    // n_est × window_columns doubles (share × m_pad until the
                                    // grid selection knows the window)
  std::size_t pilot_bytes = 0;      // the pilot's rotated prefix of D⊥: min(n_perp, n_est/2) × m_pad
  std::size_t workspace_bytes = 0;  // the estimator's per-thread tiles (an allowance per thread)
  std::size_t records_bytes = 0;    // D⊥ and D_est held in memory as doubles: (n_perp + n_est) × d
                                    // (from a MappedDataset: the bytes it keeps, 0 when mapped)
  std::size_t stream_bytes = 0;     // one window of the stream that represents and rotates the
                                    // records (Ψ of it; from a mapped file also its decoded records
                                    // and file pages) and the UCB's n_est terms
  std::size_t rotation_bytes = 0;   // the eigenbasis: the covariance, its eigenvectors and V, 3·m²
  std::size_t total() const {
    return features_bytes + rotated_bytes + exchange_bytes + pilot_bytes + workspace_bytes + records_bytes +
           stream_bytes + rotation_bytes;
  }
  std::string describe() const;  // "1.2 GB (records 0.4 GB, features 0.4 GB, rotated D_est 0.6 GB, ...)"
};

// The allowance for one estimator thread's working memory (tiles of distances and draws).
inline constexpr std::size_t kWorkspaceBytesPerThread = std::size_t{16} << 20;

// What the plan is computed from.
struct BoundSizes {
  std::size_t n_perp = 0, n_est = 0;
  std::size_t d = 0;                     // values per record
  std::size_t m = 0, m_pad = 0;          // dim of Ψ, Hadamard order
  std::size_t threads = 1, ranks = 1;
  std::size_t window = 0;                // records per window of the stream
  std::size_t mapped_record_bytes = 0;   // > 0: records are read from a mapped file, this many bytes
                                         // each; 0: D⊥ and D_est are held in memory as doubles
  std::size_t resident_file_bytes = 0;   // of a mapped data set, the bytes kept in memory (inflated
                                         // gzip data; MappedDataset::resident_bytes)
  bool keeps_est_features = true;        // the frame keeps Ψ(D_est) (the chain, a fitted mechanism)
  bool eigenbasis = false;               // the rotation is fitted on D⊥ (mathematics §4)
  bool pilot = true;                     // the grid selection's pilot runs (mathematics §6.6)
  std::optional<std::size_t> window_columns{};  // R > 1: the columns of the window this rank
                                         // receives (column_window, on_ranks.hpp); none: about
                                         // m_pad/R, before the selected pairs fix it
};

RECONBOUND_API MemoryPlan plan_bound_memory(const BoundSizes& sizes);

// The plan of a frame that keeps Ψ(D_est), with a pilot, for records already in memory (not
// counted) and no stream window.
RECONBOUND_API MemoryPlan plan_bound_memory(std::size_t n_perp, std::size_t n_est, std::size_t m,
                                            std::size_t m_pad, std::size_t threads, std::size_t ranks = 1);

// MemAvailable of /proc/meminfo in bytes; 0 where it cannot be read.
RECONBOUND_API std::size_t available_memory_bytes();

// InvalidInput with the plan's numbers and the limit when plan.total() > limit_bytes
// (0: no limit). `limit_source` says where the limit came from.
RECONBOUND_API void check_memory_plan(const MemoryPlan& plan, std::size_t limit_bytes,
                                      const std::string& limit_source);

}  // namespace reconbound
