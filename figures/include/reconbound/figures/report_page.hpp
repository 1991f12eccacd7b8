#pragma once
// The report as one self-contained HTML page (docs/report.md): the certificate's sentence, the
// numbers, what they mean and do not mean, the spectrum figure, the chain's figures when the
// report has them, the certificate's ingredients, and how to reproduce it. Inline CSS and
// figures (SVG; the reconstruction grid as a base64 PNG); no script and no external resource.
#include <string>

#include "reconbound/figures/report.hpp"

namespace reconbound::figures {

// The page for `output`; `command` is how to reproduce it (the CLI command line, or the Python
// call), shown as given. Every text from the user is escaped.
std::string report_html(const workflow::ReportOutput& output, const std::string& command);

}  // namespace reconbound::figures
