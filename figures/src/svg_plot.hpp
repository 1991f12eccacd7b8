#pragma once
// Pieces shared by the SVG figures: a plot area with a logarithmic x axis and a linear y axis,
// margins that make room for the title, the subtitle and the legend, the frame with ticks at
// round values and the axis labels, and the legend.
#include <string>
#include <vector>

#include "markup.hpp"

namespace reconbound::figures {

enum class Marker { none, dot, diamond };

struct LegendEntry {
  std::string colour;
  std::string label;
  std::string dash;               // stroke-dasharray of its line; "" solid, "none" no line
  Marker marker = Marker::none;   // a marker on the line
};

// A marker centred at (x, y).
std::string marker_svg(Marker marker, double x, double y, const std::string& colour);

struct LogLinAxes {
  double plot_width = 480, plot_height = 350;            // the plot area, px
  double left = 80, right = 30, top = 60, bottom = 70;   // margins, px (fit_text sets right and top)
  double log_lo = 0, log_hi = 1;                         // log10 of the x range
  double y_lo = 0, y_hi = 1;                             // y range

  double width() const { return left + plot_width + right; }
  double height() const { return top + plot_height + bottom; }
  double x(double value) const;  // value > 0, log scale
  double y(double value) const;
  double plot_right() const { return left + plot_width; }
  double plot_bottom() const { return top + plot_height; }
};

// The title and the subtitle's lines, laid out by fit_text.
struct FigureText {
  std::string title;
  std::vector<std::string> subtitle;
};

// Widens the right margin to hold the legend's widest label and the title, and wraps the
// subtitle to the figure's width, lowering the plot by its extra lines.
FigureText fit_text(LogLinAxes& axes, const std::string& title, const std::string& subtitle,
                    const std::vector<LegendEntry>& legend);

// <svg …> with a white background, the bold title and the grey subtitle.
std::string svg_begin(const LogLinAxes& axes, const FigureText& text);
// The frame, x ticks at round values (axis_ticks.hpp) and y grid lines at a round step (at
// most `max_y_intervals` of them), and the two axis labels.
void draw_frame(std::string& svg, const LogLinAxes& axes, int max_y_intervals, const std::string& x_label,
                const std::string& y_label);
// The legend right of the plot, one entry a row.
void draw_legend(std::string& svg, const LogLinAxes& axes, const std::vector<LegendEntry>& legend);
// Closes the document.
std::string svg_end(std::string svg);

}  // namespace reconbound::figures
