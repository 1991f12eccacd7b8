// The Job of a build with RECONBOUND_MPI: one process, or a rank of the MPI job that mpirun or
// srun started it in (told by the launcher's environment; MPI is initialised only then).
#include <fcntl.h>
#include <mpi.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <thread>

#include "../interrupts.hpp"
#include "../job.hpp"
#include "mpi_ranks.hpp"
#include "reconbound/error.hpp"

namespace reconbound::cli {

namespace {

Job* g_job = nullptr;

// Open MPI's mpirun, and Slurm's srun with PMIx or PMI-2, name the rank in the environment.
bool started_as_rank() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK"}) {
    if (std::getenv(name) != nullptr) return true;
  }
  return false;
}

// Forwards a command's progress to MpiRanks::report with its bar; stops on SIGINT or SIGTERM on
// every rank, as the bar does on one process.
class RelayedProgress final : public Progress {
 public:
  RelayedProgress(MpiRanks& ranks, Progress* bar) : ranks_(ranks), bar_(bar) {}
  void report(std::string_view stage, std::size_t done, std::size_t total) override {
    throw_if_interrupted();
    ranks_.report(bar_, stage, done, total);
  }

 private:
  MpiRanks& ranks_;
  Progress* bar_;
};

}  // namespace

struct Job::State {
  std::unique_ptr<MpiRanks> ranks;  // null: one process
  std::vector<std::unique_ptr<RelayedProgress>> relays;
  int error_fd = 2;  // stderr as it was before a rank other than 0 silenced it
};

Job::Job() : state_(std::make_unique<State>()) {
  if (g_job == nullptr) g_job = this;
  if (this != g_job || !started_as_rank()) return;
  int provided = MPI_THREAD_SINGLE;
  if (MPI_Init_thread(nullptr, nullptr, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
    std::fprintf(stderr, "reconbound: error: MPI could not be initialised\n");
    std::exit(2);
  }
  if (provided < MPI_THREAD_SERIALIZED) {
    std::fprintf(stderr, "reconbound: error: this MPI library does not allow calls from several threads "
                         "(MPI_THREAD_SERIALIZED); the progress of the estimator's threads needs it\n");
    MPI_Abort(MPI_COMM_WORLD, 2);
  }
  state_->ranks = std::make_unique<MpiRanks>();
  if (state_->ranks->rank() != 0) {
    defer_interrupts_to_rank_0();
    // Rank 0 prints the result, the notes and the progress; the others only their errors.
    state_->error_fd = ::dup(2);
    const int null_fd = ::open("/dev/null", O_WRONLY);
    if (null_fd >= 0) {
      std::fflush(stdout);
      std::fflush(stderr);
      ::dup2(null_fd, 1);
      ::dup2(null_fd, 2);
      ::close(null_fd);
    }
  }
}

Job::~Job() {
  if (g_job == this) g_job = nullptr;
}

Job& Job::current() {
  if (g_job != nullptr) return *g_job;
  static Job alone;
  return alone;
}

Ranks* Job::ranks() { return state_->ranks.get(); }

bool Job::leads() const { return !state_->ranks || state_->ranks->rank() == 0; }

std::size_t Job::ranks_on_node() const { return state_->ranks ? state_->ranks->ranks_on_node() : 1; }

Progress* Job::progress(Progress* bar) {
  if (!state_->ranks || state_->ranks->size() == 1) return bar;
  state_->relays.push_back(std::make_unique<RelayedProgress>(*state_->ranks, bar));
  return state_->relays.back().get();
}

void Job::error(const std::string& line) {
  if (leads()) {
    std::fprintf(stderr, "%s\n", line.c_str());
    return;
  }
  // An error every rank meets (a bad option) is rank 0's to print: its MPI_Abort ends this
  // rank within the pause. An error of this rank alone is printed after it, naming the rank.
  std::this_thread::sleep_for(std::chrono::seconds(1));
  const std::string named = "[rank " + std::to_string(state_->ranks->rank()) + "] " + line + "\n";
  [[maybe_unused]] const auto written = ::write(state_->error_fd, named.data(), named.size());
}

int Job::finish(int code) {
  if (!state_->ranks) return code;
  if (code != 0 && state_->ranks->size() > 1) {
    std::fflush(stdout);
    // Interrupted: mpirun (or srun) signalled every rank and ends the job as soon as one
    // leaves (MPI_Abort would only add its banner). Rank 0, which prints the line, leaves first;
    // the others wait to be ended, or for their watchdog's later deadline (interrupts.hpp).
    if (interrupted()) {
      if (leads()) std::_Exit(code);
      for (;;) ::pause();
    }
    MPI_Abort(MPI_COMM_WORLD, code);  // the other ranks may wait for this one in a collective
  }
  if (code == 0 && state_->ranks->size() > 1) state_->ranks->close_progress();
  state_->relays.clear();
  state_->ranks.reset();
  MPI_Finalize();
  return code;
}

}  // namespace reconbound::cli
