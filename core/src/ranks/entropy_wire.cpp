#include "entropy_wire.hpp"

#include <fmt/format.h>

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "reconbound/error.hpp"

namespace reconbound {

namespace {

constexpr std::uint64_t kMagic = 0x72625f656e747231ULL;  // "rb_entr1"

class Writer {
 public:
  template <typename T>
  void put(T value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* bytes = reinterpret_cast<const char*>(&value);
    out_.append(bytes, sizeof(T));
  }
  void put_size(std::size_t value) { put(static_cast<std::uint64_t>(value)); }
  void put_string(const std::string& text) {
    put_size(text.size());
    out_ += text;
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  explicit Reader(const std::string& bytes) : bytes_(bytes) {}
  template <typename T>
  T get() {
    static_assert(std::is_trivially_copyable_v<T>);
    need(sizeof(T));
    T value;
    std::memcpy(&value, bytes_.data() + at_, sizeof(T));
    at_ += sizeof(T);
    return value;
  }
  // A count of items of at least `item_bytes` each: never more than the bytes left could hold.
  std::size_t get_count(std::size_t item_bytes) {
    const auto count = get<std::uint64_t>();
    if (count > (bytes_.size() - at_) / item_bytes) fail();
    return static_cast<std::size_t>(count);
  }
  std::string get_string() {
    const std::size_t size = get_count(1);
    std::string text = bytes_.substr(at_, size);
    at_ += size;
    return text;
  }
  bool done() const { return at_ == bytes_.size(); }
  [[noreturn]] void fail() const {
    throw InvalidInput(fmt::format("a rank's share of the estimate is malformed ({} bytes, stopped at byte {}); "
                                   "every rank must run the same reconbound",
                                   bytes_.size(), at_));
  }

 private:
  void need(std::size_t size) const {
    if (bytes_.size() - at_ < size) fail();
  }
  const std::string& bytes_;
  std::size_t at_ = 0;
};

}  // namespace

std::string encode_entropies(const std::vector<GridEntropy>& results) {
  Writer w;
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
    }
  }
  return w.take();
}

std::vector<GridEntropy> decode_entropies(const std::string& bytes) {
  Reader r(bytes);
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
    e.details.resize(r.get_count(17));
    for (EstimateDetail& d : e.details) {
      d.name = r.get_string();
      d.value = r.get<double>();
      d.count = r.get<std::uint8_t>() != 0;
    }
    e.blocks.resize(r.get_count(24));
    for (BlockEntropy& b : e.blocks) {
      b.block = static_cast<std::size_t>(r.get<std::uint64_t>());
      b.h_point_bits = r.get<double>();
      b.numerical_error_bits = r.get<double>();
    }
  }
  if (!r.done()) r.fail();
  return results;
}

}  // namespace reconbound
