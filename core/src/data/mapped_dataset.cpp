// An .npy file mapped read-only (mmap, MAP_PRIVATE) instead of read into a buffer: the kernel
// pages the records in as they are decoded, and madvise(MADV_DONTNEED) drops the pages again,
// so a data set larger than memory takes only the records being decoded (docs/memory.md).
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <vector>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "records.hpp"

namespace reconbound {

namespace {

// Pages decoded are dropped at least this often, so that even one long run of records (a whole
// file read by read_npy) never holds more of the file than this.
constexpr std::size_t kReleaseBytes = std::size_t{16} << 20;

// The open file, closed on every path out of open_npy (the mapping outlives it).
class FileDescriptor {
 public:
  explicit FileDescriptor(int fd) : fd_(fd) {}
  ~FileDescriptor() {
    if (fd_ >= 0) ::close(fd_);
  }
  FileDescriptor(const FileDescriptor&) = delete;
  FileDescriptor& operator=(const FileDescriptor&) = delete;
  int get() const { return fd_; }

 private:
  int fd_;
};

}  // namespace

struct MappedDataset::Mapping {
  void* base = nullptr;
  std::size_t length = 0;
  std::string path, source;
  detail::NpyArray array{};

  Mapping() = default;
  Mapping(const Mapping&) = delete;
  Mapping& operator=(const Mapping&) = delete;
  ~Mapping() {
    if (base != nullptr) ::munmap(base, length);
  }

  std::span<const std::uint8_t> bytes() const {
    return {static_cast<const std::uint8_t*>(base), base != nullptr ? length : 0};
  }
  // Drops the pages holding bytes [first, last) of the data out of this process; they are read
  // from the file again (the page cache) if touched later. The range is widened to whole pages.
  void release(std::size_t first, std::size_t last) const {
    if (last <= first) return;
    static const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const auto offset = static_cast<std::size_t>(array.data.data() - static_cast<const std::uint8_t*>(base));
    const std::size_t begin = (offset + first) / page * page;
    const std::size_t end = std::min(length, (offset + last + page - 1) / page * page);
    // Only advice: a failure leaves the pages resident, never changes what is read.
    if (end > begin) ::madvise(static_cast<std::uint8_t*>(base) + begin, end - begin, MADV_DONTNEED);
  }
  // Decodes every value once, a slice of the file at a time whose pages are dropped again: a
  // file with a NaN or an infinity is refused when it is opened, as read_npy refuses it
  // (FileError naming the record), not part-way through a bound. Bytes need no such check.
  void check_finite() const {
    if (array.type == detail::ElementType::uint8) return;
    constexpr std::size_t kSliceBytes = std::size_t{1} << 20;
    const std::size_t d = array.layout.shape.size();
    const std::size_t width = d * detail::element_size(array.type);
    const std::size_t per_slice = std::max<std::size_t>(1, kSliceBytes / width);
    std::vector<double> values(per_slice * d);
    for (std::size_t first = 0; first < array.layout.n_records; first += per_slice) {
      const std::size_t count = std::min(per_slice, array.layout.n_records - first);
      detail::decode_values(array.data.subspan(first * width, count * width), array.type, array.big_endian, d,
                            values.data(), path, first);
      release(first * width, (first + count) * width);
    }
  }
};

MappedDataset::MappedDataset(std::unique_ptr<Mapping> mapping) : mapping_(std::move(mapping)) {}
MappedDataset::~MappedDataset() = default;

std::shared_ptr<const MappedDataset> MappedDataset::open_npy(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) {
    throw FileError(fmt::format("{}: no such file (or not a regular file); check the path", path));
  }
  const FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  if (fd.get() < 0) throw FileError(fmt::format("{}: cannot open the file for reading; check its permissions", path));
  struct stat info {};
  if (::fstat(fd.get(), &info) != 0 || info.st_size < 0) {
    throw FileError(fmt::format("{}: cannot determine the file size", path));
  }
  auto mapping = std::make_unique<Mapping>();
  mapping->path = path;
  mapping->source = "npy:" + path;
  mapping->length = static_cast<std::size_t>(info.st_size);
  if (mapping->length > 0) {  // an empty file has nothing to map; the header check refuses it
    void* base = ::mmap(nullptr, mapping->length, PROT_READ, MAP_PRIVATE, fd.get(), 0);
    if (base == MAP_FAILED) {
      throw FileError(fmt::format("{}: cannot map the file into memory ({})", path, std::strerror(errno)));
    }
    mapping->base = base;
  }
  mapping->array = detail::parse_npy_header(mapping->bytes(), path);
  mapping->check_finite();
  return std::shared_ptr<const MappedDataset>(new MappedDataset(std::move(mapping)));
}

std::size_t MappedDataset::size() const { return mapping_->array.layout.n_records; }
const ImageShape& MappedDataset::shape() const { return mapping_->array.layout.shape; }
const std::string& MappedDataset::source() const { return mapping_->source; }
std::size_t MappedDataset::record_bytes() const {
  return shape().size() * detail::element_size(mapping_->array.type);
}

void MappedDataset::read(std::span<const std::size_t> indices, MutableMatrixView out) const {
  const std::size_t d = shape().size();
  if (out.rows() != static_cast<Eigen::Index>(indices.size()) || out.cols() != static_cast<Eigen::Index>(d)) {
    throw InvalidInput(fmt::format("{}: {} records of {} values need {} x {} rows, got {} x {}", source(),
                                   indices.size(), d, indices.size(), d, out.rows(), out.cols()));
  }
  const detail::NpyArray& array = mapping_->array;
  const std::size_t width = record_bytes();
  // The bytes decoded since the last release: a run of records next to each other in the file.
  std::size_t run_first = 0, run_last = 0;
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const std::size_t record = indices[i];
    if (record >= size()) {
      throw InvalidInput(fmt::format("{}: record {} does not exist: the file holds {}", source(), record, size()));
    }
    const std::size_t first = record * width;
    const bool extends_run = first == run_last && run_last - run_first < kReleaseBytes;
    if (!extends_run) {
      mapping_->release(run_first, run_last);
      run_first = first;
    }
    run_last = first + width;
    detail::decode_values(array.data.subspan(first, width), array.type, array.big_endian, d,
                          out.row(static_cast<Eigen::Index>(i)).data(), mapping_->path, record);
  }
  mapping_->release(run_first, run_last);
}

std::shared_ptr<const MappedDataset> map_dataset(const std::string& spec) {
  constexpr std::string_view kPrefix = "npy:";
  if (spec.size() <= kPrefix.size() || spec.compare(0, kPrefix.size(), kPrefix) != 0) return nullptr;
  return MappedDataset::open_npy(spec.substr(kPrefix.size()));
}

}  // namespace reconbound
