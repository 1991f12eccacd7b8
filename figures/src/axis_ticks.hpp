#pragma once
// Ticks at round values: 1, 2 and 5 × 10^k on a logarithmic axis, steps of 1, 2 or 5 × 10^k on
// a linear one.
#include <string>
#include <vector>

namespace reconbound::figures {

// The tick values inside [10^log_lo, 10^log_hi] for an axis `length` px long: the round values
// 1, 2, 5 × 10^k when their labels (tick_label, `font_size` px) keep apart, else 1 × 10^k, else
// 10^k for every second (third, …) k; 1, 2, …, 9 × 10^k when fewer than two round values fall
// inside.
std::vector<double> log_ticks(double log_lo, double log_hi, double length, double font_size);

// The step 1, 2 or 5 × 10^k that cuts a range of `span` into at most `max_intervals` intervals.
double linear_step(double span, int max_intervals);

// A tick label of a value on a grid of `step`: as many decimals as the step has.
std::string tick_label(double value, double step);

// A tick label of a value of a logarithmic axis: its shortest form (0.5, 20, 1e-05).
std::string log_tick_label(double value);

}  // namespace reconbound::figures
