// The payload of a chain attack's checkpoint item (reconbound/attack_result_codec.hpp): every
// AttackResult comes back bit for bit, and a payload cut short, lengthened or foreign is refused.
#include <gtest/gtest.h>

#include <bit>
#include <cstdint>
#include <limits>
#include <string>

#include "reconbound/attack_result_codec.hpp"
#include "reconbound/error.hpp"

namespace reconbound {
namespace {

std::uint64_t bits(double value) { return std::bit_cast<std::uint64_t>(value); }

void expect_same(const AttackResult& a, const AttackResult& b) {
  ASSERT_EQ(a.squared_errors.size(), b.squared_errors.size());
  for (std::size_t i = 0; i < a.squared_errors.size(); ++i) {
    EXPECT_EQ(bits(a.squared_errors[i]), bits(b.squared_errors[i])) << "error " << i;
  }
  ASSERT_EQ(a.weights.rows(), b.weights.rows());
  ASSERT_EQ(a.weights.cols(), b.weights.cols());
  for (Eigen::Index i = 0; i < a.weights.size(); ++i) {
    EXPECT_EQ(bits(a.weights.data()[i]), bits(b.weights.data()[i])) << "weight " << i;
  }
  ASSERT_EQ(a.details.size(), b.details.size());
  for (std::size_t i = 0; i < a.details.size(); ++i) {
    EXPECT_EQ(a.details[i].first, b.details[i].first);
    EXPECT_EQ(bits(a.details[i].second), bits(b.details[i].second)) << a.details[i].first;
  }
  EXPECT_EQ(a.notes, b.notes);
}

// A result with values whose bits a decimal round trip could change, weights of an odd shape,
// a detail without a name and a long note with every byte value.
AttackResult full_result() {
  AttackResult r;
  r.squared_errors = {0.0, 1.0 / 3.0, std::numeric_limits<double>::denorm_min(), 1e300, 2.5e-17};
  r.weights = RowMatrix(3, 7);
  for (Eigen::Index i = 0; i < r.weights.size(); ++i) r.weights.data()[i] = 1.0 / static_cast<double>(i + 3);
  r.details = {{"sigma", 0.1 + 0.2},
               {"codebook_bits", 3.0},
               {"", -0.0},
               {"max", std::numeric_limits<double>::max()},
               {"infinite", std::numeric_limits<double>::infinity()}};
  std::string long_note(100000, '\0');
  for (std::size_t i = 0; i < long_note.size(); ++i) long_note[i] = static_cast<char>(i * 131 % 256);
  r.notes = {"gamma = 72.13 bits: no sigma reaches it", "", long_note};
  return r;
}

TEST(AttackResultCodec, EveryPartComesBackBitForBit) {
  const AttackResult result = full_result();
  expect_same(result, decode_attack_result(encode_attack_result(result)));
}

TEST(AttackResultCodec, EmptyPartsComeBackEmpty) {
  expect_same(AttackResult{}, decode_attack_result(encode_attack_result(AttackResult{})));
  AttackResult no_weights = full_result();
  no_weights.weights = RowMatrix();
  const AttackResult back = decode_attack_result(encode_attack_result(no_weights));
  EXPECT_EQ(back.weights.size(), 0);
  expect_same(no_weights, back);
  AttackResult unreachable;  // no configuration leaks γ: no errors, one note
  unreachable.notes = {"no release leaks exactly 80 bits"};
  expect_same(unreachable, decode_attack_result(encode_attack_result(unreachable)));
}

TEST(AttackResultCodec, EveryTruncationIsRefused) {
  AttackResult small = full_result();
  small.notes = {"a note"};
  const std::string bytes = encode_attack_result(small);
  for (std::size_t size = 0; size < bytes.size(); ++size) {
    EXPECT_THROW(decode_attack_result(bytes.substr(0, size)), InvalidInput) << size << " of " << bytes.size();
  }
}

TEST(AttackResultCodec, TrailingBytesAndForeignPayloadsAreRefused) {
  const std::string bytes = encode_attack_result(full_result());
  EXPECT_THROW(decode_attack_result(bytes + '\0'), InvalidInput);
  std::string foreign = bytes;
  foreign[0] = static_cast<char>(foreign[0] ^ 1);  // the magic
  EXPECT_THROW(decode_attack_result(foreign), InvalidInput);
  // A count of errors larger than the payload could hold is refused before anything is allocated.
  std::string huge = bytes;
  const std::uint64_t count = std::numeric_limits<std::uint64_t>::max() / 2;
  huge.replace(8, sizeof count, reinterpret_cast<const char*>(&count), sizeof count);
  EXPECT_THROW(decode_attack_result(huge), InvalidInput);
}

TEST(AttackResultCodec, WeightsWhoseShapeOverrunsThePayloadAreRefused) {
  AttackResult r;
  r.weights = RowMatrix::Constant(2, 2, 0.25);
  std::string bytes = encode_attack_result(r);
  // rows and cols follow the magic (8 bytes) and the count of errors (8 bytes, zero). 6 × 6
  // doubles are 288 bytes, where 48 are left (4 doubles and two counts).
  const std::uint64_t rows = 6, cols = 6;
  bytes.replace(16, sizeof rows, reinterpret_cast<const char*>(&rows), sizeof rows);
  bytes.replace(24, sizeof cols, reinterpret_cast<const char*>(&cols), sizeof cols);
  EXPECT_THROW(decode_attack_result(bytes), InvalidInput);
}

}  // namespace
}  // namespace reconbound
