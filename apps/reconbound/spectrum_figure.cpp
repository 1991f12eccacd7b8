#include "spectrum_figure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>

#include "reconbound/error.hpp"
#include "svg_plot.hpp"

namespace reconbound::cli {

namespace {

constexpr std::array<const char*, 6> kColours{"#1f4e9c", "#c0392b", "#27864a",
                                              "#8e44ad", "#d68910", "#2c3e50"};

// The smallest of 0.1, 0.2, …, 1 at or above the largest ρ*, so the curves fill the plot.
double rho_axis_top(const std::vector<SpectrumCurve>& curves) {
  double largest = 0.0;
  for (const auto& c : curves) {
    for (const double r : c.rho_star) largest = std::max(largest, r);
  }
  return std::clamp(std::ceil(largest * 10.0 + 1e-9) / 10.0, 0.1, 1.0);
}

void check(const std::vector<SpectrumCurve>& curves) {
  if (curves.empty()) throw InvalidInput("the spectrum figure needs at least one curve");
  for (const auto& c : curves) {
    if (c.epsilons.empty() || c.epsilons.size() != c.rho_star.size()) {
      throw InvalidInput(fmt::format("spectrum curve '{}' has {} epsilons and {} rho* values",
                                     c.label, c.epsilons.size(), c.rho_star.size()));
    }
    for (const double e : c.epsilons) {
      if (!(e > 0.0) || !std::isfinite(e)) {
        throw InvalidInput(fmt::format("spectrum curve '{}' has epsilon {}", c.label, e));
      }
    }
  }
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
                       x0, a.top, x1 - x0, a.plot_bottom() - a.top, t.colour);
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="11" fill="#555">{}</text>)svg",
                       (x0 + x1) / 2, a.top + 14, t.name);
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="11" fill="#555">{}</text>)svg",
                       (x0 + x1) / 2, a.top + 28, xml_escape(t.range));
    svg += '\n';
  }
}

void draw_curves(std::string& svg, const LogLinAxes& a, const std::vector<SpectrumCurve>& curves) {
  for (std::size_t c = 0; c < curves.size(); ++c) {
    const char* colour = kColours[c % kColours.size()];
    std::string points;
    for (std::size_t i = 0; i < curves[c].epsilons.size(); ++i) {
      points += fmt::format("{:.1f},{:.1f} ", a.x(curves[c].epsilons[i]), a.y(curves[c].rho_star[i]));
    }
    svg += fmt::format(R"svg(<polyline points="{}" fill="none" stroke="{}" stroke-width="2"/>)svg", points, colour);
    for (std::size_t i = 0; i < curves[c].epsilons.size(); ++i) {
      svg += fmt::format(R"svg(<circle cx="{:.1f}" cy="{:.1f}" r="3.5" fill="{}"/>)svg", a.x(curves[c].epsilons[i]),
                         a.y(curves[c].rho_star[i]), colour);
    }
    draw_legend_entry(svg, a, c, colour, curves[c].label);
  }
}

}  // namespace

void write_spectrum_svg(const std::string& path, const std::vector<SpectrumCurve>& curves,
                        const std::string& subtitle) {
  check(curves);
  std::vector<double> ticks;
  for (const auto& c : curves) ticks.insert(ticks.end(), c.epsilons.begin(), c.epsilons.end());
  std::sort(ticks.begin(), ticks.end());
  ticks.erase(std::unique(ticks.begin(), ticks.end()), ticks.end());
  // A factor of 1.5 of room on either side of the extreme ε, and always room for all three
  // tiers (ε from 0.25 to 40 inside the axis).
  LogLinAxes axes;
  axes.log_lo = std::log10(std::min(0.25, ticks.front() / 1.5));
  axes.log_hi = std::log10(std::max(40.0, ticks.back() * 1.5));
  axes.y_hi = rho_axis_top(curves);
  std::string svg = svg_begin(axes, "Certified lower bound ρ* on reconstruction error against ε", subtitle);
  draw_tiers(svg, axes);
  draw_frame(svg, axes, ticks, 5, "privacy budget ε (log scale)", "certified reconstruction error ρ*");
  draw_curves(svg, axes, curves);
  write_svg(path, std::move(svg));
}

}  // namespace reconbound::cli
