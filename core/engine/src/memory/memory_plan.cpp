#include "reconbound/memory_plan.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <sstream>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

std::size_t doubles(std::size_t rows, std::size_t cols) { return rows * cols * sizeof(double); }

std::string gigabytes(std::size_t bytes) {
  const double b = static_cast<double>(bytes);
  return b >= 1e9 ? fmt::format("{:.2f} GB", b / 1e9)
         : b >= 1e6 ? fmt::format("{:.1f} MB", b / 1e6)
                    : fmt::format("{:.1f} kB", b / 1e3);
}

}  // namespace

std::string MemoryPlan::describe() const {
  // The terms that count for this job, in the order they are allocated.
  const std::pair<const char*, std::size_t> terms[] = {
      {"records", records_bytes},   {"features", features_bytes},  {"rotation", rotation_bytes},
      {"stream", stream_bytes},     {"rotated D_est", rotated_bytes}, {"pilot", pilot_bytes},
      {"exchange", exchange_bytes}, {"estimator threads", workspace_bytes}};
  std::string parts;
  for (const auto& [name, bytes] : terms) {
    if (bytes == 0) continue;
    parts += fmt::format("{}{} {}", parts.empty() ? "" : ", ", name, gigabytes(bytes));
  }
  return fmt::format("{} ({})", gigabytes(total()), parts);
}

MemoryPlan plan_bound_memory(const BoundSizes& s) {
  const std::size_t ranks = std::max<std::size_t>(s.ranks, 1);
  const std::size_t threads = std::max<std::size_t>(s.threads, 1);
  const std::size_t share = (s.n_est + ranks - 1) / ranks;
  const std::size_t pilot_rows = std::min(s.n_perp, std::max<std::size_t>(s.n_est / 2, 1));
  const bool mapped = s.mapped_record_bytes > 0;
  // A window of the stream: Ψ of it (unless it is written straight into the kept Ψ(D_est)), and
  // from a mapped file its decoded records and the file pages they came from; then the z_i of
  // the UCB (mathematics §6.5), one double per record of D_est.
  const std::size_t window = std::min(s.window, std::max(s.n_perp, share));
  const std::size_t window_bytes = (s.keeps_est_features ? 0 : doubles(window, s.m)) +
                                   (mapped ? doubles(window, s.d) + window * s.mapped_record_bytes : 0);
  const std::size_t rotated = doubles(share, s.m_pad);
  const std::size_t received = s.window_columns ? doubles(s.n_est, *s.window_columns) : doubles(share, s.m_pad);
  const std::size_t exchange = ranks > 1 ? doubles(share, s.m_pad) + received : 0;
  // Ψ(D⊥) is let go before the rotated D_est and the exchange are allocated unless the frame
  // keeps Ψ(D_est) too: then it counts only by as much as it is larger than they are.
  const std::size_t perp_features = doubles(s.n_perp, s.m);
  const std::size_t features = s.keeps_est_features ? perp_features + doubles(share, s.m)
                                                    : perp_features - std::min(perp_features, rotated + exchange);
  return {.features_bytes = features,
          .rotated_bytes = rotated,
          .exchange_bytes = exchange,
          .pilot_bytes = s.pilot ? doubles(pilot_rows, s.m_pad) : 0,
          .workspace_bytes = threads * kWorkspaceBytesPerThread,
          .records_bytes = mapped ? s.resident_file_bytes : doubles(s.n_perp + s.n_est, s.d),
          .stream_bytes = window_bytes + doubles(s.n_est, 1),
          .rotation_bytes = s.eigenbasis ? 3 * doubles(s.m, s.m) : 0};
}

MemoryPlan plan_bound_memory(std::size_t n_perp, std::size_t n_est, std::size_t m, std::size_t m_pad,
                             std::size_t threads, std::size_t ranks) {
  return plan_bound_memory(
      BoundSizes{.n_perp = n_perp, .n_est = n_est, .m = m, .m_pad = m_pad, .threads = threads, .ranks = ranks});
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

}  // namespace reconbound
