// The report page's "Who is most exposed" (mathematics §6.10): every label's guaranteed RMSE per
// coordinate as a bar, the smallest (the most exposed label) first, ρ* on each bar; the table of
// the labels' numbers; the sentence on the most exposed label; what it means and does not say.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "axis_ticks.hpp"
#include "markup.hpp"
#include "report_sections.hpp"
#include "svg_plot.hpp"
#include "text_width.hpp"
#include "unicode_maths.hpp"

namespace reconbound::figures {

namespace {

constexpr double kRow = 28, kBar = 18;      // px per label, and the bar's height in it
constexpr double kTextSize = 12, kGap = 6;  // the names' and the bars' texts; px between a text and what it names
constexpr double kEdge = 12;                // px kept free at the right edge of the figure
constexpr int kMaxIntervals = 5;            // of the value axis
constexpr const char* kBarColour = "#1f4e9c";

// The per-coordinate RMSE of eq 13's bound, sqrt(abs_bound / m), in Ψ's unit (mathematics §6.10).
double rmse_per_coordinate(const workflow::LabelBound& row) {
  return row.output ? std::sqrt(row.abs_bound() / static_cast<double>(row.output->report.m)) : 0.0;
}

std::string bar_text(const workflow::LabelBound& row) {
  return row.trivial.empty() ? fmt::format("ρ* = {:.3f}", row.rho_star()) : "ρ* = 0 (nothing certified)";
}

// The value axis, linear: from 0 to the first round value at least 5 % above the largest RMSE.
struct ValueAxis {
  double step = 1, top = 1;
  double x(const LogLinAxes& a, double value) const { return a.left + value / top * a.plot_width; }
};

ValueAxis value_axis(const std::vector<workflow::LabelBound>& rows) {
  double largest = 0;
  for (const auto& row : rows) largest = std::max(largest, rmse_per_coordinate(row));
  if (!(largest > 0.0)) return {};
  ValueAxis out;
  out.step = linear_step(largest * 1.05, kMaxIntervals);
  out.top = std::ceil(largest * 1.05 / out.step - 1e-9) * out.step;
  return out;
}

// Room for every name left of the plot and for every bar's text right of the longest bar.
LogLinAxes bar_axes(const std::vector<workflow::LabelBound>& rows) {
  LogLinAxes a;
  a.plot_height = kRow * static_cast<double>(rows.size());
  a.bottom = 60;
  for (const auto& row : rows) {
    a.left = std::max(a.left, text_width(row.name, kTextSize) + 2 * kGap);
    a.right = std::max(a.right, text_width(bar_text(row), kTextSize) + kGap + kEdge);
  }
  return a;
}

void draw_value_axis(std::string& svg, const LogLinAxes& a, const ValueAxis& v, const std::string& label) {
  for (double i = 0; i * v.step <= v.top * (1 + 1e-9); i += 1) {
    const double x = v.x(a, i * v.step);
    svg += fmt::format(R"svg(<line x1="{0:.1f}" y1="{1}" x2="{0:.1f}" y2="{2}" stroke="#bbb" stroke-dasharray="3,3"/>)svg",
                       x, a.top, a.plot_bottom());
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{}" text-anchor="middle" font-size="{}">{}</text>)svg", x,
                       a.plot_bottom() + 19, kTextSize, tick_label(i * v.step, v.step));
    svg += '\n';
  }
  svg += fmt::format(R"svg(<line x1="{0}" y1="{1}" x2="{0}" y2="{2}" stroke="#333"/>)svg", a.left, a.top,
                     a.plot_bottom());
  svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="middle" font-size="13">{}</text>)svg",
                     (a.left + a.plot_right()) / 2, a.height() - 15, xml_escape(label));
  svg += '\n';
}

// One bar per label, top to bottom in the rows' order; data-label and data-rmse for a reader.
void draw_bars(std::string& svg, const LogLinAxes& a, const ValueAxis& v, const std::vector<workflow::LabelBound>& rows) {
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const double rmse = rmse_per_coordinate(rows[i]);
    const double y = a.top + kRow * static_cast<double>(i) + (kRow - kBar) / 2, end = v.x(a, rmse);
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" text-anchor="end" font-size="{}">{}</text>)svg",
                       a.left - kGap, y + kBar / 2 + 4, kTextSize, xml_escape(rows[i].name));
    svg += fmt::format(R"svg(<rect class="bar" data-label="{}" data-rmse="{:.6g}" x="{}" y="{:.1f}" width="{:.1f}" height="{}" fill="{}"/>)svg",
                       rows[i].label, rmse, a.left, y, end - a.left, kBar, kBarColour);
    svg += fmt::format(R"svg(<text x="{:.1f}" y="{:.1f}" font-size="{}">{}</text>)svg", end + kGap,
                       y + kBar / 2 + 4, kTextSize, xml_escape(bar_text(rows[i])));
    svg += '\n';
  }
}

std::string bar_chart(const workflow::ByLabelOutput& by_label, const std::string& unit) {
  const std::vector<workflow::LabelBound>& rows = by_label.labels;
  LogLinAxes axes = bar_axes(rows);
  const ValueAxis values = value_axis(rows);
  const std::size_t n = rows.size();
  const FigureText text =
      fit_text(axes, "Who is most exposed: every attack's RMSE per coordinate, per label",
               fmt::format("each label's records alone at α/{0} = {1:.3g}, all {0} together with probability ≥ {2:.4g} %; "
                           "the most exposed (smallest guaranteed error) first; ρ* relative to the class's own prior",
                           n, by_label.alpha / static_cast<double>(n), 100.0 * (1.0 - by_label.alpha)),
               {});
  std::string svg = svg_begin(axes, text);
  draw_value_axis(svg, axes, values, fmt::format("guaranteed RMSE per coordinate, {}", unit));
  draw_bars(svg, axes, values, rows);
  return svg_end(std::move(svg));
}

std::string pair_cells(const workflow::LabelBound& row) {
  const ConverseResult* first = row.first();
  if (first == nullptr || !(first->rho_star > 0.0)) return "<td>—</td><td>—</td>";
  return fmt::format("<td>{}</td><td>{:g}</td>", first->arg_max.k, first->arg_max.nu2);
}

std::string table(const workflow::ByLabelOutput& by_label, const std::string& rho_header) {
  std::string rows;
  for (const workflow::LabelBound& row : by_label.labels) {
    rows += fmt::format("<tr data-label=\"{}\"><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{:.4f}</td><td>{:.6g}</td>"
                        "<td>{:.4g}</td>{}<td>{}</td></tr>\n",
                        row.label, row.label, xml_escape(row.name), row.perp_indices.size(), row.est_indices.size(),
                        row.rho_star(), row.abs_bound(), rmse_per_coordinate(row), pair_cells(row),
                        xml_escape(unicode_maths(row.trivial)));
  }
  return "<table class=\"by-label\">\n<tr><th>label</th><th>name</th><th>|D⊥|</th><th>n_est</th><th>" +
         xml_escape(rho_header) + "</th><th>absolute bound</th><th>RMSE ≥ per coordinate</th><th>k*</th><th>ν²*</th>"
         "<th>why ρ* = 0</th></tr>\n" + rows + "</table>\n";
}

// What the rows say and what they do not (mathematics §6.10).
std::string meaning(const workflow::ReportOutput& output, double gamma_bits) {
  const std::size_t n = output.by_label->labels.size();
  return fmt::format(
      "<p>Each row is this report's bound computed again from one label's records alone — its records of D⊥ and of "
      "D_est, cut from the same split — at the training's leakage plus its numerical error bound, γ = {0:.6g} bits, "
      "and at α/{1}, so that all {1} rows hold together with probability ≥ {2:.4g} % (a union bound over the labels). "
      "A row speaks of a record drawn from that class, against an attacker who also knows the record's class: its ρ* "
      "is relative to the best guess that knows the class (the class's own average record), so the ρ* of two classes "
      "do not compare. The guaranteed RMSE per coordinate, √(absolute bound / m) in {3}, does: it orders the chart "
      "and the table, the most exposed class first. The headline above is its own statement, about a record drawn "
      "from all the data, at its own level; it is not part of the joint statement.</p>\n"
      "<p>What the rows do <em>not</em> say: a row is a bound per class, not per record — an unusual record of a "
      "class may be reconstructed better than the class's average. A small class pays twice, with fewer records "
      "(wider confidence margins) and with α/{1}: its bound may be 0, with the reason in the table. The statement "
      "needs labels fixed before the split (a label file, class folders), not labels fitted on the records "
      "themselves. Each row can be computed again with <code>reconbound bound --gamma {0:.17g} --alpha {4:.6g}</code> "
      "on the label's records of the same split (docs/mathematics.md §6.10).</p>\n",
      gamma_bits, n, 100.0 * (1.0 - output.by_label->alpha), xml_escape(output.spectrum.curves.front().representation_unit),
      output.by_label->alpha / static_cast<double>(n));
}

}  // namespace

std::string by_label_section(const workflow::ReportOutput& output) {
  const workflow::ByLabelOutput& by_label = *output.by_label;
  const std::string& unit = output.spectrum.curves.front().representation_unit;
  // The γ every label's bound was given: the training's plus its numerical error bound (mathematics §6.8).
  const double gamma_bits = output.leakage.leakage.gamma_bits + output.leakage.leakage.abs_error_bits;
  return "<section id=\"by-label\">\n<h2>Who is most exposed</h2>\n<p id=\"most-exposed\">" +
         xml_escape(unicode_maths(workflow::most_exposed_sentence(by_label))) + "</p>\n<figure id=\"figure-by-label\">\n" +
         bar_chart(by_label, unit) + "<figcaption>Each bar: the RMSE per coordinate that every reconstruction attack "
         "on a record of that class must exceed (eq 13 on the class's records), in " + xml_escape(unit) +
         "; the number at its end is the class's ρ*. Labels: " + xml_escape(by_label.labels_source) +
         ".</figcaption>\n</figure>\n" + table(by_label, certificate_wording(output.certificate).rho) +
         meaning(output, gamma_bits) + "</section>\n";
}

}  // namespace reconbound::figures
