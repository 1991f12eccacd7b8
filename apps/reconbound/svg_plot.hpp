#pragma once
// Pieces shared by the CLI's SVG figures: a plot area with a logarithmic x axis and a
// linear y axis, its frame, ticks and labels, a legend, and writing the file.
#include <string>
#include <vector>

namespace reconbound::cli {

// Escapes the five XML special characters of a label.
std::string xml_escape(const std::string& text);

struct LogLinAxes {
  double width = 760, height = 480;                        // whole figure, px
  double left = 80, right = 200, top = 60, bottom = 70;    // margins, px
  double log_lo = 0, log_hi = 1;                           // log10 of the x range
  double y_lo = 0, y_hi = 1;                               // y range

  double x(double value) const;  // value > 0, log scale
  double y(double value) const;
  double plot_right() const { return width - right; }
  double plot_bottom() const { return height - bottom; }
};

// <svg …> with a white background, a bold title and a grey subtitle.
std::string svg_begin(const LogLinAxes& axes, const std::string& title, const std::string& subtitle);
// The frame, x ticks at the given values, `y_ticks` + 1 evenly spaced y grid lines and the
// two axis labels.
void draw_frame(std::string& svg, const LogLinAxes& axes, const std::vector<double>& x_ticks, int y_ticks,
                const std::string& x_label, const std::string& y_label);
// Legend entry `index` right of the plot: a short line (dashed when `dash` is set, none
// when it is "none") with an optional marker, and the label.
void draw_legend_entry(std::string& svg, const LogLinAxes& axes, std::size_t index, const std::string& colour,
                       const std::string& label, const std::string& dash = "", bool marker = false);
// Closes the document and writes it; FileError when the file cannot be written.
void write_svg(const std::string& path, std::string svg);

}  // namespace reconbound::cli
