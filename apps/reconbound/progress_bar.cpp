#include "progress_bar.hpp"

#include <fmt/format.h>

#include <unistd.h>

#include <cstdio>

#include "interrupts.hpp"

namespace reconbound::cli {

namespace {

std::string format_duration(double seconds) {
  const auto s = static_cast<long>(seconds + 0.5);
  if (s >= 3600) return fmt::format("{}h{:02}m", s / 3600, (s / 60) % 60);
  if (s >= 60) return fmt::format("{}m{:02}s", s / 60, s % 60);
  return fmt::format("{}s", s);
}

}  // namespace

ProgressBar::ProgressBar(bool enabled) : enabled_(enabled), interactive_(::isatty(2) == 1) {}

ProgressBar::~ProgressBar() {
  if (drawn_) std::fputc('\n', stderr);
  set_bar_line_open(false);
}

void ProgressBar::report(std::string_view stage, std::size_t done, std::size_t total) {
  throw_if_interrupted();
  if (!enabled_ || total == 0) return;
  const std::lock_guard lock(mutex_);
  const auto now = std::chrono::steady_clock::now();
  if (stage != stage_) {
    if (drawn_) std::fputc('\n', stderr);
    set_bar_line_open(false);
    stage_ = stage;
    stage_start_ = now;
    drawn_ = false;
  } else if (done < total && now - last_draw_ < std::chrono::milliseconds(250)) {
    return;  // redraw at most four times a second
  }
  last_draw_ = now;
  const double fraction = static_cast<double>(done) / static_cast<double>(total);
  const double elapsed = std::chrono::duration<double>(now - stage_start_).count();
  if (!interactive_) {  // a log file: a line per finished stage, and one a minute meanwhile
    if (done == total) {
      fmt::print(stderr, "{}: done in {:.1f} s\n", stage, elapsed);
    } else if (done > 0 && now - last_log_ >= std::chrono::minutes(1) &&
               now - stage_start_ >= std::chrono::minutes(1)) {
      fmt::print(stderr, "{}: {:.1f}% after {}, ETA {}\n", stage, 100.0 * fraction, format_duration(elapsed),
                 format_duration(elapsed * (1.0 - fraction) / fraction));
      last_log_ = now;
    }
    return;
  }
  constexpr int kWidth = 30;
  const int filled = static_cast<int>(fraction * kWidth);
  const std::string eta = done > 0 && done < total
                              ? "ETA " + format_duration(elapsed * (1.0 - fraction) / fraction)
                              : format_duration(elapsed);
  fmt::print(stderr, "\r{:<28} [{:=<{}}{:<{}}] {:5.1f}% {:<10}", stage, "", filled, "",
             kWidth - filled, 100.0 * fraction, eta);
  std::fflush(stderr);
  drawn_ = true;
  set_bar_line_open(true);
}

}  // namespace reconbound::cli
