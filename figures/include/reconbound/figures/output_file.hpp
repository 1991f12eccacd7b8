#pragma once
// Writing a figure or a report to its file.
#include <string>

namespace reconbound::figures {

// Writes `bytes` to `path`, replacing the file. FileError "cannot write the WHAT PATH" when it
// cannot be written whole (`what`: "figure", "report").
void write_output_file(const std::string& path, const std::string& bytes, const std::string& what);

}  // namespace reconbound::figures
