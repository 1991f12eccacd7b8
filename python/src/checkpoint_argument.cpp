#include "checkpoint_argument.hpp"

#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "dict_items.hpp"
#include "reconbound/workflow/job_checkpoint.hpp"

namespace py = pybind11;

namespace reconbound::python {

std::unique_ptr<Checkpoint> checkpoint_argument(const py::dict& bound, const Registry& registry) {
  const auto path = optional_item<std::string>(bound, "checkpoint", "a file path");
  if (!path) return nullptr;
  using Fields = std::vector<std::pair<std::string, std::string>>;
  std::vector<workflow::JobSetting> settings;
  for (const auto& [field, value] : item<Fields>(bound, "checkpoint_fields", "a list of (field, value) pairs", {})) {
    // A data spec's file: its repr is quoted ('idx:PATH').
    const std::string text = value.size() >= 2 && value.front() == '\'' && value.back() == '\''
                                 ? value.substr(1, value.size() - 2)
                                 : value;
    settings.push_back({field, value, {text}});
  }
  return workflow::open_job_checkpoint(*path, 0, 1, workflow::job_fingerprint(registry, settings));
}

}  // namespace reconbound::python
