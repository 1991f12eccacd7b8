#pragma once
// The sections of the report page, each an HTML fragment (report_page.cpp puts them together),
// and the small pieces they share.
#include <string>

#include "reconbound/figures/report.hpp"

namespace reconbound::figures {

// The certificate's sentence for the training's ρ*, and ρ* and ε in large type (report_numbers.cpp).
std::string headline_section(const workflow::ReportOutput& output);
// The table of the training's numbers (report_numbers.cpp).
std::string numbers_section(const workflow::ReportOutput& output);
// What the numbers mean, and what they do not (report_meaning.cpp).
std::string meaning_section(const workflow::ReportOutput& output);
// ρ* against ε: the figure with the training marked, and its table (report_spectrum.cpp).
std::string spectrum_section(const workflow::ReportOutput& output);
// Who is most exposed: every label's bound as a bar chart and a table, the sentence on the most
// exposed label, what it means and does not (report_by_label.cpp; output.by_label is set).
std::string by_label_section(const workflow::ReportOutput& output);
// The chain's figures and reconstruction grid (report_chain.cpp).
std::string chain_section(const workflow::ChainOutput& chain);
// Every ingredient of the certificate with its share of α (report_numbers.cpp).
std::string certificate_section(const Certificate& certificate);
// The command, the versions, the data files and the date (report_reproduce.cpp).
std::string reproduce_section(const workflow::ReportOutput& output, const std::string& command);

// Every symbol the page uses, one sentence each.
std::string glossary_section(const Certificate& certificate);

// "<tr><th>header</th><td>cell</td></tr>"; `cell` is HTML already.
std::string table_row(const std::string& header, const std::string& cell);
// The training in one line: "q = 0.02, σ = 1.1, T = 1000 steps" for a constant run, else runs and
// segments, or the mechanism's noise factor when it has no schedule (escaped HTML).
std::string training_summary(const workflow::ReportOutput& output);

}  // namespace reconbound::figures
