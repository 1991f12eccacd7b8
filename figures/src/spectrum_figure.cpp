#include "reconbound/figures/spectrum_figure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "axis_ticks.hpp"
#include "reconbound/error.hpp"
#include "svg_plot.hpp"

namespace reconbound::figures {

namespace {

constexpr std::array<const char*, 6> kColours{"#1f4e9c", "#c0392b", "#27864a",
                                              "#8e44ad", "#d68910", "#2c3e50"};
constexpr const char* kMarkColour = "#111111";
constexpr const char* kDash = "6,4";  // a dashed curve's stroke-dasharray
constexpr int kMaxYIntervals = 6;
constexpr double kTierLabels = 30;  // px above the plot for the tiers' names and ranges

void check_epsilon(const std::string& what, double epsilon) {
  if (!(epsilon > 0.0) || !std::isfinite(epsilon)) {
    throw InvalidInput(fmt::format("{} has epsilon {}", what, epsilon));
  }
}

void check(const std::vector<SpectrumCurve>& curves, const std::optional<SpectrumMark>& mark) {
  if (curves.empty()) throw InvalidInput("the spectrum figure needs at least one curve");
  for (const auto& c : curves) {
    if (c.epsilons.empty() || c.epsilons.size() != c.rho_star.size()) {
      throw InvalidInput(fmt::format("spectrum curve '{}' has {} epsilons and {} rho* values",
                                     c.label, c.epsilons.size(), c.rho_star.size()));
    }
    for (const double e : c.epsilons) check_epsilon(fmt::format("spectrum curve '{}'", c.label), e);
    if (c.colour && *c.colour >= curves.size()) {
      throw InvalidInput(fmt::format("spectrum curve '{}' takes the colour of curve {} of {}", c.label, *c.colour,
                                     curves.size()));
    }
  }
  if (mark) check_epsilon("the marked point", mark->epsilon);
}

// The top of the ρ axis: the smallest multiple of its round step at least 5 % above the largest
// ρ* (and at most 1), so that the curves fill the plot without touching its top.
double rho_axis_top(const std::vector<SpectrumCurve>& curves, const std::optional<SpectrumMark>& mark) {
  double largest = mark ? mark->rho_star : 0.0;
  for (const auto& c : curves) {
    for (const double r : c.rho_star) largest = std::max(largest, r);
  }
  largest = std::clamp(largest * 1.05, 0.1, 1.0);
  const double step = linear_step(largest, kMaxYIntervals);
  return std::min(1.0, std::ceil(largest / step - 1e-9) * step);
}

void draw_tiers(std::string& svg, const LogLinAxes& a) {
  // The privacy tiers of the paper's figures: strong (ε ≤ 1), moderate, weak (ε > 10).
  struct Tier {
    double from, to;
    const char* colour;
    const char* name;
    const char* range;
  };
  const double lo = std::pow(10.0, a.log_lo), hi = std::pow(10.0, a.log_hi);
  const std::array<Tier, 3> tiers{{{lo, 1.0, "#d9f0d3", "strong", "ε ≤ 1"},
                                   {1.0, 10.0, "#fcf3cf", "moderate", "1 < ε ≤ 10"},
                                   {10.0, hi, "#f9d6d5", "weak", "ε > 10"}}};
  for (const Tier& t : tiers) {
    const double from = std::max(t.from, lo), to = std::min(t.to, hi);
    if (!(to > from)) continue;
    const double x0 = a.x(from), x1 = a.x(to);
    svg += fmt::format(R"svg(<rect x="{:.1f}" y="{:.1f}" width="{:.1f}" height="{:.1f}" fill="{}"/>)svg",
                       x0, a.top, x1 - x0, a.plot_height, t.colour);
    // The names above the plot, where no curve runs.
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="11" fill="#555">{}</text>)svg",
                       (x0 + x1) / 2, a.top - 19, t.name);
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="11" fill="#555">{}</text>)svg",
                       (x0 + x1) / 2, a.top - 6, xml_escape(t.range));
    svg += '\n';
  }
}

// Curve c's colour: its own place in the palette, or the curve it is drawn beside.
const char* colour_of(const std::vector<SpectrumCurve>& curves, std::size_t c) {
  return kColours[curves[c].colour.value_or(c) % kColours.size()];
}

void draw_curves(std::string& svg, const LogLinAxes& a, const std::vector<SpectrumCurve>& curves) {
  for (std::size_t c = 0; c < curves.size(); ++c) {
    const char* colour = colour_of(curves, c);
    std::string points;
    for (std::size_t i = 0; i < curves[c].epsilons.size(); ++i) {
      points += fmt::format("{:.1f},{:.1f} ", a.x(curves[c].epsilons[i]), a.y(curves[c].rho_star[i]));
    }
    const std::string dash = curves[c].dashed ? fmt::format(R"svg( stroke-dasharray="{}")svg", kDash) : "";
    svg += fmt::format(R"svg(<polyline points="{}" fill="none" stroke="{}" stroke-width="2"{}/>)svg", points, colour,
                       dash);
    for (std::size_t i = 0; i < curves[c].epsilons.size(); ++i) {
      svg += marker_svg(Marker::dot, a.x(curves[c].epsilons[i]), a.y(curves[c].rho_star[i]), colour);
    }
    svg += '\n';
  }
}

std::vector<LegendEntry> legend(const std::vector<SpectrumCurve>& curves, const std::optional<SpectrumMark>& mark) {
  std::vector<LegendEntry> out;
  for (std::size_t c = 0; c < curves.size(); ++c) {
    out.push_back({colour_of(curves, c), curves[c].label, curves[c].dashed ? kDash : "", Marker::dot});
  }
  if (mark) out.push_back({kMarkColour, mark->label, "none", Marker::diamond});
  return out;
}

}  // namespace

std::string spectrum_svg(const std::vector<SpectrumCurve>& curves, const std::string& subtitle,
                         const CertificateWording& wording, const std::optional<SpectrumMark>& mark) {
  check(curves, mark);
  double smallest = mark ? mark->epsilon : curves.front().epsilons.front(), largest = smallest;
  for (const auto& c : curves) {
    smallest = std::min(smallest, *std::min_element(c.epsilons.begin(), c.epsilons.end()));
    largest = std::max(largest, *std::max_element(c.epsilons.begin(), c.epsilons.end()));
  }
  // A factor of 1.5 of room on either side of the extreme ε, and always room for all three
  // tiers (ε from 0.25 to 40 inside the axis).
  LogLinAxes axes;
  axes.log_lo = std::log10(std::min(0.25, smallest / 1.5));
  axes.log_hi = std::log10(std::max(40.0, largest * 1.5));
  axes.y_hi = rho_axis_top(curves, mark);
  axes.top += kTierLabels;
  const std::vector<LegendEntry> entries = legend(curves, mark);
  const FigureText text = fit_text(axes, wording.rho_curve + " against ε", subtitle, entries);
  std::string svg = svg_begin(axes, text);
  draw_tiers(svg, axes);
  draw_frame(svg, axes, kMaxYIntervals, "privacy budget ε (log scale)", wording.rho_axis);
  draw_curves(svg, axes, curves);
  if (mark) svg += marker_svg(Marker::diamond, axes.x(mark->epsilon), axes.y(mark->rho_star), kMarkColour) + "\n";
  draw_legend(svg, axes, entries);
  return svg_end(std::move(svg));
}

}  // namespace reconbound::figures
