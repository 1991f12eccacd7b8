#include "checkpoint_argument.hpp"

#include <string>
#include <utility>
#include <vector>

#include <pybind11/stl.h>

#include "dict_items.hpp"

namespace py = pybind11;

namespace reconbound::python {

std::unique_ptr<Checkpoint> checkpoint_argument(const py::dict& bound, const Registry& registry) {
  const auto path = optional_item<std::string>(bound, "checkpoint", "a file path");
  if (!path) return nullptr;
  using Fields = std::vector<std::pair<std::string, std::string>>;
  Fingerprint fingerprint = software_fingerprint(registry);
  std::vector<std::string> files;
  for (const auto& [field, value] : item<Fields>(bound, "checkpoint_fields", "a list of (field, value) pairs", {})) {
    fingerprint.emplace_back(field, value);
    // A data spec's file: its repr is quoted ('idx:PATH').
    const std::string text = value.size() >= 2 && value.front() == '\'' && value.back() == '\''
                                 ? value.substr(1, value.size() - 2)
                                 : value;
    for (const std::string& file : files_named_by(text)) files.push_back(file);
  }
  for (const std::string& file : files) fingerprint.emplace_back("file " + file, file_fingerprint(file));
  return std::make_unique<Checkpoint>(*path, fingerprint);
}

}  // namespace reconbound::python
