#include "axis_ticks.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "text_width.hpp"

namespace reconbound::figures {

namespace {

constexpr double kLabelGap = 8;           // px between two neighbouring tick labels
constexpr double kInside = 1e-9;          // tolerance of the axis ends, in decades

// The values m × 10^k inside the axis, m from `mantissas`, k a multiple of `stride`.
std::vector<double> round_values(double log_lo, double log_hi, const std::vector<int>& mantissas, int stride) {
  std::vector<double> out;
  for (int k = static_cast<int>(std::floor(log_lo)); k <= static_cast<int>(std::ceil(log_hi)); ++k) {
    if (((k % stride) + stride) % stride != 0) continue;
    for (const int m : mantissas) {
      const double value = m * std::pow(10.0, k);
      const double at = std::log10(value);
      if (at >= log_lo - kInside && at <= log_hi + kInside) out.push_back(value);
    }
  }
  return out;
}

// Whether neighbouring labels keep kLabelGap apart.
bool labels_fit(const std::vector<double>& ticks, double log_lo, double log_hi, double length, double font_size) {
  const auto px = [&](double v) { return (std::log10(v) - log_lo) / (log_hi - log_lo) * length; };
  for (std::size_t i = 1; i < ticks.size(); ++i) {
    const double room = (text_width(log_tick_label(ticks[i - 1]), font_size) +
                         text_width(log_tick_label(ticks[i]), font_size)) / 2 + kLabelGap;
    if (px(ticks[i]) - px(ticks[i - 1]) < room) return false;
  }
  return true;
}

}  // namespace

std::vector<double> log_ticks(double log_lo, double log_hi, double length, double font_size) {
  std::vector<double> ticks = round_values(log_lo, log_hi, {1, 2, 5}, 1);
  if (ticks.size() < 2) return round_values(log_lo, log_hi, {1, 2, 3, 4, 5, 6, 7, 8, 9}, 1);
  if (labels_fit(ticks, log_lo, log_hi, length, font_size)) return ticks;
  const int decades = std::max(1, static_cast<int>(std::ceil(log_hi - log_lo)));
  for (int stride = 1; stride < decades; ++stride) {
    ticks = round_values(log_lo, log_hi, {1}, stride);
    if (labels_fit(ticks, log_lo, log_hi, length, font_size)) return ticks;
  }
  return round_values(log_lo, log_hi, {1}, decades);
}

double linear_step(double span, int max_intervals) {
  const double raw = span / max_intervals;
  const double decade = std::pow(10.0, std::floor(std::log10(raw)));
  for (const double m : {1.0, 2.0, 5.0, 10.0}) {
    if (m * decade >= raw * (1 - 1e-9)) return m * decade;
  }
  return 10 * decade;
}

std::string tick_label(double value, double step) {
  const int decimals = std::max(0, static_cast<int>(std::ceil(-std::log10(step) - 1e-9)));
  return fmt::format("{:.{}f}", std::abs(value) < step * 1e-6 ? 0.0 : value, decimals);
}

std::string log_tick_label(double value) { return fmt::format("{:g}", value); }

}  // namespace reconbound::figures
