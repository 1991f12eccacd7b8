#pragma once
// The handles of a command's run (reconbound/run_handles.hpp), beside the settings that
// make_bound_config reads from its options.
#include "reconbound/checkpoint.hpp"
#include "reconbound/progress.hpp"
#include "reconbound/run_handles.hpp"

namespace reconbound::cli {

// `bar` as this job's progress (under MPI rank 0's bar shows every rank's work: Job::progress),
// the job's ranks (none for one process) and `checkpoint` (open_checkpoint; nullptr: none).
RunHandles run_handles(Progress* bar, Checkpoint* checkpoint);

}  // namespace reconbound::cli
