// Records kept in their file encoding and decoded only when asked for (docs/memory.md). An .npy
// or a raw IDX file is mapped read-only (mmap, MAP_PRIVATE): the kernel pages the records in as
// they are decoded, and madvise(MADV_DONTNEED) drops the pages again, so a data set larger than
// memory takes only the records being decoded. A gzipped IDX file cannot be mapped: it is
// inflated once and its bytes are kept (Fashion-MNIST: 55 MB, where its doubles take 440 MB).
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <limits>
#include <optional>
#include <vector>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/record_encoding.hpp"
#include "records.hpp"

namespace reconbound {

namespace {

// Pages decoded are dropped at least this often, so that even one long run of records (a whole
// file read by read_npy) never holds more of the file than this.
constexpr std::size_t kReleaseBytes = std::size_t{16} << 20;

// The smallest and the largest value of a segment.
struct ValueRange {
  double min = 0.0, max = 0.0;
};

bool is_floating(detail::ElementType type) {
  return type == detail::ElementType::float32 || type == detail::ElementType::float64;
}

// The open file, closed on every path out of the opening (the mapping outlives it).
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

// One array of records in its file encoding: the bytes of a file mapped read-only, or the
// inflated bytes of a gzip file held in memory.
class Segment {
 public:
  Segment() = default;
  Segment(const Segment&) = delete;
  Segment& operator=(const Segment&) = delete;
  ~Segment() {
    if (base_ != nullptr) ::munmap(base_, length_);
  }

  std::string path;  // the file, for messages
  detail::ElementType type = detail::ElementType::uint8;
  bool big_endian = false;
  detail::RecordLayout layout;
  std::span<const std::uint8_t> data;  // the values: layout.n_records records
  // How its records are read (record_encoding.hpp), when they are not read as stored.
  std::optional<RecordConversion> conversion;

  const ImageShape& shape() const { return conversion ? conversion->shape : layout.shape; }

  std::size_t record_bytes() const { return layout.shape.size() * detail::element_size(type); }
  std::size_t resident_bytes() const { return inflated_.size(); }

  // The whole file, mapped; its bytes until the segment is destroyed.
  std::span<const std::uint8_t> map(const std::string& file) {
    path = file;
    std::error_code ec;
    if (!std::filesystem::is_regular_file(file, ec)) {
      throw FileError(fmt::format("{}: no such file (or not a regular file); check the path", file));
    }
    const FileDescriptor fd(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
    if (fd.get() < 0) throw FileError(fmt::format("{}: cannot open the file for reading; check its permissions", file));
    struct stat info {};
    if (::fstat(fd.get(), &info) != 0 || info.st_size < 0) {
      throw FileError(fmt::format("{}: cannot determine the file size", file));
    }
    length_ = static_cast<std::size_t>(info.st_size);
    if (length_ == 0) return {};  // an empty file has nothing to map; the header check refuses it
    void* base = ::mmap(nullptr, length_, PROT_READ, MAP_PRIVATE, fd.get(), 0);
    if (base == MAP_FAILED) {
      throw FileError(fmt::format("{}: cannot map the file into memory ({})", file, std::strerror(errno)));
    }
    base_ = base;
    return {static_cast<const std::uint8_t*>(base_), length_};
  }

  // The file's bytes inflated (a gzip file), kept; its bytes until the segment is destroyed.
  std::span<const std::uint8_t> inflate(const std::string& file) {
    path = file;
    inflated_ = detail::gunzip(detail::read_file_bytes(file), file);
    return inflated_;
  }

  // Drops the pages holding bytes [first, last) of the data out of this process; they are read
  // from the file again (the page cache) if touched later. The range is widened to whole pages.
  // Inflated bytes stay: they are the only copy.
  void release(std::size_t first, std::size_t last) const {
    if (base_ == nullptr || last <= first) return;
    static const auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
    const auto offset = static_cast<std::size_t>(data.data() - static_cast<const std::uint8_t*>(base_));
    const std::size_t begin = (offset + first) / page * page;
    const std::size_t end = std::min(length_, (offset + last + page - 1) / page * page);
    // Only advice: a failure leaves the pages resident, never changes what is read.
    if (end > begin) ::madvise(static_cast<std::uint8_t*>(base_) + begin, end - begin, MADV_DONTNEED);
  }

  // Decodes every value once, a slice of the file at a time whose pages are dropped again, and
  // returns their range: a file with a NaN or an infinity is refused when it is opened, as the
  // whole-file readers refuse it (FileError naming the record), not part-way through a bound.
  // Integers need no check and are decoded only when their range is asked for (`integers`).
  ValueRange scan_values(bool integers) const {
    if (!is_floating(type) && !integers) return {};
    constexpr std::size_t kSliceBytes = std::size_t{1} << 20;
    const std::size_t d = layout.shape.size();
    const std::size_t width = record_bytes();
    const std::size_t per_slice = std::max<std::size_t>(1, kSliceBytes / width);
    std::vector<double> values(per_slice * d);
    ValueRange range{std::numeric_limits<double>::infinity(), -std::numeric_limits<double>::infinity()};
    for (std::size_t first = 0; first < layout.n_records; first += per_slice) {
      const std::size_t count = std::min(per_slice, layout.n_records - first);
      detail::decode_values(data.subspan(first * width, count * width), type, big_endian, d, values.data(), path,
                            first);
      const auto [low, high] = std::minmax_element(values.begin(), values.begin() + count * d);
      range = {std::min(range.min, *low), std::max(range.max, *high)};
      release(first * width, (first + count) * width);
    }
    return range;
  }

 private:
  void* base_ = nullptr;
  std::size_t length_ = 0;
  std::vector<std::uint8_t> inflated_;
};

bool is_gzip_file(const std::string& path) {
  const FileDescriptor fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
  std::uint8_t magic[2] = {};
  return fd.get() >= 0 && ::read(fd.get(), magic, 2) == 2 && magic[0] == 0x1F && magic[1] == 0x8B;
}

// An .npy file, every value checked finite; with `encoding`, read as it says (record_encoding.hpp).
std::unique_ptr<Segment> npy_segment(const std::string& path, const std::optional<RecordEncoding>& encoding) {
  auto segment = std::make_unique<Segment>();
  const detail::NpyArray array = detail::parse_npy_header(segment->map(path), path);
  segment->type = array.type;
  segment->big_endian = array.big_endian;
  segment->layout = array.layout;
  segment->data = array.data;
  const ValueRange range = segment->scan_values(encoding && encoding->scale);
  if (encoding) {
    segment->conversion = record_conversion(array.layout.shape, array.layout.rank, range.min, range.max,
                                            is_floating(array.type), *encoding, path);
  }
  return segment;
}

// An IDX file, inflated first when it starts with the gzip magic 1f 8b.
std::unique_ptr<Segment> idx_segment(const std::string& path) {
  auto segment = std::make_unique<Segment>();
  const std::span<const std::uint8_t> bytes = is_gzip_file(path) ? segment->inflate(path) : segment->map(path);
  const detail::IdxArray array = detail::parse_idx_header(bytes, path);
  segment->type = array.type;
  segment->big_endian = true;
  segment->layout = array.layout;
  segment->data = array.data;
  segment->scan_values(false);
  return segment;
}

}  // namespace

struct MappedDataset::Mapping {
  std::vector<std::unique_ptr<Segment>> segments;  // the records, in order
  std::vector<std::size_t> starts;                 // the first record of each segment
  std::size_t size = 0;
  std::string source;

  void add(std::unique_ptr<Segment> segment) {
    starts.push_back(size);
    size += segment->layout.n_records;
    segments.push_back(std::move(segment));
  }
  // The segment holding record `record` (< size) and the record's index in it.
  std::pair<const Segment*, std::size_t> locate(std::size_t record) const {
    const auto after = std::upper_bound(starts.begin(), starts.end(), record);
    const auto s = static_cast<std::size_t>(after - starts.begin()) - 1;
    return {segments[s].get(), record - starts[s]};
  }
};

MappedDataset::MappedDataset(std::unique_ptr<Mapping> mapping) : mapping_(std::move(mapping)) {}
MappedDataset::~MappedDataset() = default;

std::shared_ptr<const MappedDataset> MappedDataset::open_npy(const std::string& path) {
  auto mapping = std::make_unique<Mapping>();
  mapping->add(npy_segment(path, std::nullopt));
  mapping->source = "npy:" + path;
  return std::shared_ptr<const MappedDataset>(new MappedDataset(std::move(mapping)));
}

std::shared_ptr<const MappedDataset> MappedDataset::open_npy(const std::string& path, const RecordEncoding& encoding) {
  auto mapping = std::make_unique<Mapping>();
  mapping->add(npy_segment(path, encoding));
  mapping->source = "npy:" + path;
  return std::shared_ptr<const MappedDataset>(new MappedDataset(std::move(mapping)));
}

std::shared_ptr<const MappedDataset> MappedDataset::open_idx(const std::string& path) {
  auto mapping = std::make_unique<Mapping>();
  mapping->add(idx_segment(path));
  mapping->source = "idx:" + path;
  return std::shared_ptr<const MappedDataset>(new MappedDataset(std::move(mapping)));
}

// Fashion-MNIST: the 60,000 training images then the 10,000 test images, 70,000 × 784.
std::shared_ptr<const MappedDataset> MappedDataset::open_fashion_mnist() {
  const std::filesystem::path train = fashion_mnist_train_images();
  const std::filesystem::path test = fashion_mnist_test_images();
  const std::string dir = train.parent_path().string();
  std::error_code ec;
  if (!std::filesystem::is_regular_file(train, ec) || !std::filesystem::is_regular_file(test, ec)) {
    throw FileError(
        fmt::format("data set 'fashion-mnist' not found in {}: install the Debian package "
                    "dataset-fashion-mnist (sudo apt-get install dataset-fashion-mnist)",
                    dir));
  }
  auto mapping = std::make_unique<Mapping>();
  mapping->add(idx_segment(train.string()));
  mapping->add(idx_segment(test.string()));
  const Segment& first = *mapping->segments.front();
  const Segment& second = *mapping->segments.back();
  if (first.layout.shape != second.layout.shape || first.type != second.type) {
    throw FileError(
        fmt::format("fashion-mnist: {} and {} hold records of different shapes or types ({} vs {}); "
                    "reinstall the package dataset-fashion-mnist",
                    first.path, second.path, first.layout.shape.to_string(), second.layout.shape.to_string()));
  }
  mapping->source = fmt::format("fashion-mnist:{} (train {} + t10k {})", dir, first.layout.n_records,
                                second.layout.n_records);
  return std::shared_ptr<const MappedDataset>(new MappedDataset(std::move(mapping)));
}

std::size_t MappedDataset::size() const { return mapping_->size; }
const ImageShape& MappedDataset::shape() const { return mapping_->segments.front()->shape(); }
const std::string& MappedDataset::source() const { return mapping_->source; }
std::size_t MappedDataset::record_bytes() const { return mapping_->segments.front()->record_bytes(); }
std::size_t MappedDataset::resident_bytes() const {
  std::size_t bytes = 0;
  for (const auto& segment : mapping_->segments) bytes += segment->resident_bytes();
  return bytes;
}

void MappedDataset::read(std::span<const std::size_t> indices, MutableMatrixView out) const {
  const std::size_t d = shape().size();
  if (out.rows() != static_cast<Eigen::Index>(indices.size()) || out.cols() != static_cast<Eigen::Index>(d)) {
    throw InvalidInput(fmt::format("{}: {} records of {} values need {} x {} rows, got {} x {}", source(),
                                   indices.size(), d, indices.size(), d, out.rows(), out.cols()));
  }
  const std::size_t width = record_bytes();
  // The bytes of one segment decoded since the last release: a run of records next to each
  // other in its file.
  const Segment* run_segment = nullptr;
  std::size_t run_first = 0, run_last = 0;
  for (std::size_t i = 0; i < indices.size(); ++i) {
    if (indices[i] >= size()) {
      throw InvalidInput(fmt::format("{}: record {} does not exist: the file holds {}", source(), indices[i], size()));
    }
    const auto [segment, record] = mapping_->locate(indices[i]);
    const std::size_t first = record * width;
    const bool extends_run = segment == run_segment && first == run_last && run_last - run_first < kReleaseBytes;
    if (!extends_run) {
      if (run_segment != nullptr) run_segment->release(run_first, run_last);
      run_segment = segment;
      run_first = first;
    }
    run_last = first + width;
    detail::decode_values(segment->data.subspan(first, width), segment->type, segment->big_endian, d,
                          out.row(static_cast<Eigen::Index>(i)).data(), segment->path, record);
  }
  if (run_segment != nullptr) run_segment->release(run_first, run_last);
  // Only an .npy file is read under an encoding, and it is the mapping's one segment.
  if (const auto& conversion = mapping_->segments.front()->conversion) convert_records(out, *conversion);
}

Dataset MappedDataset::read_all() const {
  Dataset out;
  out.shape = shape();
  out.source = source();
  out.records.resize(static_cast<Eigen::Index>(size()), static_cast<Eigen::Index>(out.shape.size()));
  std::vector<std::size_t> all(size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  read(all, out.records);
  return out;
}

std::shared_ptr<const MappedDataset> map_dataset(const std::string& spec) {
  if (spec == "fashion-mnist") return MappedDataset::open_fashion_mnist();
  const auto colon = spec.find(':');
  if (colon == std::string::npos || colon + 1 == spec.size()) return nullptr;
  const std::string kind = spec.substr(0, colon), path = spec.substr(colon + 1);
  if (kind == "npy") return MappedDataset::open_npy(path);
  if (kind == "idx") return MappedDataset::open_idx(path);
  return nullptr;
}

std::shared_ptr<const MappedDataset> map_dataset(const std::string& spec, const RecordEncoding& encoding) {
  if (spec.starts_with("npy:") && spec.size() > 4) return MappedDataset::open_npy(spec.substr(4), encoding);
  require_no_encoding(encoding, spec);
  return map_dataset(spec);
}

}  // namespace reconbound
