// Raw file access and gzip inflation for the data-set readers.
#include <fmt/format.h>
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <filesystem>
#include <fstream>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound::detail {

std::vector<std::uint8_t> read_file_bytes(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw FileError(fmt::format("{}: no such file (or not a regular file); check the path", path));
  }
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) throw FileError(fmt::format("{}: cannot open the file for reading; check its permissions", path));
  const std::streamoff size = in.tellg();
  if (size < 0) throw FileError(fmt::format("{}: cannot determine the file size", path));
  std::vector<std::uint8_t> bytes(static_cast<std::size_t>(size));
  in.seekg(0);
  if (!in.read(reinterpret_cast<char*>(bytes.data()), size)) {
    throw FileError(fmt::format("{}: read error after {} of {} bytes", path, in.gcount(), size));
  }
  return bytes;
}

namespace {

// Owns a zlib inflate stream so that every exit path releases it.
class Inflater {
 public:
  explicit Inflater(const std::string& origin) {
    // 16 + MAX_WBITS: expect a gzip wrapper (header and CRC-32/size trailer) around deflate data.
    if (inflateInit2(&stream_, 16 + MAX_WBITS) != Z_OK) {
      throw FileError(fmt::format("{}: cannot initialise zlib to inflate the file", origin));
    }
  }
  ~Inflater() { inflateEnd(&stream_); }
  Inflater(const Inflater&) = delete;
  Inflater& operator=(const Inflater&) = delete;
  z_stream& stream() { return stream_; }

 private:
  z_stream stream_{};
};

bool starts_gzip_member(std::span<const std::uint8_t> bytes) {
  return bytes.size() >= 2 && bytes[0] == 0x1F && bytes[1] == 0x8B;
}

// First output buffer size. A gzip member ends with ISIZE, the inflated size mod 2^32
// (RFC 1952 §2.3.1): trusted as a hint, plus one byte so that the end of the stream is seen
// without growing, when it is at most 64 times the input (a file claiming more may be a bomb
// and must earn its memory by actually inflating); otherwise room for a 4:1 ratio. The buffer
// doubles as needed, never beyond max_bytes.
std::size_t initial_output_size(std::span<const std::uint8_t> bytes, std::size_t max_bytes) {
  std::size_t guess = bytes.size() * 4;
  if (bytes.size() >= 18) {  // a 10-byte header and the 8-byte trailer at least
    const std::uint8_t* t = bytes.data() + bytes.size() - 4;
    const std::size_t isize =
        std::size_t{t[0]} | std::size_t{t[1]} << 8 | std::size_t{t[2]} << 16 | std::size_t{t[3]} << 24;
    if (isize <= bytes.size() * 64) guess = isize + 1;
  }
  return std::min(max_bytes, std::max<std::size_t>(guess, 1 << 16));
}

}  // namespace

std::vector<std::uint8_t> gunzip(std::span<const std::uint8_t> bytes, const std::string& origin,
                                 std::size_t max_bytes) {
  Inflater inflater(origin);
  z_stream& zs = inflater.stream();
  std::vector<std::uint8_t> out(initial_output_size(bytes, max_bytes));
  std::size_t consumed = 0, produced = 0;
  for (;;) {
    if (produced == out.size()) {
      if (out.size() >= max_bytes) {
        throw FileError(
            fmt::format("{}: gzip data inflates to more than {} bytes (a decompression bomb or a "
                        "file too large to read); decompress and check it by hand",
                        origin, max_bytes));
      }
      out.resize(std::min(max_bytes, out.size() * 2));
    }
    // zlib counts in 32-bit uInt: hand it at most UINT_MAX bytes at a time.
    zs.next_in = const_cast<Bytef*>(bytes.data() + consumed);
    zs.avail_in = static_cast<uInt>(std::min<std::size_t>(bytes.size() - consumed, UINT_MAX));
    zs.next_out = out.data() + produced;
    zs.avail_out = static_cast<uInt>(std::min<std::size_t>(out.size() - produced, UINT_MAX));
    const int rc = inflate(&zs, Z_NO_FLUSH);
    consumed = static_cast<std::size_t>(zs.next_in - bytes.data());
    produced = static_cast<std::size_t>(zs.next_out - out.data());
    if (rc == Z_STREAM_END) {
      const auto rest = bytes.subspan(consumed);
      if (rest.empty()) break;
      // gzip allows several members back to back (e.g. `cat a.gz b.gz`); anything else is garbage.
      if (!starts_gzip_member(rest)) {
        throw FileError(fmt::format("{}: {} unexpected bytes after the end of the gzip data; the file is corrupt",
                                    origin, rest.size()));
      }
      inflateReset(&zs);
    } else if (rc == Z_BUF_ERROR && zs.avail_in == 0) {
      throw FileError(fmt::format("{}: gzip data ends early (truncated after {} bytes); download the file again",
                                  origin, bytes.size()));
    } else if (rc != Z_OK && rc != Z_BUF_ERROR) {
      throw FileError(fmt::format("{}: corrupt gzip data ({}); download the file again", origin,
                                  zs.msg != nullptr ? zs.msg : zError(rc)));
    }
  }
  out.resize(produced);
  return out;
}

}  // namespace reconbound::detail
