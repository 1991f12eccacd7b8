// The report page's headline, its table of numbers and the certificate's ingredients.
#include <fmt/format.h>

#include <cmath>

#include "markup.hpp"
#include "reconbound/grey_levels.hpp"
#include "report_sections.hpp"
#include "unicode_maths.hpp"

namespace reconbound::figures {

namespace {

// A grey-level RMSE also in the scale the caller's records were in, when that was not 0–255
// (e.g. [0, 1] from ToTensor): ", i.e. 0.2263 on the data's [0, 1] scale".
std::string in_callers_scale(double rmse, const std::string& unit, double caller_scale) {
  if (unit != "grey levels" || caller_scale == kMaxGreyLevel) return "";
  return fmt::format(", i.e. {:.4g} on the data's [0, {:g}] scale", rmse * caller_scale / kMaxGreyLevel, caller_scale);
}

std::size_t total_steps(const Schedule& schedule) {
  std::size_t steps = 0;
  for (const TrainingRun& run : schedule.runs) {
    for (const Segment& segment : run.segments) steps += segment.steps;
  }
  return steps;
}

std::string schedule_table(const Schedule& schedule) {
  std::string rows;
  for (std::size_t r = 0; r < schedule.runs.size(); ++r) {
    for (const Segment& s : schedule.runs[r].segments) {
      rows += fmt::format("<tr><td>{}</td><td>{:.6g}</td><td>{:.6g}</td><td>{}</td></tr>", r + 1, s.q, s.sigma, s.steps);
    }
  }
  return "<table class=\"inner\"><tr><th>run</th><th>q</th><th>σ</th><th>steps</th></tr>" + rows + "</table>";
}

// Why `reconbound bound` for the same training may print another ρ* (docs/report.md).
constexpr const char* kComparedWithBound =
    "this ρ* comes from the spectrum's entropy estimate, whose certified grid pairs were chosen for all the "
    "spectrum's leakages at once; <code>reconbound bound</code> for this training alone chooses them for its one γ "
    "and so can certify a slightly different (usually larger) ρ*. Both are certified.";

std::string pair_text(const ConverseResult& r) {
  // With ρ* = 0 no grid pair certifies anything: there is no arg-max.
  if (!(r.rho_star > 0.0)) return "no grid pair certifies a ρ* above 0";
  return fmt::format("at (k*, ν²*) = ({}, {:g})", r.arg_max.k, r.arg_max.nu2);
}

}  // namespace

std::string table_row(const std::string& header, const std::string& cell) {
  return fmt::format("<tr><th>{}</th><td>{}</td></tr>\n", header, cell);
}

std::string training_summary(const workflow::ReportOutput& output) {
  const Schedule& schedule = output.epsilon.schedule;
  if (schedule.runs.empty()) {
    return fmt::format("mechanism {}, noise factor σ = {:.6g}", xml_escape(output.epsilon.mechanism), output.sigma);
  }
  if (schedule.runs.size() == 1 && schedule.runs.front().segments.size() == 1) {
    const Segment& s = schedule.runs.front().segments.front();
    return fmt::format("q = {:.6g}, σ = {:.6g}, T = {} steps", s.q, s.sigma, s.steps);
  }
  std::size_t segments = 0;
  for (const TrainingRun& run : schedule.runs) segments += run.segments.size();
  return fmt::format("{} runs, {} segments, {} steps in all; σ = {:.6g} × the schedule's", schedule.runs.size(),
                     segments, total_steps(schedule), output.sigma);
}

// The headline is what the certificate certifies: ρ* under the UCB normaliser, the absolute bound
// (eq 13) under the point normaliser, where ρ* follows as a ratio (mathematics §6.8).
std::string headline_section(const workflow::ReportOutput& output) {
  const ConverseResult& r = output.result.converse;
  const EpsilonResult& e = output.epsilon.epsilon;
  const BoundReport& report = output.spectrum.curves.front().report;
  const std::string where =
      fmt::format("for {} at ε = {:.4g} (δ = {:.3g})", xml_escape(output.representation), e.epsilon, e.delta);
  const std::string big =
      output.certificate.certifies == "rho_star"
          ? fmt::format("ρ* = <strong>{:.4f}</strong> {}", r.rho_star, where)
          : fmt::format("every attack's mean squared error in Ψ ≥ <strong>{:.6g}</strong> {}", r.abs_bound, where);
  return fmt::format(
      "<section id=\"headline\">\n<p class=\"big\">{}</p>\n"
      "<p class=\"statement\" id=\"certificate-statement\">{}</p>\n</section>\n",
      big, xml_escape(certificate_sentence(output.certificate, report, output.result, Script::unicode)));
}

std::string numbers_section(const workflow::ReportOutput& output) {
  const ConverseResult& r = output.result.converse;
  const EpsilonResult& e = output.epsilon.epsilon;
  const BoundReport& report = output.spectrum.curves.front().report;
  const Certificate& c = output.certificate;
  std::string rows;
  rows += table_row("training", training_summary(output));
  if (output.epsilon.schedule.runs.size() > 1 || (output.epsilon.schedule.runs.size() == 1 &&
                                                  output.epsilon.schedule.runs.front().segments.size() > 1)) {
    rows += table_row("schedule", schedule_table(output.epsilon.schedule));
  }
  rows += table_row("privacy budget ε",
                    fmt::format("{:.4f} (the accountant's estimate); guaranteed bounds [{:.4f}, {:.4f}] ({})",
                                e.epsilon, e.epsilon_lower, e.epsilon_upper, xml_escape(output.epsilon.method)));
  rows += table_row("δ", fmt::format("{:.4g}", e.delta));
  rows += table_row("leakage γ", fmt::format("{:.6g} bits (Theorem 4.1); its numerical error bound {:.3g} bits is "
                                             "added before the converse",
                                             output.result.gamma_bits, output.result.gamma_error_bits));
  rows += table_row(certificate_wording(c).rho, fmt::format("<strong>{:.4f}</strong> {}", r.rho_star, pair_text(r)));
  rows += table_row("ρ point estimate", fmt::format("{:.4f}: a point estimate without the confidence margins, "
                                                    "not certified",
                                                    r.rho_point));
  // eq 13's bound on E‖Ψ(x) − ẑ‖², and per coordinate as RMSE (as certificate_sentence).
  const std::string& unit = output.spectrum.curves.front().representation_unit;  // as Ψ declares it
  const double rmse = std::sqrt(r.abs_bound / static_cast<double>(report.m));
  rows += table_row("absolute bound", fmt::format("every attack's mean squared error in Ψ is at least {:.6g} ({}²; "
                                                  "per coordinate: RMSE ≥ {:.4g} {}{})",
                                                  r.abs_bound, unit, rmse, unit,
                                                  in_callers_scale(rmse, unit, output.caller_scale)));
  rows += table_row("compared with bound", kComparedWithBound);
  rows += table_row("representation Ψ", fmt::format("{} (m = {} features)", xml_escape(output.representation), report.m));
  rows += table_row("data", fmt::format("{}; |D⊥| = {} records (rotation, tr Σ̂), n_est = {} records (entropy)",
                                        xml_escape(output.spectrum.data_source), report.n_perp, report.n_est));
  rows += table_row("computed on", fmt::format("{} (the entropy estimate's kernel sums; t_num covers their rounding)",
                                               xml_escape(report.entropies.front().computed_on)));
  rows += table_row("confidence", fmt::format("{:.4g} % (α = {:.4g}); normaliser: {}", 100.0 * c.level, c.alpha,
                                              c.normaliser == "ucb" ? "an upper confidence bound on tr Σ"
                                                                    : "the point estimate tr Σ̂ (ρ* not certified)"));
  return "<section id=\"numbers\">\n<h2>The numbers</h2>\n<table class=\"numbers\">\n" + rows + "</table>\n</section>\n";
}

std::string certificate_section(const Certificate& c) {
  std::string rows;
  for (const CertificateIngredient& i : c.ingredients) {
    const std::string share = i.treatment == "probability" ? fmt::format("α {:.4g}", i.alpha) : i.treatment;
    rows += fmt::format("<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>\n", xml_escape(i.name),
                        xml_escape(unicode_maths(share)), xml_escape(unicode_maths(i.data)),
                        xml_escape(unicode_maths(i.detail)));
  }
  return fmt::format(
      "<section id=\"certificate\">\n<h2>What the certificate rests on</h2>\n"
      "<p>{} at level {:.6g}: a union bound over every random event below, the entropy margins over |G′| = {} "
      "grid pairs (docs/mathematics.md §6.8).</p>\n"
      "<table class=\"ingredients\">\n<tr><th>ingredient</th><th>α share or treatment</th><th>reads</th>"
      "<th>detail</th></tr>\n{}</table>\n</section>\n",
      c.certifies == "rho_star" ? "ρ* is certified" : "Only the absolute bound is certified (ρ* is its point normalisation)",
      c.level, c.union_size, rows);
}

}  // namespace reconbound::figures
