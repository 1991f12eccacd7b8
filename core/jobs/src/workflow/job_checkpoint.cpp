#include "reconbound/workflow/job_checkpoint.hpp"

namespace reconbound::workflow {

Fingerprint job_fingerprint(const Registry& registry, const std::vector<JobSetting>& settings) {
  Fingerprint fingerprint = software_fingerprint(registry);
  std::vector<std::string> files;
  for (const JobSetting& setting : settings) {
    fingerprint.emplace_back(setting.field, setting.value);
    for (const std::string& text : setting.texts) {
      for (const std::string& file : files_named_by(text)) files.push_back(file);
    }
  }
  for (const std::string& file : files) fingerprint.emplace_back("file " + file, file_fingerprint(file));
  return fingerprint;
}

std::unique_ptr<Checkpoint> open_job_checkpoint(const std::string& path, std::size_t rank, std::size_t ranks,
                                                const Fingerprint& fingerprint) {
  return std::make_unique<Checkpoint>(checkpoint_path_of_rank(path, rank, ranks), fingerprint);
}

}  // namespace reconbound::workflow
