// The label readers (mathematics §6.10) on files written here byte by byte: every integer type
// and byte order of .npy, IDX gzipped or not, names with Windows line ends, and each refusal.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "reconbound/error.hpp"
#include "reconbound/workflow/labels.hpp"

namespace reconbound::test {
namespace {

using workflow::parse_idx_labels;
using workflow::parse_label_names;
using workflow::parse_npy_labels;

std::vector<std::uint8_t> bytes_of(const std::string& text) { return {text.begin(), text.end()}; }

// An .npy 1.0 file: the header dictionary padded to 64 bytes, then `data` as given.
std::vector<std::uint8_t> npy(const std::string& descr, const std::string& shape, const std::string& data) {
  std::string header = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size());
  out += '\0';
  return bytes_of(out + header + data);
}

TEST(LabelFiles, NpyReadsEveryIntegerTypeInEitherByteOrder) {
  EXPECT_EQ(parse_npy_labels(npy("|u1", "(3,)", std::string("\x00\x02\x01", 3)), "u1"),
            (std::vector<std::size_t>{0, 2, 1}));
  EXPECT_EQ(parse_npy_labels(npy(">u2", "(2,)", std::string("\x01\x02\xff\xff", 4)), "u2"),
            (std::vector<std::size_t>{258, 65535}));
  EXPECT_EQ(parse_npy_labels(npy("<i4", "(2, )", std::string("\x07\x00\x00\x00\x00\x00\x00\x00", 8)), "i4"),
            (std::vector<std::size_t>{7, 0}));
  EXPECT_EQ(parse_npy_labels(npy("<i8", "(1,)", std::string("\x09\x00\x00\x00\x00\x00\x00\x00", 8)), "i8"),
            (std::vector<std::size_t>{9}));
}

TEST(LabelFiles, NpyRefusesWhatIsNotOneIntegerPerRecord) {
  const std::string eight(8, '\0');
  EXPECT_THROW(parse_npy_labels(npy("<f8", "(1,)", eight), "f8"), FileError);
  EXPECT_THROW(parse_npy_labels(npy("<i4", "(1, 2)", eight), "2d"), FileError);
  EXPECT_THROW(parse_npy_labels(npy("<i4", "(3,)", eight), "short"), FileError);
  EXPECT_THROW(parse_npy_labels(npy("<i1", "(1,)", "\xff"), "negative"), FileError);
  EXPECT_THROW(parse_npy_labels(npy("<u4", "(1,)", std::string("\x00\x00\x00\x80", 4)), "2^31"), FileError);
  EXPECT_THROW(parse_npy_labels(bytes_of("not numpy"), "text"), FileError);
}

TEST(LabelFiles, IdxReadsOneDimensionOfWholeNumbers) {
  const std::string idx("\x00\x00\x08\x01\x00\x00\x00\x03\x05\x00\x02", 11);
  EXPECT_EQ(parse_idx_labels(bytes_of(idx), "idx"), (std::vector<std::size_t>{5, 0, 2}));
  const std::string images("\x00\x00\x08\x02\x00\x00\x00\x01\x00\x00\x00\x02\x05\x00", 14);
  EXPECT_THROW(parse_idx_labels(bytes_of(images), "images"), FileError);
  const std::string fraction("\x00\x00\x0d\x01\x00\x00\x00\x01\x40\x20\x00\x00", 12);  // 2.5f
  EXPECT_THROW(parse_idx_labels(bytes_of(fraction), "fraction"), FileError);
}

TEST(LabelFiles, NamesAreOneNonEmptyLineEach) {
  EXPECT_EQ(parse_label_names("T-shirt/top\r\nTrouser\nAnkle boot", "names"),
            (std::vector<std::string>{"T-shirt/top", "Trouser", "Ankle boot"}));
  EXPECT_EQ(parse_label_names("a\nb\n", "names").size(), 2U);
  EXPECT_THROW(parse_label_names("a\n \nc\n", "names"), FileError);
  EXPECT_THROW(parse_label_names("", "names"), FileError);
}

}  // namespace
}  // namespace reconbound::test
