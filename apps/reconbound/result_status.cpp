#include "result_status.hpp"

#include <fmt/format.h>

#include <atomic>

#include "job.hpp"

namespace reconbound::cli {

namespace {

std::atomic<int> g_status{0};

}  // namespace

void report_violation(const std::string& line) {
  if (Job::current().leads()) fmt::print(stderr, "reconbound: violation: {}\n", line);
  g_status.store(kViolationExit);
}

int result_status() { return g_status.load(); }

}  // namespace reconbound::cli
