// The report page's last section: how to compute the same numbers again.
#include <fmt/chrono.h>
#include <fmt/format.h>

#include <chrono>
#include <ctime>

#include "markup.hpp"
#include "report_sections.hpp"

namespace reconbound::figures {

namespace {

std::string fingerprint_rows(const Fingerprint& fields, const std::string& prefix) {
  std::string rows;
  for (const auto& [name, value] : fields) rows += table_row(xml_escape(prefix + name), xml_escape(value));
  return rows;
}

std::string now_utc() {
  const std::time_t now = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm utc{};
  gmtime_r(&now, &utc);
  return fmt::format("{:%Y-%m-%d %H:%M} UTC", utc);
}

}  // namespace

std::string reproduce_section(const workflow::ReportOutput& output, const std::string& command) {
  std::string versions = fingerprint_rows(output.software, "");
#if defined(__clang__)
  versions += table_row("compiler", xml_escape("Clang " __clang_version__));
#elif defined(__GNUC__)
  versions += table_row("compiler", xml_escape("GCC " __VERSION__));
#endif
  std::string out = "<section id=\"reproduce\">\n<h2>Reproduce</h2>\n<p>The same numbers again (the split and the "
                    "estimator's draws are seeded):</p>\n<pre id=\"command\">" +
                    xml_escape(command) + "</pre>\n<table class=\"numbers\">\n" + versions;
  out += table_row("records", xml_escape(output.spectrum.data_source));  // with a CRC-32 of arrays' values
  out += fingerprint_rows(output.data_files, "data file ");
  out += table_row("created", now_utc());
  return out + "</table>\n</section>\n";
}

}  // namespace reconbound::figures
