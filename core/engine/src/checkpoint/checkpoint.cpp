// The checkpoint file (reconbound/checkpoint.hpp, docs/checkpoints.md): a header written once
// by an atomic rename, then durable appends of CRC-checked work items.
#include "reconbound/checkpoint.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>
#include <zlib.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>

#include "checkpoint_header.hpp"
#include "reconbound/error.hpp"

namespace reconbound {

namespace {

constexpr char kItemMagic[4] = {'I', 'T', 'E', 'M'};
constexpr std::size_t kItemHead = 4 + 4 + 8;  // magic, key bytes, payload bytes
constexpr std::size_t kItemTail = 4;          // CRC-32

std::uint32_t crc_of(const char* data, std::size_t size) {
  uLong crc = crc32(0L, Z_NULL, 0);
  while (size > 0) {  // zlib takes at most uInt bytes a call
    const auto piece = static_cast<uInt>(std::min<std::size_t>(size, 1U << 30));
    crc = crc32(crc, reinterpret_cast<const Bytef*>(data), piece);
    data += piece;
    size -= piece;
  }
  return static_cast<std::uint32_t>(crc);
}

void put_le(std::string& out, std::uint64_t value, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<char>((value >> (8 * i)) & 0xff));
}

std::uint64_t get_le(const char* at, int bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < bytes; ++i) value |= std::uint64_t{static_cast<unsigned char>(at[i])} << (8 * i);
  return value;
}

[[noreturn]] void fail_io(const std::string& path, const char* what) {
  throw FileError(fmt::format("checkpoint {}: cannot {} ({})", path, what, std::strerror(errno)));
}

void write_all(int fd, const std::string& bytes, const std::string& path) {
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) fail_io(path, "write");
    written += static_cast<std::size_t>(n);
  }
}

std::string read_all(int fd, const std::string& path) {
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail_io(path, "read");
    if (n == 0) return bytes;
    bytes.append(buffer, static_cast<std::size_t>(n));
  }
}

// The folder's entry for a renamed file is durable once the folder itself is synced.
void sync_folder_of(const std::string& path) {
  const std::filesystem::path folder = std::filesystem::absolute(path).parent_path();
  const int fd = ::open(folder.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) fail_io(path, "open its folder");
  const int rc = ::fsync(fd);
  ::close(fd);
  if (rc != 0) fail_io(path, "sync its folder");
}

}  // namespace

Checkpoint::Checkpoint(std::string path, const Fingerprint& fingerprint) : path_(std::move(path)) {
  if (path_.empty()) throw InvalidInput("the checkpoint path is empty");
  if (!std::filesystem::exists(path_)) create(fingerprint);
  fd_ = ::open(path_.c_str(), O_RDWR | O_CLOEXEC);
  if (fd_ < 0) fail_io(path_, "open");
  if (::flock(fd_, LOCK_EX | LOCK_NB) != 0) {
    ::close(fd_);
    throw InvalidInput(fmt::format("checkpoint {} is in use by another run; wait for it or give another {} file",
                                   path_, parameter("checkpoint")));
  }
  try {
    read_existing(fingerprint);
  } catch (...) {
    ::close(fd_);
    throw;
  }
}

Checkpoint::~Checkpoint() {
  if (fd_ >= 0) ::close(fd_);
}

void Checkpoint::create(const Fingerprint& fingerprint) {
  // Written beside the target and renamed into place: a crash leaves no half header.
  const std::string temporary = fmt::format("{}.new-{}", path_, ::getpid());
  const int fd = ::open(temporary.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) fail_io(path_, "create");
  try {
    write_all(fd, checkpoint_header_text(fingerprint), temporary);
    if (::fsync(fd) != 0) fail_io(path_, "sync");
  } catch (...) {
    ::close(fd);
    ::unlink(temporary.c_str());
    throw;
  }
  ::close(fd);
  if (::rename(temporary.c_str(), path_.c_str()) != 0) {
    ::unlink(temporary.c_str());
    fail_io(path_, "rename its new header into place");
  }
  sync_folder_of(path_);
}

void Checkpoint::read_existing(const Fingerprint& fingerprint) {
  const std::string bytes = read_all(fd_, path_);
  std::size_t at = check_checkpoint_header(bytes, fingerprint, path_);
  // Records until the first one that is short or fails its CRC: that one and anything after
  // it is a torn write, cut off.
  while (at + kItemHead + kItemTail <= bytes.size() && std::memcmp(bytes.data() + at, kItemMagic, 4) == 0) {
    const std::uint64_t key_size = get_le(bytes.data() + at + 4, 4);
    const std::uint64_t payload_size = get_le(bytes.data() + at + 8, 8);
    const std::size_t left = bytes.size() - at - kItemHead - kItemTail;
    if (key_size > left || payload_size > left - key_size) break;
    const std::size_t body = kItemHead + key_size + payload_size;
    if (get_le(bytes.data() + at + body, 4) != crc_of(bytes.data() + at, body)) break;
    const char* key = bytes.data() + at + kItemHead;
    items_.insert_or_assign(std::string(key, key_size), std::string(key + key_size, payload_size));
    at += body + kItemTail;
  }
  restored_ = items_.size();
  torn_bytes_ = bytes.size() - at;
  if (torn_bytes_ > 0 && ::ftruncate(fd_, static_cast<off_t>(at)) != 0) fail_io(path_, "cut off its torn last record");
  if (::lseek(fd_, 0, SEEK_END) < 0) fail_io(path_, "seek");
}

std::optional<std::string> Checkpoint::find(const std::string& key) const {
  const auto it = items_.find(key);
  if (it == items_.end()) return std::nullopt;
  ++found_;
  return it->second;
}

void Checkpoint::store(const std::string& key, const std::string& payload) {
  std::string record(kItemMagic, 4);
  put_le(record, key.size(), 4);
  put_le(record, payload.size(), 8);
  record += key;
  record += payload;
  put_le(record, crc_of(record.data(), record.size()), 4);
  write_all(fd_, record, path_);
  if (::fdatasync(fd_) != 0) fail_io(path_, "sync");
  items_.insert_or_assign(key, payload);
}

std::string checkpoint_path_of_rank(const std::string& path, std::size_t rank, std::size_t ranks) {
  return ranks <= 1 ? path : fmt::format("{}.rank{}-of-{}", path, rank, ranks);
}

}  // namespace reconbound
