#pragma once
// A progress bar with an ETA on stderr for long computations (reconbound::Progress).
#include <chrono>
#include <mutex>
#include <string>

#include "reconbound/progress.hpp"

namespace reconbound::cli {

class ProgressBar final : public Progress {
 public:
  // Draws a bar redrawn in place on a terminal; on a pipe or file, one line per finished
  // stage and, during a stage longer than a minute, a line with the ETA every minute.
  // report() throws reconbound::Cancelled on main's thread once SIGINT or SIGTERM came
  // (interrupts.hpp), with the bar enabled or not.
  explicit ProgressBar(bool enabled);
  ~ProgressBar() override;
  void report(std::string_view stage, std::size_t done, std::size_t total) override;

 private:
  bool enabled_;
  bool interactive_;
  std::mutex mutex_;
  std::string stage_;
  std::chrono::steady_clock::time_point stage_start_;
  std::chrono::steady_clock::time_point last_draw_;
  std::chrono::steady_clock::time_point last_log_;  // last progress line in a log file
  bool drawn_ = false;
};

}  // namespace reconbound::cli
