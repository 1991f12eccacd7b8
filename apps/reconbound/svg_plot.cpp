#include "svg_plot.hpp"

#include "job.hpp"

#include <fmt/format.h>

#include <cmath>
#include <fstream>

#include "reconbound/error.hpp"

namespace reconbound::cli {

namespace {

constexpr double kMinTickLabelGap = 30;  // px between the centres of two x tick labels

}  // namespace

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

double LogLinAxes::x(double value) const {
  return left + (std::log10(value) - log_lo) / (log_hi - log_lo) * (width - left - right);
}

double LogLinAxes::y(double value) const {
  return top + (y_hi - value) / (y_hi - y_lo) * (height - top - bottom);
}

std::string svg_begin(const LogLinAxes& a, const std::string& title, const std::string& subtitle) {
  std::string svg = fmt::format(
      R"svg(<svg xmlns="http://www.w3.org/2000/svg" width="{0}" height="{1}" viewBox="0 0 {0} {1}" font-family="sans-serif">)svg",
      a.width, a.height);
  svg += '\n';
  svg += fmt::format(R"svg(<rect width="{}" height="{}" fill="white"/>)svg", a.width, a.height);
  svg += fmt::format(R"svg(<text x="{}" y="24" font-size="15" font-weight="bold">{}</text>)svg", a.left,
                     xml_escape(title));
  svg += fmt::format(R"svg(<text x="{}" y="42" font-size="11" fill="#555">{}</text>)svg", a.left,
                     xml_escape(subtitle));
  svg += '\n';
  return svg;
}

void draw_frame(std::string& svg, const LogLinAxes& a, const std::vector<double>& x_ticks, int y_ticks,
                const std::string& x_label, const std::string& y_label) {
  const double bottom = a.plot_bottom(), right = a.plot_right();
  svg += fmt::format(R"svg(<rect x="{}" y="{}" width="{}" height="{}" fill="none" stroke="#333"/>)svg", a.left,
                     a.top, right - a.left, bottom - a.top);
  svg += '\n';
  double last_label = -1e9;
  for (const double v : x_ticks) {
    const double x = a.x(v);
    svg += fmt::format(R"svg(<line x1="{0:.1f}" y1="{1}" x2="{0:.1f}" y2="{2}" stroke="#333"/>)svg", x, bottom,
                       bottom + 5);
    if (x - last_label >= kMinTickLabelGap) {  // ticks closer than that keep their mark only
      svg += fmt::format(R"svg(<text x="{:.1f}" y="{}" text-anchor="middle" font-size="12">{:g}</text>)svg", x,
                         bottom + 19, v);
      last_label = x;
    }
    svg += '\n';
  }
  for (int i = 0; i <= y_ticks; ++i) {
    const double v = a.y_lo + (a.y_hi - a.y_lo) * i / y_ticks;
    const double y = a.y(v);
    svg += fmt::format(R"svg(<line x1="{}" y1="{:.1f}" x2="{}" y2="{:.1f}" stroke="#bbb" stroke-dasharray="3,3"/>)svg",
                       a.left, y, right, y);
    svg += fmt::format(R"svg(<text x="{}" y="{:.1f}" text-anchor="end" font-size="12">{:.2f}</text>)svg", a.left - 6,
                       y + 4, v);
    svg += '\n';
  }
  svg += fmt::format(R"svg(<text x="{:.1f}" y="{}" text-anchor="middle" font-size="13">{}</text>)svg",
                     (a.left + right) / 2, a.height - 25, xml_escape(x_label));
  svg += fmt::format(R"svg(<text x="20" y="{0:.1f}" text-anchor="middle" font-size="13" transform="rotate(-90 20 {0:.1f})">{1}</text>)svg",
                     (a.top + bottom) / 2, xml_escape(y_label));
  svg += '\n';
}

void draw_legend_entry(std::string& svg, const LogLinAxes& a, std::size_t index, const std::string& colour,
                       const std::string& label, const std::string& dash, bool marker) {
  const double ly = a.top + 20 + 22.0 * static_cast<double>(index);
  const double x0 = a.plot_right() + 15, x1 = a.plot_right() + 40;
  if (dash != "none") {
    svg += fmt::format(R"svg(<line x1="{0}" y1="{1:.1f}" x2="{2}" y2="{1:.1f}" stroke="{3}" stroke-width="2"{4}/>)svg",
                       x0, ly, x1, colour, dash.empty() ? "" : fmt::format(R"( stroke-dasharray="{}")", dash));
  }
  if (marker) {
    svg += fmt::format(R"svg(<circle cx="{:.1f}" cy="{:.1f}" r="3.5" fill="{}"/>)svg", (x0 + x1) / 2, ly, colour);
  }
  svg += fmt::format(R"svg(<text x="{}" y="{:.1f}" font-size="12">{}</text>)svg", x1 + 6, ly + 4, xml_escape(label));
  svg += '\n';
}

void write_svg(const std::string& path, std::string svg) {
  if (!Job::current().leads()) return;  // under MPI rank 0 writes the figures
  svg += "</svg>\n";
  std::ofstream out(path, std::ios::binary);
  if (!out) throw FileError(fmt::format("cannot write the figure {}", path));
  out << svg;
  if (!out.flush()) throw FileError(fmt::format("cannot write the figure {}", path));
}

}  // namespace reconbound::cli
