#pragma once
// --checkpoint FILE of the long commands (bound, spectrum, calibrate, chain;
// docs/checkpoints.md): finished work items are kept in FILE and a rerun of the same command
// skips them.
#include <CLI/CLI.hpp>
#include <memory>
#include <string>

#include "reconbound/checkpoint.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::cli {

// What the results of `command` (its options as given) depend on (workflow::job_fingerprint):
// the software, every option but those that change no result (threads, output, progress, memory
// limit) and the contents of every file an option names.
Fingerprint command_fingerprint(const CLI::App& command, const Registry& registry);

// The checkpoint at `path` (this rank's file under MPI) for `command`, or nullptr when `path`
// is empty. Says on stderr how many items an earlier run left and whether a torn last record
// was cut off. An interrupt's line then says how to resume (or that nothing is saved).
std::unique_ptr<Checkpoint> open_checkpoint(const std::string& path, const CLI::App& command,
                                            const Registry& registry, bool quiet);

}  // namespace reconbound::cli
