// NPY reading: round trips written by an independent writer (every dtype, rank and format
// version), and every rejection path.
#include <gtest/gtest.h>

#include <limits>

#include "data_test_support.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound {
namespace {

using test::Bytes;
using test::expect_error;
using test::npy_bytes;
using test::npy_dict;

TEST(Npy, RoundTripsUint8InEveryRankAndVersion) {
  const Bytes px = {0, 1, 2, 3, 4, 5, 250, 251, 252, 253, 254, 255};
  struct Case {
    std::string shape;
    std::size_t n;
    ImageShape record;
  };
  for (int version : {1, 2, 3}) {
    for (const Case& c : {Case{"(12,)", 12, {1, 1, 1}}, Case{"(3, 4)", 3, {1, 1, 4}}, Case{"(2, 3, 2)", 2, {1, 3, 2}},
                          Case{"(1, 3, 2, 2)", 1, {3, 2, 2}}}) {
      SCOPED_TRACE(c.shape + " v" + std::to_string(version));
      const Dataset set = parse_npy(npy_bytes(npy_dict("|u1", c.shape), px, version), "a.npy");
      EXPECT_EQ(set.shape, c.record);
      ASSERT_EQ(static_cast<std::size_t>(set.records.rows()), c.n);
      for (std::size_t i = 0; i < px.size(); ++i) EXPECT_EQ(set.records.data()[i], px[i]);
      EXPECT_EQ(set.source, "npy:a.npy");
    }
  }
}

TEST(Npy, RoundTripsFloatsInBothByteOrders) {
  Bytes f4;
  for (float v : {0.5f, -1.25f, 255.0f, 3.0e38f}) test::append_value(f4, v, false);
  EXPECT_EQ(parse_npy(npy_bytes(npy_dict("<f4", "(2, 2)"), f4), "m").records,
            (RowMatrix(2, 2) << 0.5, -1.25, 255.0, static_cast<double>(3.0e38f)).finished());
  Bytes f8_le, f8_be;
  for (double v : {0.1, -1e300, 42.0}) {
    test::append_value(f8_le, v, false);
    test::append_value(f8_be, v, true);
  }
  const RowMatrix expected = (RowMatrix(1, 3) << 0.1, -1e300, 42.0).finished();
  EXPECT_EQ(parse_npy(npy_bytes(npy_dict("<f8", "(1, 3)"), f8_le), "m").records, expected);
  EXPECT_EQ(parse_npy(npy_bytes(npy_dict(">f8", "(1, 3)"), f8_be), "m").records, expected);
}

TEST(Npy, AcceptsHeaderVariantsNumPyWrites) {
  const Bytes px = {9, 8};
  // Double quotes, keys in another order, no trailing comma, Python 2 long suffix.
  for (const std::string dict : {"{\"descr\": \"|u1\", \"fortran_order\": False, \"shape\": (2,)}",
                                 "{'shape': (1, 2), 'fortran_order': False, 'descr': '|u1'}",
                                 "{'descr':'|u1','fortran_order':False,'shape':(2L,1L),}"}) {
    SCOPED_TRACE(dict);
    const Dataset set = parse_npy(npy_bytes(dict, px), "m");
    EXPECT_EQ(set.records.size(), 2);
    EXPECT_EQ(set.records.data()[1], 8.0);
  }
}

TEST(Npy, ReadsFromDisk) {
  test::TempDir dir;
  test::write_file(dir.file("x.npy"), npy_bytes(npy_dict("|u1", "(2, 2)"), {1, 2, 3, 4}));
  const Dataset set = read_npy(dir.file("x.npy"));
  EXPECT_EQ(set.records, (RowMatrix(2, 2) << 1, 2, 3, 4).finished());
  EXPECT_EQ(set.source, "npy:" + dir.file("x.npy"));
  expect_error<FileError>([&] { read_npy(dir.file("y.npy")); }, {"y.npy", "no such file"});
}

TEST(Npy, RejectsBrokenFilesNamingTheProblem) {
  const Bytes px = {1, 2, 3, 4};
  auto parse = [](const Bytes& b) { parse_npy(b, "f.npy"); };
  expect_error<FileError>([&] { parse(Bytes{'P', 'K', 3, 4, 0, 0, 0, 0, 0, 0}); }, {"f.npy", "not an NPY file"});
  Bytes v4 = npy_bytes(npy_dict("|u1", "(4,)"), px);
  v4[6] = 4;
  expect_error<FileError>([&] { parse(v4); }, {"version 4.0"});
  Bytes header_cut = npy_bytes(npy_dict("|u1", "(4,)"), {});
  header_cut.resize(40);
  expect_error<FileError>([&] { parse(header_cut); }, {"truncated NPY header"});
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("<i8", "(4,)"), px)); }, {"unsupported NPY dtype '<i8'"});
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("<f2", "(2,)"), px)); }, {"'<f2'"});
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("|u1", "(2, 2)", true), px)); }, {"Fortran order"});
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("|u1", "(2, 3)"), px)); },
                          {"truncated NPY data", "6 bytes", "found 4"});
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("|u1", "(1, 3)"), px)); }, {"1 trailing bytes"});
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("|u1", "()"), {1})); }, {"0 dimensions"});
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("|u1", "(0, 4)"), {})); }, {"zero records"});
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("|u1", "(1, 1, 1, 1, 4)"), px)); },
                          {"more than 4 dimensions"});
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("|u1", "(99999999999999999999, 4)"), px)); },
                          {"bad NPY header", "whole number"});
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("|u1", "(4294967296, 4294967296)"), px)); },
                          {"larger than the limit"});
  expect_error<FileError>([&] { parse(npy_bytes("{'descr': '|u1', 'shape': (4,)}", px)); }, {"all required"});
  expect_error<FileError>([&] { parse(npy_bytes("{'descr': '|u1', 'descr': '|u1'}", px)); }, {"'descr' appears twice"});
  expect_error<FileError>([&] { parse(npy_bytes("{'descr': '|u1', 'fortran_order': Maybe, 'shape': (4,)}", px)); },
                          {"True or False"});
  expect_error<FileError>([&] { parse(npy_bytes("{'descr': '|u1', 'fortran_order': False, 'shape': (4,)", px)); },
                          {"bad NPY header", "'}'"});
  expect_error<FileError>([&] { parse(npy_bytes("{'descr': '|u1', 'fortran_order': False, 'shape': (4,)} x", px)); },
                          {"after the closing"});
  expect_error<FileError>(
      [&] { parse(npy_bytes("{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (4,)}", px)); },
      {"quoted string"});
  Bytes nan;
  for (double v : {1.0, 2.0, 3.0, 4.0, 5.0, std::numeric_limits<double>::quiet_NaN()})
    test::append_value(nan, v, false);
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("<f8", "(3, 2)"), nan)); },
                          {"f.npy", "record 2", "non-finite", "nan"});
  Bytes inf;
  test::append_value(inf, std::numeric_limits<float>::infinity(), false);
  expect_error<FileError>([&] { parse(npy_bytes(npy_dict("<f4", "(1,)"), inf)); }, {"record 0", "inf"});
}

}  // namespace
}  // namespace reconbound
