#include "checkpoint_option.hpp"

#include <fmt/format.h>

#include <set>

#include "interrupts.hpp"
#include "job.hpp"
#include "reconbound/workflow/job_checkpoint.hpp"

namespace reconbound::cli {

namespace {

// Options that change no number of the result.
const std::set<std::string>& result_free_options() {
  static const std::set<std::string> names{"--help",         "--threads", "--quiet", "--json",      "--checkpoint",
                                           "--memory-limit", "--svg",     "--figures", "--no-figures", "--output"};
  return names;
}

std::string joined(const std::vector<std::string>& values) {
  std::string out;
  for (const std::string& v : values) out += (out.empty() ? "" : " ") + v;
  return out;
}

}  // namespace

Fingerprint command_fingerprint(const CLI::App& command, const Registry& registry) {
  std::vector<workflow::JobSetting> settings{{"command", command.get_name(), {}}};
  for (const CLI::Option* option : command.get_options()) {
    const std::string name = option->get_name();
    if (result_free_options().count(name) > 0) continue;
    settings.push_back({"option " + name, option->count() == 0 ? "(default)" : joined(option->results()),
                        option->results()});
  }
  return workflow::job_fingerprint(registry, settings);
}

std::unique_ptr<Checkpoint> open_checkpoint(const std::string& path, const CLI::App& command,
                                            const Registry& registry, bool quiet) {
  set_resume_hint(path);  // what an interrupt's line says (README, "Interrupts and exit codes")
  if (path.empty()) return nullptr;
  Job& job = Job::current();
  const std::size_t rank = job.ranks() != nullptr ? job.ranks()->rank() : 0;
  const std::size_t ranks = job.ranks() != nullptr ? job.ranks()->size() : 1;
  auto checkpoint = workflow::open_job_checkpoint(path, rank, ranks, command_fingerprint(command, registry));
  if (!quiet && job.leads() && (checkpoint->restored() > 0 || checkpoint->torn_bytes() > 0)) {
    fmt::print(stderr, "checkpoint {}: {} finished items from an earlier run{}\n", checkpoint->path(),
               checkpoint->restored(),
               checkpoint->torn_bytes() > 0
                   ? fmt::format("; a torn last record ({} bytes) was cut off", checkpoint->torn_bytes())
                   : "");
  }
  return checkpoint;
}

}  // namespace reconbound::cli
