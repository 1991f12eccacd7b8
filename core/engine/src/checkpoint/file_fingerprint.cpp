// file_fingerprint (reconbound/checkpoint.hpp): what a checkpoint's header records of an input
// file, so that a rerun on a changed file is refused.
#include <fmt/format.h>
#include <sys/stat.h>
#include <zlib.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <vector>

#include "reconbound/checkpoint.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

namespace {

constexpr std::size_t kPieces = 16;
constexpr std::size_t kPieceBytes = 4096;

std::string regular_file_fingerprint(const std::filesystem::path& path) {
  struct stat status {};
  std::ifstream in(path, std::ios::binary);
  if (::stat(path.c_str(), &status) != 0 || !in) {
    throw FileError(fmt::format("{}: cannot read it to fingerprint it", path.string()));
  }
  const auto size = static_cast<std::uintmax_t>(status.st_size);
  uLong crc = crc32(0L, Z_NULL, 0);
  std::vector<char> piece(kPieceBytes);
  const std::uintmax_t span = size > kPieceBytes ? size - kPieceBytes : 0;
  for (std::size_t i = 0; i < kPieces; ++i) {
    in.seekg(static_cast<std::streamoff>(span * i / (kPieces - 1)));
    in.read(piece.data(), static_cast<std::streamsize>(piece.size()));
    const auto got = static_cast<uInt>(in.gcount());
    in.clear();
    crc = crc32(crc, reinterpret_cast<const Bytef*>(piece.data()), got);
  }
  return fmt::format("{} bytes, modified {}.{:09} s after 1970, sampled CRC-32 {:08x}", size,
                     static_cast<long long>(status.st_mtim.tv_sec), static_cast<long>(status.st_mtim.tv_nsec),
                     static_cast<std::uint32_t>(crc));
}

}  // namespace

std::string file_fingerprint(const std::string& path) {
  if (!std::filesystem::is_directory(path)) return regular_file_fingerprint(path);
  // The folder's files and those of its sub-folders (png:DIR's class folders), by path within it.
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(path)) {
    if (entry.is_regular_file()) files.push_back(entry.path());
  }
  std::sort(files.begin(), files.end());
  uLong crc = crc32(0L, Z_NULL, 0);
  for (const auto& file : files) {
    const std::string name = std::filesystem::relative(file, path).string();
    const std::string line = name + ": " + regular_file_fingerprint(file) + "\n";
    crc = crc32(crc, reinterpret_cast<const Bytef*>(line.data()), static_cast<uInt>(line.size()));
  }
  return fmt::format("{} files, CRC-32 of their fingerprints {:08x}", files.size(), static_cast<std::uint32_t>(crc));
}

}  // namespace reconbound
