#pragma once
// Ranks over MPI_COMM_WORLD, and the relay that brings every rank's progress to rank 0.
// MPI is initialised with MPI_THREAD_SERIALIZED: every MPI call of the process goes through
// one mutex, since progress is reported from the estimator's worker threads.
#include <mpi.h>

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "reconbound/progress.hpp"
#include "reconbound/ranks.hpp"

namespace reconbound::cli {

class MpiRanks final : public Ranks {
 public:
  MpiRanks();  // after MPI_Init_thread
  ~MpiRanks() override;
  std::size_t rank() const override { return rank_; }
  std::size_t size() const override { return size_; }
  std::vector<std::string> all_gather(const std::string& bytes) override;
  std::vector<std::string> all_to_all(std::vector<std::string> outgoing) override;

  std::size_t ranks_on_node() const { return ranks_on_node_; }
  // Rank 0: shows the sum over ranks of each stage's progress on `bar`. Other ranks: sends
  // theirs to rank 0 (at most a few times a second, always the end of a stage).
  void report(Progress* bar, std::string_view stage, std::size_t done, std::size_t total);
  // Collective, at the end of a successful command: the other ranks' last progress reaches
  // rank 0 before MPI_Finalize.
  void close_progress();

 private:
  // A barrier that sleeps instead of spinning and relays progress; Cancelled on an interrupt.
  void wait_for_all();
  void drain_progress();      // rank 0: takes the progress messages that have arrived (mutex held)
  void show(const std::string& name);  // rank 0: the summed stage on the bar (mutex held)
  void end_stages();  // after a gather: every rank's part of the stages so far is done (mutex held)

  std::size_t rank_ = 0, size_ = 1, ranks_on_node_ = 1;
  MPI_Comm progress_comm_ = MPI_COMM_NULL;
  std::recursive_mutex mpi_mutex_;
  Progress* bar_ = nullptr;  // rank 0: the bar the last report went to
  // rank 0: per stage in the order they began, every rank's latest (done, total)
  std::vector<std::pair<std::string, std::vector<std::pair<std::size_t, std::size_t>>>> stages_;
  std::vector<std::pair<std::size_t, std::size_t>>& stage(const std::string& name);
  std::chrono::steady_clock::time_point last_sent_{};
  std::uint64_t epoch_ = 0;  // gathers so far: a progress message names the stage's epoch
};

}  // namespace reconbound::cli
