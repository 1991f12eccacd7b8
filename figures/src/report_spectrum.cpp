// The report page's spectrum: ρ* against ε with the training marked, and the table behind it
// (mathematics §8).
#include <fmt/format.h>

#include <optional>

#include "markup.hpp"
#include "reconbound/figures/spectrum_figure.hpp"
#include "report_sections.hpp"

namespace reconbound::figures {

namespace {

std::string figure(const workflow::ReportOutput& output) {
  const workflow::SpectrumOutput& s = output.spectrum;
  const workflow::SpectrumCurve& curve = s.curves.front();
  SpectrumCurve line{curve.representation, {}, {}};
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    line.epsilons.push_back(s.points[i].target_epsilon);
    line.rho_star.push_back(curve.report.results[i].converse.rho_star);
  }
  // ε = 0 (no privacy loss at all) has no place on a log axis: the training is then not marked.
  const double epsilon = output.epsilon.epsilon.epsilon;
  std::optional<SpectrumMark> mark;
  if (epsilon > 0.0) {
    mark = SpectrumMark{epsilon, output.result.converse.rho_star,
                        fmt::format("this training: ε = {:.3g}, ρ* = {:.3f}", epsilon, output.result.converse.rho_star)};
  }
  const std::string subtitle = fmt::format("data {}, n_est = {}; δ = {:.3g}; σ calibrated for each ε on the schedule's shape",
                                           s.data_source, curve.report.n_est, s.delta);
  const CertificateWording wording = certificate_wording(output.certificate);
  return "<figure id=\"figure-spectrum\">\n" + spectrum_svg({line}, subtitle, wording, mark) + "<figcaption>" +
         wording.rho +
         " for each target ε (dots; the noise σ calibrated so that ε's upper error bar meets the target) and for "
         "this training (diamond). The shaded tiers are the usual reading of ε: strong privacy at ε ≤ 1, weak above "
         "10.</figcaption>\n</figure>\n";
}

std::string table(const workflow::ReportOutput& output) {
  const workflow::SpectrumOutput& s = output.spectrum;
  const BoundReport& report = s.curves.front().report;
  std::string rows;
  for (std::size_t i = 0; i < s.points.size(); ++i) {
    const workflow::SpectrumPoint& p = s.points[i];
    const EpsilonResult& e = p.calibration.epsilon;
    const ConverseResult& r = report.results[i].converse;
    const bool certified = r.rho_star > 0.0;  // with ρ* = 0 there is no arg-max pair
    rows += fmt::format("<tr><td>{:g}</td><td>{:.5f}</td><td>[{:.4f}, {:.4f}]</td><td>{:.6g}</td><td>{:.4f}</td>"
                        "<td>{}</td><td>{:.4f}</td></tr>\n",
                        p.target_epsilon, p.calibration.sigma, e.epsilon_lower, e.epsilon_upper, p.gamma_bits,
                        r.rho_star, certified ? fmt::format("({}, {:g})", r.arg_max.k, r.arg_max.nu2) : "—",
                        r.rho_point);
  }
  return "<table class=\"spectrum\">\n<tr><th>target ε</th><th>σ</th><th>ε bounds</th><th>γ (bits)</th><th>ρ*</th>"
         "<th>(k*, ν²*)</th><th>ρ point estimate</th></tr>\n" +
         rows + "</table>\n";
}

}  // namespace

std::string spectrum_section(const workflow::ReportOutput& output) {
  return "<section id=\"spectrum\">\n<h2>ρ* against ε</h2>\n" + figure(output) + table(output) + "<p>" +
         xml_escape(certificate_table_sentence(output.certificate, Script::unicode)) + "</p>\n</section>\n";
}

}  // namespace reconbound::figures
