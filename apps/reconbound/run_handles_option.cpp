#include "run_handles_option.hpp"

#include "job.hpp"

namespace reconbound::cli {

RunHandles run_handles(Progress* bar, Checkpoint* checkpoint) {
  Job& job = Job::current();
  return {.progress = job.progress(bar), .ranks = job.ranks(), .checkpoint = checkpoint};
}

}  // namespace reconbound::cli
