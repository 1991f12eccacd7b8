#pragma once
// The dither W_{ij,b} ∼ N(0, s² I_k) of eq 31 is s·Z with Z drawn from this stream (mathematics §6).
//
// Counter-based: the stream of block b at block size k is fully determined by
// (seed, k, b), so a block's draws do not depend on which thread or shard computes it, and
// every dither level ν of the same (k, b) shares the same Z (allowed by mathematics §6.3: each
// grid pair is its own statement). Words are SplitMix64 outputs of a counter; normals come
// from the Box–Muller transform, so the numbers are the same on every standard library.
#include <cstdint>

namespace reconbound::goldfeld {

class NormalStream {
 public:
  NormalStream(std::uint64_t seed, std::uint64_t block_size, std::uint64_t block);

  // The next standard normal draw.
  double next();

  // Skips `count` draws: afterwards next() returns what it would have returned after
  // `count` calls. Costs O(1) (the counter jumps), so query tiles start anywhere.
  void discard(std::uint64_t count);

 private:
  std::uint64_t next_word();

  std::uint64_t counter_;
  double spare_ = 0.0;
  bool has_spare_ = false;
};

}  // namespace reconbound::goldfeld
