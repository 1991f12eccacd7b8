#include "label_index_files.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "reconbound/error.hpp"

namespace reconbound::cli {

namespace {

namespace fs = std::filesystem;

// DIR/label-<c>-perp.txt or DIR/label-<c>-est.txt.
std::string index_file(const std::string& folder, const std::string& label, const char* set) {
  return (fs::path(folder) / fmt::format("label-{}-{}.txt", label, set)).string();
}

void write_indices(const std::string& path, const std::vector<std::size_t>& indices) {
  std::string text;
  for (const std::size_t i : indices) text += fmt::format("{}\n", i);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out || !(out << text) || !out.flush()) {
    throw FileError(fmt::format("--label-indices: cannot write the index file {}", path));
  }
}

}  // namespace

void prepare_label_index_folder(const std::string& folder) {
  if (folder.empty()) throw FileError("--label-indices: the folder name is empty");
  std::error_code error;
  fs::create_directories(folder, error);
  if (error || !fs::is_directory(folder)) {
    throw FileError(fmt::format("--label-indices: {} is not a folder that can be created ({})", folder,
                                error ? error.message() : "a file of that name is in the way"));
  }
  // A file made and removed again: the index files can be written there.
  std::string probe = (fs::path(folder) / ".label-indices-XXXXXX").string();
  const int descriptor = ::mkstemp(probe.data());
  if (descriptor < 0) {
    throw FileError(fmt::format("--label-indices: cannot write in the folder {} ({})", folder, std::strerror(errno)));
  }
  ::close(descriptor);
  std::remove(probe.c_str());
}

std::string write_label_index_files(const std::string& folder, const std::vector<workflow::LabelBound>& labels,
                                    double alpha) {
  for (const workflow::LabelBound& row : labels) {
    write_indices(index_file(folder, std::to_string(row.label), "perp"), row.perp_indices);
    write_indices(index_file(folder, std::to_string(row.label), "est"), row.est_indices);
  }
  // Each row is `bound` on its label's records at α/C (mathematics §6.10).
  return fmt::format("bound: wrote the index files of {} labels to {}: re-compute the row of label c with bound "
                     "--perp-indices {} --est-indices {} --alpha {} and this run's other options",
                     labels.size(), folder, index_file(folder, "<c>", "perp"), index_file(folder, "<c>", "est"),
                     alpha / static_cast<double>(labels.size()));
}

}  // namespace reconbound::cli
