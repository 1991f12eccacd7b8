#include "spectrum_report.hpp"

#include <fmt/format.h>

#include "certificate_report.hpp"
#include "job.hpp"
#include "reconbound/figures/output_file.hpp"
#include "selection_report.hpp"

namespace reconbound::cli {

namespace {

void print_curve(const workflow::SpectrumOutput& out, std::size_t curve, const std::optional<SpectrumColumns>& beside) {
  const workflow::SpectrumCurve& c = out.curves[curve];
  const BoundReport& r = c.report;
  fmt::print("\nrepresentation {} (m = {}, Hadamard order {}, n_est = {}, normaliser {:.6g})\n", c.representation, r.m,
             r.m_padded, r.n_est, r.normaliser);
  fmt::print("grid: {}\n", selection_summary(r.selection));
  fmt::print("{:>8} {:>10} {:>22} {:>12} {:>9} {:>4} {:>5} {:>9}{}\n", "epsilon", "sigma", "epsilon bounds",
             "gamma (bits)", "rho*", "k*", "nu2*", "rho point", beside ? beside->header : "");
  for (std::size_t i = 0; i < out.points.size(); ++i) {
    const workflow::SpectrumPoint& point = out.points[i];
    const EpsilonResult& e = point.calibration.epsilon;
    const ConverseResult& cr = r.results[i].converse;
    // With ρ* = 0 no grid pair certifies anything: no arg-max to show.
    const bool certified = cr.rho_star > 0.0;
    fmt::print("{:>8.4g} {:>10.5f} [{:>9.5f}, {:>9.5f}] {:>12.6g} {:>9.5f} {:>4} {:>5} {:>9.5f}{}\n",
               point.target_epsilon, point.calibration.sigma, e.epsilon_lower, e.epsilon_upper, point.gamma_bits,
               cr.rho_star, certified ? fmt::format("{}", cr.arg_max.k) : "-",
               certified ? fmt::format("{:.2g}", cr.arg_max.nu2) : "-", cr.rho_point,
               beside ? beside->row(curve, i) : "");
  }
  fmt::print("{}\n", certificate_table_sentence(c.certificate));
}

}  // namespace

void print_spectrum_table(const workflow::SpectrumOutput& out, const std::optional<SpectrumColumns>& beside) {
  fmt::print("data      {}\n", out.data_source);
  fmt::print("delta     {:.6g} ({} relation; sigma is the factor on the schedule's noise)\n", out.delta,
             out.points.front().calibration.epsilon.relation);
  for (std::size_t c = 0; c < out.curves.size(); ++c) print_curve(out, c, beside);
  if (out.curves.size() > 1 && !out.joint) {
    fmt::print("\nThe levels are per representation; --joint makes them hold for all representations at once.\n");
  }
  if (out.curves.size() > 1 && out.joint) {
    fmt::print("\nAll {0} representations' rows hold together with probability >= {1:.4g}% (a union bound: each at "
               "alpha/{0}).\n",
               out.curves.size(), 100.0 * (1.0 - out.alpha));
  }
}

void write_spectrum_figure(const workflow::SpectrumOutput& out, const std::string& data_spec,
                           const std::vector<figures::SpectrumCurve>& beside, const std::string& note) {
  std::vector<figures::SpectrumCurve> curves;
  std::vector<double> epsilons;
  for (const workflow::SpectrumPoint& point : out.points) epsilons.push_back(point.target_epsilon);
  for (const workflow::SpectrumCurve& curve : out.curves) {
    figures::SpectrumCurve line{curve.representation, epsilons, {}};
    for (const BoundResult& result : curve.report.results) line.rho_star.push_back(result.converse.rho_star);
    curves.push_back(std::move(line));
  }
  curves.insert(curves.end(), beside.begin(), beside.end());
  // Each curve holds at 1 − α, or all of them at once with --joint: the figure's level either way.
  const CertificateWording wording = certificate_wording(out.curves.front().certificate.certifies, 1.0 - out.alpha);
  const std::string svg = figures::spectrum_svg(
      curves, fmt::format("data {}, {} estimation records; {} steps; delta = {:.3g}; sigma per epsilon{}{}", data_spec,
                          out.curves.front().report.n_est, out.steps, out.delta,
                          out.curves.size() > 1 && out.joint ? "; the curves hold jointly" : "", note),
      wording);
  if (Job::current().leads()) figures::write_output_file(out.figure, svg, "figure");  // under MPI rank 0 writes
}

}  // namespace reconbound::cli
