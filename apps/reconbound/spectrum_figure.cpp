#include "spectrum_figure.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <fstream>

#include "reconbound/error.hpp"

namespace reconbound::cli {

namespace {

constexpr double kWidth = 760, kHeight = 480;
constexpr double kLeft = 80, kRight = 200, kTop = 60, kBottom = 70;  // margins, px
constexpr std::array<const char*, 6> kColours{"#1f4e9c", "#c0392b", "#27864a",
                                              "#8e44ad", "#d68910", "#2c3e50"};

// Escapes the five XML special characters of a label.
std::string xml_escape(const std::string& text) {
  std::string out;
  for (const char c : text) {
    switch (c) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&apos;"; break;
      default: out += c;
    }
  }
  return out;
}

// Maps ε (log scale) and ρ (linear) to pixels of the plot area.
struct Axes {
  double log_lo, log_hi, rho_hi;
  double x(double epsilon) const {
    return kLeft + (std::log10(epsilon) - log_lo) / (log_hi - log_lo) * (kWidth - kLeft - kRight);
  }
  double y(double rho) const { return kTop + (1.0 - rho / rho_hi) * (kHeight - kTop - kBottom); }
};

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

void draw_tiers(std::string& svg, const Axes& a) {
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
                       x0, kTop, x1 - x0, kHeight - kTop - kBottom, t.colour);
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="11" fill="#555">{}</text>)svg",
                       (x0 + x1) / 2, kTop + 14, t.name);
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="11" fill="#555">{}</text>)svg",
                       (x0 + x1) / 2, kTop + 28, xml_escape(t.range));
    svg += '\n';
  }
}

void draw_axes(std::string& svg, const Axes& a, const std::vector<double>& ticks) {
  const double bottom = kHeight - kBottom, right = kWidth - kRight;
  svg += fmt::format(R"svg(<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#333"/>)svg",
                     kLeft, kTop, right - kLeft, bottom - kTop);
  svg += '\n';
  for (const double e : ticks) {
    const double x = a.x(e);
    svg += fmt::format(R"svg(<line x1="{0:.1f}" y1="{1}" x2="{0:.1f}" y2="{2}" stroke="#333"/>)svg", x, bottom, bottom + 5);
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{}" text-anchor="middle" font-size="12">{:g}</text>)svg", x,
                       bottom + 19, e);
    svg += '\n';
  }
  for (int i = 0; i <= 5; ++i) {
    const double rho = a.rho_hi * i / 5.0;
    const double y = a.y(rho);
    svg += fmt::format(R"svg(<line x1="{}" y1="{:.1f}" x2="{}" y2="{:.1f}" stroke="#bbb" stroke-dasharray="3,3"/>)svg",
                       kLeft, y, right, y);
    svg += fmt::format(R"svg(<text x="{}" y="{:.1f}" text-anchor="end" font-size="12">{:.2f}</text>)svg", kLeft - 6,
                       y + 4, rho);
    svg += '\n';
  }
  svg += fmt::format(R"svg(<text x="{:.1f}" y="{}" text-anchor="middle" font-size="13">privacy budget ε (log scale)</text>)svg",
                     (kLeft + right) / 2, kHeight - 25);
  svg += fmt::format(R"svg(<text x="20" y="{0:.1f}" text-anchor="middle" font-size="13" transform="rotate(-90 20 {0:.1f})">certified reconstruction error ρ*</text>)svg",
                     (kTop + bottom) / 2);
  svg += '\n';
}

void draw_curves(std::string& svg, const Axes& a, const std::vector<SpectrumCurve>& curves) {
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
    // Legend entry, right of the plot.
    const double ly = kTop + 20 + 22.0 * static_cast<double>(c);
    svg += fmt::format(R"svg(<line x1="{0}" y1="{1:.1f}" x2="{2}" y2="{1:.1f}" stroke="{3}" stroke-width="2"/>)svg",
                       kWidth - kRight + 15, ly, kWidth - kRight + 40, colour);
    svg += fmt::format(R"svg(<text x="{}" y="{:.1f}" font-size="12">{}</text>)svg", kWidth - kRight + 46, ly + 4,
                       xml_escape(curves[c].label));
    svg += '\n';
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
  const Axes axes{std::log10(std::min(0.25, ticks.front() / 1.5)),
                  std::log10(std::max(40.0, ticks.back() * 1.5)), rho_axis_top(curves)};

  std::string svg = fmt::format(
      R"svg(<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" viewBox="0 0 {0} {1}" font-family="sans-serif">)svg",
      kWidth, kHeight);
  svg += '\n';
  svg += fmt::format(R"svg(<rect width="{}" height="{}" fill="white"/>)svg", kWidth, kHeight);
  svg += fmt::format(R"svg(<text x="{}" y="24" font-size="15" font-weight="bold">Certified lower bound ρ* on reconstruction error against ε</text>)svg",
                     kLeft);
  svg += fmt::format(R"svg(<text x="{}" y="42" font-size="11" fill="#555">{}</text>)svg", kLeft, xml_escape(subtitle));
  svg += '\n';
  draw_tiers(svg, axes);
  draw_axes(svg, axes, ticks);
  draw_curves(svg, axes, curves);
  svg += "</svg>\n";

  std::ofstream out(path, std::ios::binary);
  if (!out) throw FileError(fmt::format("cannot write the figure {}", path));
  out << svg;
  if (!out.flush()) throw FileError(fmt::format("cannot write the figure {}", path));
}

}  // namespace reconbound::cli
