#include "process_footprint.hpp"

#include <fmt/format.h>
#include <malloc.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string_view>

namespace reconbound::test {

namespace {

constexpr std::string_view kAnonymous = "(anonymous)";

std::size_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  std::size_t size_pages = 0, resident_pages = 0;
  statm >> size_pages >> resident_pages;
  return resident_pages * static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
}

// The entries of /proc/self/fd, less the one the listing itself holds open.
std::size_t open_descriptors() {
  std::size_t entries = 0;
  for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator("/proc/self/fd")) ++entries;
  return entries - 1;
}

// "PERMISSIONS PATH" of a /proc/self/maps line ("ADDRESSES PERMISSIONS OFFSET DEVICE INODE [PATH]").
std::string region_kind(const std::string& line) {
  std::istringstream fields(line);
  std::string addresses, permissions, offset, device, inode, path;
  fields >> addresses >> permissions >> offset >> device >> inode;
  std::getline(fields >> std::ws, path);
  return permissions + " " + (path.empty() ? std::string(kAnonymous) : path);
}

// Bytes malloc has handed out and not got back, after malloc_trim(0) has given its free memory back.
std::size_t heap_in_use() {
  ::malloc_trim(0);
  const struct mallinfo2 heap = ::mallinfo2();
  return heap.uordblks + heap.hblkhd;
}

std::string mebibytes(std::size_t bytes) { return fmt::format("{:.2f} MiB", static_cast<double>(bytes) / (1 << 20)); }

// Growth and limits below a MiB in bytes: the heap limit is a few KiB.
std::string amount(std::size_t bytes) { return bytes < (1 << 20) ? fmt::format("{} bytes", bytes) : mebibytes(bytes); }

void check_memory(const char* what, std::size_t earlier, std::size_t later, const std::optional<std::size_t>& limit,
                  std::vector<std::string>& problems) {
  if (limit && later > earlier + *limit) {
    problems.push_back(fmt::format("{} grew by {} ({} to {}), more than the {} allowed", what, amount(later - earlier),
                                   mebibytes(earlier), mebibytes(later), amount(*limit)));
  }
}

}  // namespace

std::size_t ProcessFootprint::mapped_regions() const {
  std::size_t total = 0;
  for (const auto& [kind, count] : regions) total += count;
  return total;
}

ProcessFootprint measure_footprint() {
  ProcessFootprint footprint;
  footprint.heap_bytes = heap_in_use();
  footprint.descriptors = open_descriptors();
  {
    std::ifstream maps("/proc/self/maps");
    for (std::string line; std::getline(maps, line);) ++footprint.regions[region_kind(line)];
  }
  footprint.own_heap_bytes = std::max(heap_in_use(), footprint.heap_bytes) - footprint.heap_bytes;
  footprint.resident_bytes = resident_bytes();
  return footprint;
}

bool malloc_thread_caches_on() {
  // A freed block that leaves the bytes in use as they were went to a cache. The pointer is
  // published so that the compiler keeps the allocation.
  static void* volatile block;
  block = std::malloc(64);
  const std::size_t held = ::mallinfo2().uordblks;
  std::free(block);
  return ::mallinfo2().uordblks == held;
}

std::vector<std::string> footprint_growth(const ProcessFootprint& earlier, const ProcessFootprint& later,
                                          const GrowthLimits& limits) {
  std::vector<std::string> problems;
  if (later.descriptors > earlier.descriptors) {
    problems.push_back(fmt::format("open file descriptors grew from {} to {}", earlier.descriptors, later.descriptors));
  }
  for (const auto& [kind, count] : later.regions) {
    if (!limits.anonymous_regions && kind.ends_with(kAnonymous)) continue;
    const auto before = earlier.regions.find(kind);
    const std::size_t had = before == earlier.regions.end() ? 0 : before->second;
    if (count > had) problems.push_back(fmt::format("mapped regions {} grew from {} to {}", kind, had, count));
  }
  check_memory("resident memory", earlier.resident_bytes, later.resident_bytes, limits.resident_bytes, problems);
  check_memory("heap memory in use", earlier.heap_bytes + earlier.own_heap_bytes, later.heap_bytes, limits.heap_bytes,
               problems);
  return problems;
}

}  // namespace reconbound::test
