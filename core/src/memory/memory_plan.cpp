#include "reconbound/memory_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

std::size_t doubles(std::size_t rows, std::size_t cols) { return rows * cols * sizeof(double); }

std::string gigabytes(std::size_t bytes) {
  const double b = static_cast<double>(bytes);
  return b >= 1e9 ? fmt::format("{:.2f} GB", b / 1e9) : fmt::format("{:.1f} MB", b / 1e6);
}

}  // namespace

std::string MemoryPlan::describe() const {
  return fmt::format("{} (features {}, rotated D_est {}, exchange {}, pilot {}, estimator threads {})",
                     gigabytes(total()), gigabytes(features_bytes), gigabytes(rotated_bytes),
                     gigabytes(exchange_bytes), gigabytes(pilot_bytes), gigabytes(workspace_bytes));
}

MemoryPlan plan_bound_memory(std::size_t n_perp, std::size_t n_est, std::size_t m, std::size_t m_pad,
                             std::size_t threads, std::size_t ranks) {
  ranks = std::max<std::size_t>(ranks, 1);
  const std::size_t share = (n_est + ranks - 1) / ranks;
  const std::size_t pilot_rows = std::min(n_perp, std::max<std::size_t>(n_est / 2, 1));
  return {.features_bytes = doubles(n_perp + share, m),
          .rotated_bytes = doubles(share, m_pad),
          .exchange_bytes = ranks > 1 ? 2 * doubles(share, m_pad) : 0,
          .pilot_bytes = doubles(pilot_rows, m_pad),
          .workspace_bytes = std::max<std::size_t>(threads, 1) * kWorkspaceBytesPerThread};
}

std::size_t available_memory_bytes() {
  std::ifstream meminfo("/proc/meminfo");
  std::string line;
  while (std::getline(meminfo, line)) {
    if (line.rfind("MemAvailable:", 0) != 0) continue;
    std::istringstream fields(line.substr(13));
    std::size_t kib = 0;
    if (fields >> kib) return kib * 1024;
  }
  return 0;
}

void check_memory_plan(const MemoryPlan& plan, std::size_t limit_bytes, const std::string& limit_source) {
  if (limit_bytes == 0 || plan.total() <= limit_bytes) return;
  throw InvalidInput(fmt::format("this bound needs about {} more memory but {} is available ({}); give "
                                 "fewer records, fewer threads, more ranks on other machines, or {}",
                                 plan.describe(), gigabytes(limit_bytes), limit_source,
                                 parameter("memory_limit")));
}

std::size_t parse_memory_size(const std::string& text) {
  double value = 0.0;
  const char* first = text.data();
  const char* last = text.data() + text.size();
  const auto [end, error] = std::from_chars(first, last, value);
  const std::string unit = error == std::errc() ? std::string(end, last) : std::string();
  const double scale = unit.empty() ? 1.0
                       : unit == "K" ? 0x1p10
                       : unit == "M" ? 0x1p20
                       : unit == "G" ? 0x1p30
                       : unit == "T" ? 0x1p40
                                     : 0.0;
  const double bytes = value * scale;
  if (error != std::errc() || !(bytes >= 1.0) || !std::isfinite(bytes) || bytes > 0x1p62) {
    throw InvalidInput(fmt::format("{} = '{}' must be a size such as 512M, 8G or a number of bytes",
                                   parameter("memory_limit"), text));
  }
  return static_cast<std::size_t>(bytes);
}

}  // namespace reconbound
