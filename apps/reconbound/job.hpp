#pragma once
// The processes one command runs on (docs/distributed.md): this process alone, or — in a build
// with RECONBOUND_MPI, started by mpirun or srun — the ranks of an MPI job. Rank 0 alone prints
// and writes files; the others send it their progress and keep quiet unless they fail.
#include <cstddef>
#include <memory>
#include <string>

#include "reconbound/progress.hpp"
#include "reconbound/ranks.hpp"

namespace reconbound::cli {

class Job {
 public:
  // Joins the MPI job when the process was started as one of its ranks.
  Job();
  ~Job();
  Job(const Job&) = delete;
  Job& operator=(const Job&) = delete;

  static Job& current();  // the Job of main(); a Job of one process when there is none

  Ranks* ranks();                   // nullptr for one process
  bool leads() const;               // rank 0 (or the only process): prints results and writes files
  std::size_t ranks_on_node() const;  // ranks sharing this machine's cores (1 for one process)
  // Where a command's progress goes: `bar` itself for one process; under MPI, rank 0's bar
  // shows the work of all ranks and the other ranks send theirs to it.
  Progress* progress(Progress* bar);
  // One error line (no newline) on stderr; a rank other than 0 names itself.
  void error(const std::string& line);
  // The process's exit code; under MPI a failed rank ends the whole job with it.
  int finish(int code);

  struct State;

 private:
  std::unique_ptr<State> state_;
};

}  // namespace reconbound::cli
