#pragma once
// Bytes of the records core keeps or sends (checkpoint items, ranks' shares): numbers by their
// bits (native byte order: a checkpoint is read back on the machine kind that wrote it, and the
// ranks of one job share it), counts as u64, a string as its length and bytes. The reader
// checks every length against the bytes left, so a malformed record is refused, never read past.
#include <fmt/format.h>

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>

#include "reconbound/error.hpp"

namespace reconbound {

class ByteWriter {
 public:
  template <typename T>
  void put(T value) {
    static_assert(std::is_trivially_copyable_v<T>);
    out_.append(reinterpret_cast<const char*>(&value), sizeof(T));
  }
  void put_size(std::size_t value) { put(static_cast<std::uint64_t>(value)); }
  void put_doubles(const double* values, std::size_t count) {
    if (count > 0) out_.append(reinterpret_cast<const char*>(values), count * sizeof(double));
  }
  void put_string(const std::string& text) {
    put_size(text.size());
    out_ += text;
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class ByteReader {
 public:
  // `what`: the record, for the error ("an attack's stored result"); `advice`: what to do, or empty.
  ByteReader(const std::string& bytes, std::string_view what, std::string_view advice)
      : bytes_(bytes), what_(what), advice_(advice) {}
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
    if (count > left() / item_bytes) fail();
    return static_cast<std::size_t>(count);
  }
  void get_doubles(double* values, std::size_t count) {
    if (count == 0) return;
    if (count > left() / sizeof(double)) fail();
    std::memcpy(values, bytes_.data() + at_, count * sizeof(double));
    at_ += count * sizeof(double);
  }
  std::string get_string() {
    const std::size_t size = get_count(1);
    std::string text = bytes_.substr(at_, size);
    at_ += size;
    return text;
  }
  std::size_t left() const { return bytes_.size() - at_; }
  // InvalidInput "<what> is malformed (<n> bytes, stopped at byte <i>)[; <advice>]".
  [[noreturn]] void fail() const {
    throw InvalidInput(fmt::format("{} is malformed ({} bytes, stopped at byte {}){}{}", what_, bytes_.size(), at_,
                                   advice_.empty() ? "" : "; ", advice_));
  }

 private:
  void need(std::size_t size) const {
    if (left() < size) fail();
  }
  const std::string& bytes_;
  std::string_view what_;
  std::string_view advice_;
  std::size_t at_ = 0;
};

}  // namespace reconbound
