#include "svg_plot.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "axis_ticks.hpp"
#include "text_width.hpp"

namespace reconbound::figures {

namespace {

// DejaVu Sans first: it has every glyph of the labels (ẑ, Σ̂, ‖, ρ, ε, γ), and text_width's
// estimate is taken from it; the others are wide-spread fallbacks, narrower than it.
constexpr const char* kFontFamily = "'DejaVu Sans', 'Segoe UI', Helvetica, Arial, sans-serif";
constexpr double kTitleSize = 15, kSubtitleSize = 11, kSubtitleLine = 14, kLabelSize = 13, kTickSize = 12;
constexpr double kLegendSize = 12, kLegendLine0 = 15, kLegendLine1 = 40, kLegendText = 46, kLegendRow = 22;
constexpr double kEdge = 12;  // px kept free at the right edge of the figure

}  // namespace

double LogLinAxes::x(double value) const {
  return left + (std::log10(value) - log_lo) / (log_hi - log_lo) * plot_width;
}

double LogLinAxes::y(double value) const { return top + (y_hi - value) / (y_hi - y_lo) * plot_height; }

FigureText fit_text(LogLinAxes& a, const std::string& title, const std::string& subtitle,
                    const std::vector<LegendEntry>& legend) {
  for (const LegendEntry& entry : legend) {
    a.right = std::max(a.right, kLegendText + text_width(entry.label, kLegendSize) + kEdge);
  }
  a.right = std::max(a.right, text_width(title, kTitleSize, true) + kEdge - a.plot_width);
  FigureText text{title, wrap_text(subtitle, kSubtitleSize, a.width() - a.left - kEdge)};
  if (text.subtitle.size() > 1) a.top += kSubtitleLine * static_cast<double>(text.subtitle.size() - 1);
  return text;
}

std::string svg_begin(const LogLinAxes& a, const FigureText& text) {
  std::string svg = fmt::format(
      R"svg(<svg xmlns="http://www.w3.org/2000/svg" width="{0:.0f}" height="{1:.0f}" viewBox="0 0 {0:.0f} {1:.0f}" font-family="{2}">)svg",
      a.width(), a.height(), kFontFamily);
  svg += '\n';
  svg += fmt::format(R"svg(<rect width="{:.0f}" height="{:.0f}" fill="white"/>)svg", a.width(), a.height());
  svg += fmt::format(R"svg(<text x="{}" y="24" font-size="{}" font-weight="bold">{}</text>)svg", a.left, kTitleSize,
                     xml_escape(text.title));
  for (std::size_t i = 0; i < text.subtitle.size(); ++i) {
    svg += fmt::format(R"svg(<text x="{}" y="{}" font-size="{}" fill="#555">{}</text>)svg", a.left,
                       42 + kSubtitleLine * static_cast<double>(i), kSubtitleSize, xml_escape(text.subtitle[i]));
  }
  svg += '\n';
  return svg;
}

void draw_frame(std::string& svg, const LogLinAxes& a, int max_y_intervals, const std::string& x_label,
                const std::string& y_label) {
  const double bottom = a.plot_bottom(), right = a.plot_right();
  svg += fmt::format(R"svg(<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#333"/>)svg", a.left,
                     a.top, a.plot_width, a.plot_height);
  svg += '\n';
  for (const double v : log_ticks(a.log_lo, a.log_hi, a.plot_width, kTickSize)) {
    const double x = a.x(v);
    svg += fmt::format(R"svg(<line x1="{0:.1f}" y1="{1}" x2="{0:.1f}" y2="{2}" stroke="#333"/>)svg", x, bottom,
                       bottom + 5);
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{}" text-anchor="middle" font-size="{}">{}</text>)svg", x,
                       bottom + 19, kTickSize, log_tick_label(v));
    svg += '\n';
  }
  const double step = linear_step(a.y_hi - a.y_lo, max_y_intervals);
  for (double i = std::ceil(a.y_lo / step - 1e-9); i * step <= a.y_hi + step * 1e-9; i += 1) {
    const double y = a.y(i * step);
    svg += fmt::format(R"svg(<line x1="{}" y1="{:.1f}" x2="{}" y2="{:.1f}" stroke="#bbb" stroke-dasharray="3,3"/>)svg",
                       a.left, y, right, y);
    svg += fmt::format(R"svg(<text x="{}" y="{:.1f}" text-anchor="end" font-size="{}">{}</text>)svg", a.left - 6,
                       y + 4, kTickSize, tick_label(i * step, step));
    svg += '\n';
  }
  svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="{}">{}</text>)svg",
                     (a.left + right) / 2, a.height() - 25, kLabelSize, xml_escape(x_label));
  svg += fmt::format(R"svg(<text x="20" y="{0:.1f}" text-anchor="middle" font-size="{1}" transform="rotate(-90 20 {0:.1f})">{2}</text>)svg",
                     (a.top + bottom) / 2, kLabelSize, xml_escape(y_label));
  svg += '\n';
}

void draw_legend(std::string& svg, const LogLinAxes& a, const std::vector<LegendEntry>& legend) {
  for (std::size_t i = 0; i < legend.size(); ++i) {
    const LegendEntry& e = legend[i];
    const double ly = a.top + 20 + kLegendRow * static_cast<double>(i);
    const double x0 = a.plot_right() + kLegendLine0, x1 = a.plot_right() + kLegendLine1;
    if (e.dash != "none") {
      svg += fmt::format(R"svg(<line x1="{0}" y1="{1:.1f}" x2="{2}" y2="{1:.1f}" stroke="{3}" stroke-width="2"{4}/>)svg",
                         x0, ly, x1, e.colour,
                         e.dash.empty() ? "" : fmt::format(R"( stroke-dasharray="{}")", e.dash));
    }
    svg += marker_svg(e.marker, (x0 + x1) / 2, ly, e.colour);
    svg += fmt::format(R"svg(<text x="{}" y="{:.1f}" font-size="{}">{}</text>)svg", a.plot_right() + kLegendText,
                       ly + 4, kLegendSize, xml_escape(e.label));
    svg += '\n';
  }
}

std::string marker_svg(Marker marker, double x, double y, const std::string& colour) {
  switch (marker) {
    case Marker::dot:
      return fmt::format(R"svg(<circle cx="{:.1f}" cy="{:.1f}" r="3.5" fill="{}"/>)svg", x, y, colour);
    case Marker::diamond:
      return fmt::format(R"svg(<path d="M{0:.1f},{1:.1f} l7,7 l-7,7 l-7,-7 z" fill="{2}" stroke="white" stroke-width="1.5"/>)svg",
                         x, y - 7, colour);
    case Marker::none:
      break;
  }
  return {};
}

std::string svg_end(std::string svg) {
  svg += "</svg>\n";
  return svg;
}

}  // namespace reconbound::figures
