// The bytes of one attack's result (reconbound/attack_result_codec.hpp):
//   magic (u64) | errors: count, doubles | weights: rows, cols, doubles row by row |
//   details: count, (name, double)... | notes: count, strings...
// counts u64, a string its length (u64) and bytes, doubles by their bits (native byte order, as
// the rest of the checkpoint).
#include "reconbound/attack_result_codec.hpp"

#include <cstdint>

#include "reconbound/byte_codec.hpp"

namespace reconbound {

namespace {

constexpr std::uint64_t kMagic = 0x316b6374615f6272ULL;  // "rb_atck1" as little-endian bytes

}  // namespace

std::string encode_attack_result(const AttackResult& result) {
  ByteWriter w;
  w.put(kMagic);
  w.put_size(result.squared_errors.size());
  w.put_doubles(result.squared_errors.data(), result.squared_errors.size());
  w.put_size(static_cast<std::size_t>(result.weights.rows()));
  w.put_size(static_cast<std::size_t>(result.weights.cols()));
  w.put_doubles(result.weights.data(), static_cast<std::size_t>(result.weights.size()));  // row-major
  w.put_size(result.details.size());
  for (const auto& [name, value] : result.details) {
    w.put_string(name);
    w.put(value);
  }
  w.put_size(result.notes.size());
  for (const std::string& note : result.notes) w.put_string(note);
  return w.take();
}

AttackResult decode_attack_result(const std::string& bytes) {
  ByteReader r(bytes, "an attack's stored result", "");
  if (r.get<std::uint64_t>() != kMagic) r.fail();
  AttackResult result;
  result.squared_errors.resize(r.get_count(sizeof(double)));
  r.get_doubles(result.squared_errors.data(), result.squared_errors.size());
  const std::size_t rows = r.get_count(1);
  const std::size_t cols = r.get_count(1);
  if (cols > 0 && rows > r.left() / sizeof(double) / cols) r.fail();  // rows·cols doubles must fit what is left
  result.weights.resize(static_cast<Eigen::Index>(rows), static_cast<Eigen::Index>(cols));
  r.get_doubles(result.weights.data(), rows * cols);
  result.details.resize(r.get_count(sizeof(std::uint64_t) + sizeof(double)));
  for (auto& [name, value] : result.details) {
    name = r.get_string();
    value = r.get<double>();
  }
  result.notes.resize(r.get_count(sizeof(std::uint64_t)));
  for (std::string& note : result.notes) note = r.get_string();
  if (r.left() != 0) r.fail();
  return result;
}

}  // namespace reconbound
