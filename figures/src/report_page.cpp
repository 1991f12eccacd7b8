// The report page: its frame and style around the sections (report_sections.hpp).
#include "reconbound/figures/report_page.hpp"

#include <fmt/format.h>

#include "markup.hpp"
#include "report_sections.hpp"

namespace reconbound::figures {

namespace {

// Inline style only: the page reads no file and no network.
constexpr const char* kStyle = R"css(
body { font-family: 'DejaVu Sans', 'Segoe UI', Helvetica, Arial, sans-serif; color: #1b1b1b; background: #fff;
       max-width: 64rem; margin: 0 auto; padding: 1.5rem 2rem 3rem; line-height: 1.45; font-size: 15px; }
h1 { font-size: 1.6rem; margin: 0 0 0.2rem; }
h2 { font-size: 1.2rem; margin: 2rem 0 0.6rem; border-bottom: 1px solid #ddd; padding-bottom: 0.2rem; }
.subtitle { color: #555; margin: 0 0 1.2rem; }
#headline { border: 2px solid #1f4e9c; border-radius: 6px; background: #f3f6fc; padding: 0.8rem 1.2rem; }
#headline .big { font-size: 1.35rem; margin: 0 0 0.5rem; }
#headline .statement { font-size: 1.05rem; margin: 0; }
table { border-collapse: collapse; margin: 0.6rem 0; }
th, td { text-align: left; vertical-align: top; padding: 0.25rem 0.7rem 0.25rem 0; border-bottom: 1px solid #eee; }
table.numbers th { white-space: nowrap; color: #333; }
table.spectrum td, table.chain td, table.by-label td { font-variant-numeric: tabular-nums; }
table.ingredients td { font-size: 0.9rem; }
figure { margin: 1rem 0; }
figure svg, figure img { max-width: 100%; height: auto; display: block; }
figcaption { color: #555; font-size: 0.9rem; margin-top: 0.3rem; }
pre { background: #f6f6f6; padding: 0.7rem; white-space: pre-wrap; overflow-wrap: anywhere; }
.note { color: #8a5a00; }
.violation { color: #b00020; border-left: 4px solid #b00020; padding-left: 0.5rem; }
)css";

}  // namespace

std::string report_html(const workflow::ReportOutput& output, const std::string& command) {
  const std::string title =
      fmt::format("reconbound report: ρ* = {:.4f} for {} at ε = {:.3g}", output.result.converse.rho_star,
                  output.representation, output.epsilon.epsilon.epsilon);
  std::string page = fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>{}</title>\n"
      "<style>{}</style>\n</head>\n<body>\n<h1>How well could an attacker reconstruct a training record?</h1>\n"
      "<p class=\"subtitle\">{} on {}: {}</p>\n",
      xml_escape(title), kStyle, xml_escape(output.representation), xml_escape(output.spectrum.data_source),
      training_summary(output));
  page += headline_section(output);
  page += numbers_section(output);
  page += meaning_section(output);
  page += spectrum_section(output);
  if (output.by_label) page += by_label_section(output);
  if (output.chain) page += chain_section(*output.chain);
  page += certificate_section(output.certificate);
  page += glossary_section(output.certificate);
  page += reproduce_section(output, command);
  return page + "</body>\n</html>\n";
}

}  // namespace reconbound::figures
