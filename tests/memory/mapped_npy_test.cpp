// MappedDataset (docs/memory.md): an .npy file read through a mapping gives the records
// parse_npy gives for every dtype, byte order and format version, in any order; a broken file
// is refused when it is opened with parse_npy's FileError; the pages read are dropped from the
// process again.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/mman.h>
#include <unistd.h>

#include <cctype>
#include <fstream>
#include <limits>
#include <numeric>
#include <sstream>

#include "../data/data_test_support.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound {
namespace {

using test::Bytes;
using test::expect_error;
using test::npy_bytes;
using test::npy_dict;

// The records `indices` of the mapped file, decoded.
RowMatrix mapped_rows(const MappedDataset& set, const std::vector<std::size_t>& indices) {
  RowMatrix out(static_cast<Eigen::Index>(indices.size()), static_cast<Eigen::Index>(set.shape().size()));
  set.read(indices, out);
  return out;
}

// 5 records of 2 × 3 values of each dtype, little- and big-endian, as parse_npy reads them.
struct Encoded {
  std::string descr;
  Bytes payload;
};

std::vector<Encoded> every_dtype() {
  std::vector<Encoded> out;
  Bytes u1;
  for (int i = 0; i < 30; ++i) u1.push_back(static_cast<std::uint8_t>(i * 8 + 7));
  out.push_back({"|u1", u1});
  for (const bool big : {false, true}) {
    Bytes f4, f8;
    for (int i = 0; i < 30; ++i) {
      test::append_value(f4, static_cast<float>(i) * -0.37f + 1e-3f, big);
      test::append_value(f8, static_cast<double>(i) * 1.0e-7 - 3.25e5, big);
    }
    out.push_back({big ? ">f4" : "<f4", f4});
    out.push_back({big ? ">f8" : "<f8", f8});
  }
  return out;
}

TEST(MappedNpy, GivesTheRecordsParseNpyGivesForEveryDtypeAndVersion) {
  const test::TempDir dir;
  for (const Encoded& e : every_dtype()) {
    for (const int version : {1, 2, 3}) {
      SCOPED_TRACE(e.descr + " v" + std::to_string(version));
      const Bytes bytes = npy_bytes(npy_dict(e.descr, "(5, 2, 3)"), e.payload, version);
      const std::string path = dir.file("a.npy");
      test::write_file(path, bytes);
      const Dataset parsed = parse_npy(bytes, path);
      const auto mapped = MappedDataset::open_npy(path);
      EXPECT_EQ(mapped->size(), 5u);
      EXPECT_EQ(mapped->shape(), parsed.shape);
      EXPECT_EQ(mapped->source(), parsed.source);
      EXPECT_EQ(mapped->record_bytes(), e.payload.size() / 5);
      const std::vector<std::size_t> in_order = {0, 1, 2, 3, 4};
      EXPECT_EQ(mapped_rows(*mapped, in_order), parsed.records);
      // Any order, repeats included: row i is record indices[i].
      const std::vector<std::size_t> shuffled = {4, 0, 4, 2, 1};
      const RowMatrix rows = mapped_rows(*mapped, shuffled);
      for (std::size_t i = 0; i < shuffled.size(); ++i) {
        EXPECT_EQ(rows.row(static_cast<Eigen::Index>(i)), parsed.records.row(static_cast<Eigen::Index>(shuffled[i])));
      }
      // read_npy (now through the mapping) and load_dataset agree with parse_npy.
      EXPECT_EQ(read_npy(path).records, parsed.records);
      EXPECT_EQ(map_dataset("npy:" + path)->size(), 5u);
    }
  }
  // An .npy file named as IDX is read as IDX, and refused as one.
  expect_error<FileError>([&] { map_dataset("idx:" + dir.file("a.npy")); }, {"not an IDX file"});
}

TEST(MappedNpy, RefusesABrokenFileWhenOpenedWithParseNpysMessage) {
  const test::TempDir dir;
  Bytes nan;
  for (double v : {1.0, 2.0, 3.0, 4.0, 5.0, std::numeric_limits<double>::quiet_NaN()}) test::append_value(nan, v, false);
  const Bytes px = {1, 2, 3, 4};
  const std::vector<Bytes> broken = {
      npy_bytes(npy_dict("|u1", "(2, 3)"), px),       // truncated data
      npy_bytes(npy_dict("|u1", "(1, 3)"), px),       // trailing bytes
      npy_bytes(npy_dict("<i8", "(4,)"), px),         // unsupported dtype
      npy_bytes(npy_dict("|u1", "(2, 2)", true), px),  // Fortran order
      npy_bytes(npy_dict("<f8", "(3, 2)"), nan),      // a NaN in record 2
      Bytes{'P', 'K', 3, 4},                          // not an NPY file
      Bytes{},                                        // empty
  };
  for (std::size_t i = 0; i < broken.size(); ++i) {
    SCOPED_TRACE(i);
    const std::string path = dir.file("broken.npy");
    test::write_file(path, broken[i]);
    std::string expected;
    try {
      parse_npy(broken[i], path);
    } catch (const FileError& e) {
      expected = e.what();
    }
    ASSERT_FALSE(expected.empty());
    expect_error<FileError>([&] { MappedDataset::open_npy(path); }, {expected});
    expect_error<FileError>([&] { read_npy(path); }, {expected});
  }
  expect_error<FileError>([&] { MappedDataset::open_npy(dir.file("absent.npy")); }, {"absent.npy", "no such file"});
  expect_error<FileError>([&] { MappedDataset::open_npy(dir.path()); }, {"not a regular file"});
}

TEST(MappedNpy, RefusesARecordOutsideTheFileOrAWrongBuffer) {
  const test::TempDir dir;
  test::write_file(dir.file("a.npy"), npy_bytes(npy_dict("|u1", "(2, 2)"), {1, 2, 3, 4}));
  const auto mapped = MappedDataset::open_npy(dir.file("a.npy"));
  RowMatrix one(1, 2);
  const std::vector<std::size_t> outside = {2};
  expect_error<InvalidInput>([&] { mapped->read(outside, one); }, {"record 2 does not exist", "holds 2"});
  RowMatrix wrong(2, 2);
  const std::vector<std::size_t> first = {0};
  expect_error<InvalidInput>([&] { mapped->read(first, wrong); }, {"1 x 2"});
}

// Resident kilobytes of this process's mappings of `path` (/proc/self/smaps), summed.
std::size_t resident_kib_of(const std::string& path) {
  std::ifstream smaps("/proc/self/smaps");
  std::string line;
  bool ours = false;
  std::size_t kib = 0;
  while (std::getline(smaps, line)) {
    // A mapping's first line: "start-end perms offset dev inode [path]".
    const bool header = !line.empty() && line.find(':') != 0 && std::isxdigit(static_cast<unsigned char>(line[0])) &&
                        line.find('-') < line.find(' ');
    if (header) {
      ours = line.size() >= path.size() && line.compare(line.size() - path.size(), path.size(), path) == 0;
    } else if (ours && line.rfind("Rss:", 0) == 0) {
      std::istringstream fields(line.substr(4));
      std::size_t value = 0;
      fields >> value;
      kib += value;
    }
  }
  return kib;
}

TEST(MappedNpy, DropsThePagesItHasRead) {
  // 16 MiB of records: read in batches, none of it stays resident.
  const test::TempDir dir;
  constexpr std::size_t kRecords = 256, kValues = 64 * 1024;
  Bytes payload(kRecords * kValues);
  std::iota(payload.begin(), payload.end(), std::uint8_t{0});
  const std::string path = dir.file("big.npy");
  const Bytes file = npy_bytes(npy_dict("|u1", "(256, 65536)"), payload);
  test::write_file(path, file);
  {  // The measure sees a mapping whose pages are touched and kept.
    const int fd = ::open(path.c_str(), O_RDONLY);
    ASSERT_GE(fd, 0);
    void* base = ::mmap(nullptr, file.size(), PROT_READ, MAP_PRIVATE, fd, 0);
    ::close(fd);
    ASSERT_NE(base, MAP_FAILED);
    const auto* bytes = static_cast<const volatile std::uint8_t*>(base);
    std::size_t sum = 0;
    for (std::size_t i = 0; i < file.size(); i += 4096) sum += bytes[i];
    EXPECT_GT(sum, 0u);
    EXPECT_GE(resident_kib_of(path), file.size() / 1024 - 64);
    ::munmap(base, file.size());
  }
  const auto mapped = MappedDataset::open_npy(path);
  RowMatrix batch(32, static_cast<Eigen::Index>(kValues));
  std::vector<std::size_t> indices(32);
  for (std::size_t first = 0; first < kRecords; first += 32) {
    std::iota(indices.begin(), indices.end(), first);
    mapped->read(indices, batch);
    ASSERT_EQ(batch(31, 5), static_cast<double>(payload[(first + 31) * kValues + 5]));
  }
  // At most the pages at the edges of the runs read (a few pages of 4 KiB, or one large page).
  EXPECT_LE(resident_kib_of(path), 128u);
}

}  // namespace
}  // namespace reconbound
