#pragma once
// A job's checkpoint as the front ends open it (docs/checkpoints.md): the fingerprint of what its
// results depend on — the software, the settings that change a number, the contents of every
// file a setting names — and this rank's file.
#include <cstddef>
#include <memory>
#include <string>
#include <vector>

#include "reconbound/checkpoint.hpp"
#include "reconbound/export.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::workflow {

// One setting of a job as its front end states it, e.g. {"option --data", "idx:train.gz"}.
struct JobSetting {
  std::string field;
  std::string value;
  std::vector<std::string> texts;  // where it may name files (the values as given), each read by files_named_by
};

// software_fingerprint(registry), then each setting's (field, value) in order, then ("file F",
// file_fingerprint(F)) for every file the settings' texts name, in order.
RECONBOUND_API Fingerprint job_fingerprint(const Registry& registry, const std::vector<JobSetting>& settings);

// The checkpoint of `path` for this rank among `ranks` (checkpoint_path_of_rank), created or
// resumed with `fingerprint` (InvalidInput when an existing file has another; Checkpoint).
RECONBOUND_API std::unique_ptr<Checkpoint> open_job_checkpoint(const std::string& path, std::size_t rank,
                                                               std::size_t ranks, const Fingerprint& fingerprint);

}  // namespace reconbound::workflow
