// The report page's chain (mathematics §9): how far attacks stay above ρ*, with the reconstruction
// grid inlined as a PNG.
#include <fmt/format.h>

#include "markup.hpp"
#include "reconbound/figures/chain_figures.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "report_sections.hpp"

namespace reconbound::figures {

namespace {

std::string svg_figure(const std::string& id, const std::string& svg, const std::string& caption) {
  return fmt::format("<figure id=\"{}\">\n{}<figcaption>{}</figcaption>\n</figure>\n", id, svg, caption);
}

std::string with_se(const AttackEstimate* e) {
  return e ? fmt::format("{:.4f} ± {:.4f}", e->rho, e->standard_error) : std::string("—");
}

// ρ* and the estimates at each γ of the chain, as `reconbound chain` prints them.
std::string table(const ChainReport& r) {
  const presets::PaperColumns columns = presets::paper_columns(r);
  std::string head = "<tr><th>γ (bits)</th><th>ρ*</th><th>ρ_blk</th><th>ρ_cb ± SE</th>";
  for (const auto& s : columns.settings) head += fmt::format("<th>DP-SGD ({}) ± SE</th>", presets::dpsgd_caption(s));
  for (const std::size_t a : columns.other) head += "<th>" + xml_escape(r.attacks[a].label) + " ± SE</th>";
  std::string rows;
  for (const ChainRow& row : r.rows) {
    const presets::CodebookCells codebook = presets::codebook_cells(row, columns);
    rows += fmt::format("<tr><td>{:.4g}</td><td>{:.4f}</td><td>{}</td><td>{}</td>", row.gamma_bits, row.bound.rho_star,
                        codebook.rho_blk ? fmt::format("{:.4f}", *codebook.rho_blk) : "—",
                        with_se(codebook.estimate ? &*codebook.estimate : nullptr));
    for (const std::size_t a : columns.dpsgd) rows += "<td>" + with_se(presets::estimate_at(row, a)) + "</td>";
    for (const std::size_t a : columns.other) rows += "<td>" + with_se(presets::estimate_at(row, a)) + "</td>";
    rows += "</tr>\n";
  }
  return "<table class=\"chain\">\n" + head + "</tr>\n" + rows + "</table>\n";
}

}  // namespace

std::string chain_section(const workflow::ChainOutput& chain) {
  const ChainReport& r = chain.report;
  const std::string subtitle = fmt::format("{}, Ψ = {}, |D⊥| = {}, n_est = {}, {} targets", chain.data_source,
                                           chain.representation, r.bound.n_perp, r.bound.n_est, r.n_targets);
  std::string out =
      "<section id=\"chain\">\n<h2>How tight is the bound</h2>\n"
      "<p>Real attacks at the same leakage γ: a codebook release and its best attack, and the DP-SGD attack, on " +
      fmt::format("{} held-out targets", r.n_targets) +
      " that are in neither D⊥ nor D_est. The chain lays out its own D⊥ and D_est and estimates its own ρ*. "
      "ρ_blk and the attacks' ρ are estimates with ±1 standard error bars, normalised by tr Σ̂.</p>\n";
  const CertificateWording wording = certificate_wording(chain.certificate);
  out += svg_figure("figure-chain-rho", chain_svg(r, subtitle, wording),
                    wording.rho + " next to the per-block bound and the attacks.");
  out += svg_figure("figure-chain-spread", spread_svg(r, subtitle, wording),
                    wording.rho_certified ? "How the DP-SGD attacks' error spreads over the targets: a single target may "
                                           "fall below ρ*, which bounds the average."
                                         : "How the DP-SGD attacks' error spreads over the targets.");
  if (!r.figure_reconstructions.empty()) {
    const std::string attack = xml_escape(presets::figure_label(r));
    out += fmt::format(
        "<figure id=\"figure-chain-reconstructions\">\n<img alt=\"targets and their reconstructions by the attack "
        "{}\" src=\"data:image/png;base64,{}\">\n<figcaption>Targets (left) and their reconstructions by the attack "
        "{} at each γ.</figcaption>\n</figure>\n",
        attack, base64(reconstruction_png(r, chain.shape)), attack);
  }
  out += table(r) + "<p>" + xml_escape(certificate_table_sentence(chain.certificate, Script::unicode)) + "</p>\n";
  for (const std::string& note : r.notes) out += "<p class=\"note\">note: " + xml_escape(note) + "</p>\n";
  for (const ChainViolation& v : presets::paper_violations(r)) {
    out += "<p class=\"violation\"><strong>Violation:</strong> " + xml_escape(violation_sentence(v)) + "</p>\n";
  }
  return out + "</section>\n";
}

}  // namespace reconbound::figures
