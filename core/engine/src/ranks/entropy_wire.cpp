#include "entropy_wire.hpp"

#include <cstdint>

#include "reconbound/byte_codec.hpp"

namespace reconbound {

namespace {

constexpr std::uint64_t kMagic = 0x72625f656e747233ULL;  // "rb_entr3"

}  // namespace

std::string encode_entropies(const std::vector<GridEntropy>& results) {
  ByteWriter w;
  w.put(kMagic);
  w.put_size(results.size());
  for (const GridEntropy& r : results) {
    w.put_size(r.pair.k);
    w.put(r.pair.nu2);
    w.put(r.s);
    w.put_size(r.n);
    w.put(r.h_point);
    w.put(r.t_num);
    w.put(r.h_lb);
    w.put(static_cast<std::uint8_t>(r.complete));
    w.put_string(r.computed_on);
    w.put_size(r.details.size());
    for (const EstimateDetail& d : r.details) {
      w.put_string(d.name);
      w.put(d.value);
      w.put(static_cast<std::uint8_t>(d.count));
    }
    w.put_size(r.blocks.size());
    for (const BlockEntropy& b : r.blocks) {
      w.put_size(b.block);
      w.put(b.h_point_bits);
      w.put(b.numerical_error_bits);
      w.put_size(b.part_begin);
      w.put_size(b.part_end);
      w.put_size(b.partial.size());
      w.put_doubles(b.partial.data(), b.partial.size());
    }
  }
  return w.take();
}

std::vector<GridEntropy> decode_entropies(const std::string& bytes) {
  ByteReader r(bytes, "a rank's share of the estimate", "every rank must run the same reconbound");
  if (r.get<std::uint64_t>() != kMagic) r.fail();
  std::vector<GridEntropy> results(r.get_count(8));
  for (GridEntropy& e : results) {
    e.pair.k = static_cast<std::size_t>(r.get<std::uint64_t>());
    e.pair.nu2 = r.get<double>();
    e.s = r.get<double>();
    e.n = static_cast<std::size_t>(r.get<std::uint64_t>());
    e.h_point = r.get<double>();
    e.t_num = r.get<double>();
    e.h_lb = r.get<double>();
    e.complete = r.get<std::uint8_t>() != 0;
    e.computed_on = r.get_string();
    e.details.resize(r.get_count(17));
    for (EstimateDetail& d : e.details) {
      d.name = r.get_string();
      d.value = r.get<double>();
      d.count = r.get<std::uint8_t>() != 0;
    }
    e.blocks.resize(r.get_count(48));
    for (BlockEntropy& b : e.blocks) {
      b.block = static_cast<std::size_t>(r.get<std::uint64_t>());
      b.h_point_bits = r.get<double>();
      b.numerical_error_bits = r.get<double>();
      b.part_begin = static_cast<std::size_t>(r.get<std::uint64_t>());
      b.part_end = static_cast<std::size_t>(r.get<std::uint64_t>());
      b.partial.resize(r.get_count(sizeof(double)));
      r.get_doubles(b.partial.data(), b.partial.size());
    }
  }
  if (r.left() != 0) r.fail();
  return results;
}

}  // namespace reconbound
