#pragma once
// Small, independent writers for the data-set tests: IDX, NPY, PNG (built by hand with zlib,
// not with the OpenCV codec under test) and gzip, plus a self-deleting temporary folder and a
// check that a call throws the expected exception with a message naming the problem.
#include <gtest/gtest.h>

#include "../support/temp_dir.hpp"
#include <unistd.h>
#include <zlib.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace reconbound::test {

using Bytes = std::vector<std::uint8_t>;

inline void write_file(const std::string& path, const Bytes& bytes) {
  std::ofstream out(path, std::ios::binary);
  out.write(reinterpret_cast<const char*>(bytes.data()), static_cast<std::streamsize>(bytes.size()));
  ASSERT_TRUE(out.good()) << path;
}

inline void append_be32(Bytes& out, std::uint32_t v) {
  for (int shift = 24; shift >= 0; shift -= 8) out.push_back(static_cast<std::uint8_t>(v >> shift));
}

// Appends the bytes of a trivially copyable value in big- or little-endian order.
template <class T>
void append_value(Bytes& out, T value, bool big_endian) {
  std::uint8_t raw[sizeof(T)];
  std::memcpy(raw, &value, sizeof(T));
  const std::uint16_t probe = 1;
  const bool host_little = *reinterpret_cast<const std::uint8_t*>(&probe) == 1;
  for (std::size_t i = 0; i < sizeof(T); ++i) {
    const std::size_t k = (big_endian == host_little) ? sizeof(T) - 1 - i : i;
    out.push_back(raw[k]);
  }
}

// An IDX file: 00 00 type ndims, big-endian dims, then the payload as given.
inline Bytes idx_bytes(std::uint8_t type, const std::vector<std::uint32_t>& dims, const Bytes& payload) {
  Bytes out = {0, 0, type, static_cast<std::uint8_t>(dims.size())};
  for (const auto d : dims) append_be32(out, d);
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

// An NPY file of the given version around a header dict text (padded with spaces and '\n' to
// a multiple of 64 bytes, as NumPy does) and the payload as given.
inline Bytes npy_bytes(const std::string& dict, const Bytes& payload, int major = 1) {
  const std::size_t prefix = major == 1 ? 10 : 12;
  std::string header = dict;
  while ((prefix + header.size() + 1) % 64 != 0) header.push_back(' ');
  header.push_back('\n');
  Bytes out = {0x93, 'N', 'U', 'M', 'P', 'Y', static_cast<std::uint8_t>(major), 0};
  const auto length = static_cast<std::uint32_t>(header.size());
  for (std::size_t i = 0; i < (major == 1 ? 2u : 4u); ++i) out.push_back(static_cast<std::uint8_t>(length >> (8 * i)));
  out.insert(out.end(), header.begin(), header.end());
  out.insert(out.end(), payload.begin(), payload.end());
  return out;
}

inline std::string npy_dict(const std::string& descr, const std::string& shape, bool fortran = false) {
  return "{'descr': '" + descr + "', 'fortran_order': " + (fortran ? "True" : "False") + ", 'shape': " + shape + ", }";
}

// One gzip member holding bytes (zlib deflate with the gzip wrapper, windowBits 16 + 15).
inline Bytes gzip_bytes(const Bytes& bytes) {
  z_stream zs{};
  EXPECT_EQ(deflateInit2(&zs, Z_BEST_SPEED, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY), Z_OK);
  Bytes out(deflateBound(&zs, static_cast<uLong>(bytes.size())) + 64);
  zs.next_in = const_cast<Bytef*>(bytes.data());
  zs.avail_in = static_cast<uInt>(bytes.size());
  zs.next_out = out.data();
  zs.avail_out = static_cast<uInt>(out.size());
  EXPECT_EQ(deflate(&zs, Z_FINISH), Z_STREAM_END);
  out.resize(zs.total_out);
  deflateEnd(&zs);
  return out;
}

// The decompressed file through zlib's gz* API, independent of the readers under test; empty
// when the file cannot be opened.
inline Bytes gzread_all(const std::string& path) {
  Bytes out;
  gzFile f = gzopen(path.c_str(), "rb");
  if (f == nullptr) return out;
  std::uint8_t buffer[1 << 16];
  int got = 0;
  while ((got = gzread(f, buffer, sizeof buffer)) > 0) out.insert(out.end(), buffer, buffer + got);
  gzclose(f);
  return out;
}

// A PNG written by hand: signature, IHDR, the chunks of `ancillary` (e.g. PLTE, tRNS), one
// zlib IDAT (filter 0 on every row), IEND. color_type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha,
// 6 RGBA; samples are in file order (R, G, B, A; palette indices), big-endian when bit_depth is
// 16, packed from the high bits of each byte when it is below 8.
inline Bytes png_bytes(std::uint32_t width, std::uint32_t height, std::uint8_t color_type,
                       const std::vector<std::uint16_t>& samples, std::uint8_t bit_depth = 8,
                       const std::vector<std::pair<std::string, Bytes>>& ancillary = {}) {
  Bytes out = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  auto chunk = [&out](const std::string& type, const Bytes& data) {
    append_be32(out, static_cast<std::uint32_t>(data.size()));
    Bytes body(type.begin(), type.end());
    body.insert(body.end(), data.begin(), data.end());
    out.insert(out.end(), body.begin(), body.end());
    append_be32(out, static_cast<std::uint32_t>(crc32(0, body.data(), static_cast<uInt>(body.size()))));
  };
  Bytes ihdr;
  append_be32(ihdr, width);
  append_be32(ihdr, height);
  ihdr.insert(ihdr.end(), {bit_depth, color_type, 0, 0, 0});
  chunk("IHDR", ihdr);
  for (const auto& [type, data] : ancillary) chunk(type, data);
  const std::size_t per_pixel = color_type == 2 ? 3 : color_type == 4 ? 2 : color_type == 6 ? 4 : 1;
  Bytes raw;
  for (std::uint32_t y = 0; y < height; ++y) {
    raw.push_back(0);  // filter type None
    int free_bits = 0;  // bits left in the last byte of a row packed below 8 bits
    for (std::size_t i = 0; i < width * per_pixel; ++i) {
      const std::uint16_t s = samples[y * width * per_pixel + i];
      if (bit_depth < 8) {
        if (free_bits == 0) {
          raw.push_back(0);
          free_bits = 8;
        }
        free_bits -= bit_depth;
        raw.back() = static_cast<std::uint8_t>(raw.back() | (s << free_bits));
        continue;
      }
      if (bit_depth == 16) raw.push_back(static_cast<std::uint8_t>(s >> 8));
      raw.push_back(static_cast<std::uint8_t>(s & 0xFF));
    }
  }
  uLongf packed_size = compressBound(static_cast<uLong>(raw.size()));
  Bytes packed(packed_size);
  EXPECT_EQ(compress(packed.data(), &packed_size, raw.data(), static_cast<uLong>(raw.size())), Z_OK);
  packed.resize(packed_size);
  chunk("IDAT", packed);
  chunk("IEND", {});
  return out;
}

// Expects call() to throw exactly an E (or a subclass) whose message contains every fragment.
template <class E>
void expect_error(const std::function<void()>& call, const std::vector<std::string>& fragments) {
  try {
    call();
    ADD_FAILURE() << "expected an exception, none was thrown";
  } catch (const E& e) {
    const std::string message = e.what();
    for (const auto& fragment : fragments) {
      EXPECT_NE(message.find(fragment), std::string::npos) << "message '" << message << "' lacks '" << fragment << "'";
    }
  } catch (const std::exception& e) {
    ADD_FAILURE() << "wrong exception type: " << e.what();
  }
}

}  // namespace reconbound::test
