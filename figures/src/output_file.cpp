#include "reconbound/figures/output_file.hpp"

#include <fmt/format.h>

#include <fstream>

#include "reconbound/error.hpp"

namespace reconbound::figures {

void write_output_file(const std::string& path, const std::string& bytes, const std::string& what) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) throw FileError(fmt::format("cannot write the {} {}", what, path));
  out << bytes;
  if (!out.flush()) throw FileError(fmt::format("cannot write the {} {}", what, path));
}

}  // namespace reconbound::figures
