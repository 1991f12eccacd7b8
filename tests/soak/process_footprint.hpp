#pragma once
// What a process holds of the system, read from /proc/self and the allocator: resident memory,
// heap bytes in use, open file descriptors and mapped regions. The soak test compares two
// readings taken at the same point of a repeated workload; a leak of memory, of a descriptor,
// of a mapping or of a loaded library shows as growth.
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace reconbound::test {

struct ProcessFootprint {
  std::size_t resident_bytes = 0;  // /proc/self/statm: resident pages × page size
  std::size_t heap_bytes = 0;      // mallinfo2: bytes malloc has handed out and not got back, before the reading
  std::size_t own_heap_bytes = 0;  // what the reading itself holds on the heap (its regions, tens of KiB)
  std::size_t descriptors = 0;     // entries of /proc/self/fd
  // Lines of /proc/self/maps by permissions and mapped file ("rw-p (anonymous)",
  // "r-xp /usr/lib/x86_64-linux-gnu/libfftw3.so.3.6.10"): a loaded library maps several.
  std::map<std::string, std::size_t> regions;

  std::size_t mapped_regions() const;
};

// The footprint now; memory after malloc_trim(0) has given the allocator's free memory back.
ProcessFootprint measure_footprint();

// How much growth is allowed. A memory limit not given is not checked, and neither are
// anonymous regions when anonymous_regions is false: for an allocator that does not let one
// measure them (AddressSanitizer's, whose quarantine keeps freed memory mapped).
struct GrowthLimits {
  std::optional<std::size_t> resident_bytes;
  std::optional<std::size_t> heap_bytes;
  bool anonymous_regions = true;
};

// Whether glibc keeps freed blocks in per-thread caches (tcache). mallinfo2 counts a block in
// such a cache as in use, so heap bytes in use then vary with what each long-lived thread's
// cache holds: by tens of KiB over the soak's rounds, as much as a small leak adds.
// GLIBC_TUNABLES=glibc.malloc.tcache_count=0, set before the process starts, turns them off.
bool malloc_thread_caches_on();

// How `later` grew beyond `earlier`, one line per problem, none when it did not: more open
// descriptors, more mapped regions of a kind (each kind that grew is named), or memory grown by
// more than its limit. `later` is read while `earlier` is kept: the heap that `earlier` holds is
// not counted as growth.
std::vector<std::string> footprint_growth(const ProcessFootprint& earlier, const ProcessFootprint& later,
                                          const GrowthLimits& limits);

}  // namespace reconbound::test
