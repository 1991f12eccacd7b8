#include "reconbound/figures/chain_figures.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "reconbound/error.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "svg_plot.hpp"

namespace reconbound::figures {

namespace {

constexpr const char* kBoundColour = "#111111";
constexpr const char* kBlockColour = "#1f4e9c";
constexpr const char* kCodebookColour = "#27864a";
constexpr std::array<const char*, 4> kAttackColours{"#c0392b", "#d68910", "#8e44ad", "#2c3e50"};

// The markers of one attack row: its names in the legends and its estimate at each γ row.
struct AttackSeries {
  std::string legend;  // the ρ figure's
  std::string spread;  // the spread figure's
  std::vector<const AttackEstimate*> estimates;  // per γ row; nullptr where it has none
};

// The dpsgd rows, then the rows of other mechanisms (the paper's columns).
std::vector<AttackSeries> attack_series(const ChainReport& report, const presets::PaperColumns& columns) {
  std::vector<AttackSeries> out;
  for (std::size_t s = 0; s < columns.dpsgd.size(); ++s) {
    const std::string caption = presets::dpsgd_caption(columns.settings[s]);
    AttackSeries series{fmt::format("DP-SGD attack ({})", caption), fmt::format("DP-SGD ({})", caption), {}};
    for (const ChainRow& row : report.rows) series.estimates.push_back(presets::estimate_at(row, columns.dpsgd[s]));
    out.push_back(std::move(series));
  }
  for (const std::size_t a : columns.other) {
    AttackSeries series{fmt::format("{} attack", report.attacks[a].label), report.attacks[a].label, {}};
    for (const ChainRow& row : report.rows) series.estimates.push_back(presets::estimate_at(row, a));
    out.push_back(std::move(series));
  }
  return out;
}

LogLinAxes gamma_axes(const ChainReport& report) {
  if (report.rows.empty()) throw InvalidInput("the chain figure needs at least one row");
  LogLinAxes axes;
  axes.log_lo = std::log10(report.rows.front().gamma_bits / 1.5);
  axes.log_hi = std::log10(report.rows.back().gamma_bits * 1.5);
  axes.y_hi = 1.1;
  return axes;
}

std::string polyline(const LogLinAxes& a, const std::vector<std::pair<double, double>>& points,
                     const char* colour, const char* dash = "") {
  if (points.empty()) return {};
  std::string xy;
  for (const auto& [g, rho] : points) xy += fmt::format("{:.1f},{:.1f} ", a.x(g), a.y(rho));
  return fmt::format(R"svg(<polyline points="{}" fill="none" stroke="{}" stroke-width="2"{}/>)svg", xy, colour,
                     *dash != 0 ? fmt::format(R"( stroke-dasharray="{}")", dash) : "") + "\n";
}

// A marker at (γ, ρ) with a ±1 SE bar, shifted sideways by `offset` px to keep markers apart.
std::string marker_with_bar(const LogLinAxes& a, double gamma, const AttackEstimate& e, const char* colour,
                            double offset) {
  const double x = a.x(gamma) + offset;
  return fmt::format(R"svg(<line x1="{0:.1f}" y1="{1:.1f}" x2="{0:.1f}" y2="{2:.1f}" stroke="{3}" stroke-width="1.5"/>)svg",
                     x, a.y(e.rho - e.standard_error), a.y(e.rho + e.standard_error), colour) +
         fmt::format(R"svg(<circle cx="{:.1f}" cy="{:.1f}" r="4" fill="{}"/>)svg", x, a.y(e.rho), colour) + "\n";
}

void draw_prior_line(std::string& svg, const LogLinAxes& a) {
  svg += fmt::format(R"svg(<line x1="{}" y1="{:.1f}" x2="{}" y2="{:.1f}" stroke="#777" stroke-width="1.5" stroke-dasharray="8,4"/>)svg",
                     a.left, a.y(1.0), a.plot_right(), a.y(1.0));
  svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="end" font-size="11" fill="#555">prior mean (ρ = 1)</text>)svg",
                     a.plot_right() - 6, a.y(1.0) - 5);
  svg += '\n';
}

bool has_estimate(const AttackSeries& series) {
  return std::any_of(series.estimates.begin(), series.estimates.end(), [](const AttackEstimate* e) { return e != nullptr; });
}

// The 100·p-th percentile of sorted values (linear interpolation).
double percentile(const std::vector<double>& sorted, double p) {
  const double pos = p * static_cast<double>(sorted.size() - 1);
  const auto lo = static_cast<std::size_t>(std::floor(pos));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (pos - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

}  // namespace

std::string chain_svg(const ChainReport& report, const std::string& subtitle, const CertificateWording& wording) {
  LogLinAxes a = gamma_axes(report);
  const presets::PaperColumns columns = presets::paper_columns(report);
  std::vector<std::pair<double, double>> bound, point, block, codebook;
  std::vector<std::pair<double, AttackEstimate>> codebook_markers;
  for (const ChainRow& row : report.rows) {
    bound.emplace_back(row.gamma_bits, row.bound.rho_star);
    point.emplace_back(row.gamma_bits, row.bound.rho_point);
    const presets::CodebookCells cells = presets::codebook_cells(row, columns);
    if (cells.rho_blk) block.emplace_back(row.gamma_bits, *cells.rho_blk);
    if (cells.estimate) {
      codebook.emplace_back(row.gamma_bits, cells.estimate->rho);
      codebook_markers.emplace_back(row.gamma_bits, *cells.estimate);
    }
  }
  const std::vector<AttackSeries> attacks = attack_series(report, columns);
  std::vector<LegendEntry> legend{{kBoundColour, wording.rho, "", Marker::none},
                                  {kBoundColour, "ρ* point estimate", "4,3", Marker::none}};
  if (!block.empty()) legend.push_back({kBlockColour, "ρ_blk (per-block bound)", "", Marker::none});
  if (!codebook.empty()) legend.push_back({kCodebookColour, "ρ_cb (codebook attack)", "2,2", Marker::dot});
  for (std::size_t s = 0; s < attacks.size(); ++s) {
    if (has_estimate(attacks[s])) legend.push_back({kAttackColours[s % kAttackColours.size()], attacks[s].legend, "", Marker::dot});
  }
  // Only a certified ρ* bounds the attacks' ρ (mathematics §9); a point-normalised one sits beside them.
  const char* title = wording.rho_certified ? "How tight is the bound: ρ* ≤ ρ_blk ≤ ρ_cb ≤ ρ_dpsgd"
                                            : "ρ* (point normalisation) beside ρ_blk, ρ_cb and ρ_dpsgd";
  const FigureText text = fit_text(a, title, subtitle, legend);
  std::string svg = svg_begin(a, text);
  draw_frame(svg, a, 11, "leakage γ (bits, log scale)", "ρ = sqrt(E‖Ψ(x) − ẑ‖² / tr Σ̂)");
  draw_prior_line(svg, a);
  svg += polyline(a, bound, kBoundColour);
  svg += polyline(a, point, kBoundColour, "4,3");
  svg += polyline(a, block, kBlockColour);
  svg += polyline(a, codebook, kCodebookColour, "2,2");
  for (const auto& [gamma, estimate] : codebook_markers) {
    svg += marker_with_bar(a, gamma, estimate, kCodebookColour, 0.0);
  }
  for (std::size_t s = 0; s < attacks.size(); ++s) {
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
      if (const AttackEstimate* e = attacks[s].estimates[i]) {
        svg += marker_with_bar(a, report.rows[i].gamma_bits, *e, kAttackColours[s % kAttackColours.size()],
                               6.0 * (static_cast<double>(s) + 1));
      }
    }
  }
  draw_legend(svg, a, legend);
  return svg_end(std::move(svg));
}

std::string spread_svg(const ChainReport& report, const std::string& subtitle, const CertificateWording& wording) {
  LogLinAxes a = gamma_axes(report);
  const presets::PaperColumns columns = presets::paper_columns(report);
  const std::vector<AttackSeries> attacks = attack_series(report, columns);
  double top = 1.1;
  for (const AttackSeries& series : attacks) {
    for (const AttackEstimate* e : series.estimates) {
      if (e != nullptr) for (const double r : e->rho_per_target) top = std::max(top, r);
    }
  }
  a.y_hi = std::ceil(top * 10.0) / 10.0;
  std::vector<LegendEntry> legend{{kBoundColour, wording.rho, "", Marker::none}};
  for (std::size_t s = 0; s < attacks.size(); ++s) {
    if (!has_estimate(attacks[s])) continue;
    const char* colour = kAttackColours[s % kAttackColours.size()];
    legend.push_back({colour, fmt::format("{}: median, 10–90 %", attacks[s].spread), "", Marker::none});
    legend.push_back({colour, fmt::format("{}: mean (ρ)", attacks[s].spread), "none", Marker::dot});
  }
  const char* title = columns.other.empty() ? "Per-target error of the DP-SGD attacks: median and 10–90 % band"
                                           : "Per-target error of the attacks: median and 10–90 % band";
  const FigureText text = fit_text(a, title, subtitle, legend);
  std::string svg = svg_begin(a, text);
  draw_frame(svg, a, 12, "leakage γ (bits, log scale)", "per-target ρ = sqrt(‖Ψ(x) − ẑ‖² / tr Σ̂)");
  draw_prior_line(svg, a);
  std::vector<std::pair<double, double>> bound;
  for (const ChainRow& row : report.rows) bound.emplace_back(row.gamma_bits, row.bound.rho_star);
  svg += polyline(a, bound, kBoundColour);
  for (std::size_t s = 0; s < attacks.size(); ++s) {
    const char* colour = kAttackColours[s % kAttackColours.size()];
    std::vector<std::pair<double, double>> low, high, median, mean;
    for (std::size_t i = 0; i < report.rows.size(); ++i) {
      const AttackEstimate* e = attacks[s].estimates[i];
      if (e == nullptr) continue;
      const double gamma = report.rows[i].gamma_bits;
      std::vector<double> sorted = e->rho_per_target;
      std::sort(sorted.begin(), sorted.end());
      low.emplace_back(gamma, percentile(sorted, 0.1));
      high.emplace_back(gamma, percentile(sorted, 0.9));
      median.emplace_back(gamma, percentile(sorted, 0.5));
      mean.emplace_back(gamma, e->rho);
    }
    if (median.empty()) continue;
    std::string band;
    for (const auto& [g, r] : high) band += fmt::format("{:.1f},{:.1f} ", a.x(g), a.y(r));
    for (auto it = low.rbegin(); it != low.rend(); ++it) band += fmt::format("{:.1f},{:.1f} ", a.x(it->first), a.y(it->second));
    svg += fmt::format(R"svg(<polygon points="{}" fill="{}" fill-opacity="0.18" stroke="none"/>)svg", band, colour) + "\n";
    svg += polyline(a, median, colour);
    for (const auto& [g, r] : mean) {
      svg += fmt::format(R"svg(<circle cx="{:.1f}" cy="{:.1f}" r="4" fill="white" stroke="{}" stroke-width="2"/>)svg",
                         a.x(g), a.y(r), colour) + "\n";
    }
  }
  draw_legend(svg, a, legend);
  return svg_end(std::move(svg));
}

}  // namespace reconbound::figures
