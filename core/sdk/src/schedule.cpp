#include "reconbound/schedule.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <limits>
#include <fstream>
#include <sstream>

#include "reconbound/error.hpp"

namespace reconbound {

Schedule Schedule::constant(double q, double sigma, std::uint64_t steps) {
  return Schedule{{TrainingRun{{Segment{q, sigma, steps}}}}};
}

std::uint64_t Schedule::total_steps() const {
  std::uint64_t total = 0;
  for (const auto& run : runs) {
    for (const auto& s : run.segments) total += s.steps;
  }
  return total;
}

Schedule Schedule::with_noise_scale(double factor) const {
  Schedule scaled = *this;
  for (auto& run : scaled.runs) {
    for (auto& s : run.segments) s.sigma *= factor;
  }
  return scaled;
}

std::pair<double, double> Schedule::sigma_range() const {
  double lo = std::numeric_limits<double>::infinity();
  double hi = 0.0;
  for (const auto& run : runs) {
    for (const auto& s : run.segments) {
      lo = std::min(lo, s.sigma);
      hi = std::max(hi, s.sigma);
    }
  }
  return {lo, hi};
}

bool Schedule::empty() const { return total_steps() == 0; }

namespace {

std::string named(std::string_view name, double value, SegmentNaming naming) {
  return naming == SegmentNaming::parameters ? parameter(name, value) : fmt::format("{} = {}", name, value);
}

}  // namespace

std::string segment_problem(double q, double sigma, double steps, SegmentNaming naming) {
  if (!(q > 0.0 && q <= 1.0)) return named("q", q, naming) + " is outside (0, 1]";
  if (!(sigma > 0.0)) return named("sigma", sigma, naming) + " must be > 0";
  if (!std::isfinite(sigma)) return named("sigma", sigma, naming) + " must be finite";
  if (!(steps >= 1.0)) return named("steps", steps, naming) + " must be >= 1";
  if (steps != std::floor(steps) || std::isinf(steps)) return named("steps", steps, naming) + " must be a whole number";
  return {};
}

void check_segment(double q, double sigma, double steps) {
  if (auto problem = segment_problem(q, sigma, steps, SegmentNaming::parameters); !problem.empty()) {
    throw InvalidInput(std::move(problem));
  }
}

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

template <class T>
bool parse_field(std::string_view text, T& out) {
  text = trim(text);
  const auto* end = text.data() + text.size();
  auto [ptr, ec] = std::from_chars(text.data(), end, out);
  return !text.empty() && ec == std::errc() && ptr == end;
}

}  // namespace

TrainingRun parse_schedule_csv(const std::string& text, const std::string& origin) {
  TrainingRun run;
  std::istringstream lines(text);
  std::string raw;
  std::size_t line_no = 0;
  while (std::getline(lines, raw)) {
    ++line_no;
    std::string_view line = raw;
    if (const auto hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
    line = trim(line);
    if (line.empty()) continue;
    if (run.segments.empty() && line.rfind("q", 0) == 0) continue;  // header row
    auto where = [&] { return fmt::format("{}:{}", origin, line_no); };
    const auto c1 = line.find(',');
    const auto c2 = c1 == std::string_view::npos ? c1 : line.find(',', c1 + 1);
    if (c2 == std::string_view::npos || line.find(',', c2 + 1) != std::string_view::npos) {
      throw FileError(fmt::format("{}: expected 3 comma-separated fields 'q,sigma,steps', got '{}'",
                                  where(), line));
    }
    Segment s;
    if (!parse_field(line.substr(0, c1), s.q)) throw FileError(fmt::format("{}: q is not a finite number", where()));
    if (!parse_field(line.substr(c1 + 1, c2 - c1 - 1), s.sigma)) {
      throw FileError(fmt::format("{}: sigma is not a finite number", where()));
    }
    if (!parse_field(line.substr(c2 + 1), s.steps)) {
      throw FileError(fmt::format("{}: steps is not a whole number ≥ 1", where()));
    }
    const auto problem = segment_problem(s.q, s.sigma, static_cast<double>(s.steps), SegmentNaming::fields);
    if (!problem.empty()) throw FileError(fmt::format("{}: {}", where(), problem));
    run.segments.push_back(s);
  }
  if (run.segments.empty()) throw FileError(fmt::format("{}: the schedule has no rows", origin));
  return run;
}

TrainingRun read_schedule_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw FileError(fmt::format("{}: cannot open the schedule file", path));
  std::stringstream buffer;
  buffer << in.rdbuf();
  return parse_schedule_csv(buffer.str(), path);
}

}  // namespace reconbound
