// `reconbound bound` on an .npy file whose plan does not fit --memory-limit: refused with one
// line, exit code 2, in well under a second of work and without reading the records (the file
// is mapped, not loaded: the refusing process stays far below the file's size as doubles).
#include <gtest/gtest.h>
#include <sys/resource.h>

#include <chrono>
#include <string>
#include <vector>

#include "../cli/cli_runner.hpp"

using reconbound::test::run_cli;
using reconbound::test::TempDir;

namespace {

// A C-order uint8 .npy file of n records of 3 × 64 × 64, every byte 7.
std::string npy_bytes(std::size_t n) {
  std::string header = "{'descr': '|u1', 'fortran_order': False, 'shape': (" + std::to_string(n) + ", 3, 64, 64), }";
  while ((10 + header.size() + 1) % 64 != 0) header.push_back(' ');
  header.push_back('\n');
  std::string out = std::string("\x93NUMPY\x01\x00", 8);
  out.push_back(static_cast<char>(header.size() & 0xFF));
  out.push_back(static_cast<char>(header.size() >> 8));
  return out + header + std::string(n * 3 * 64 * 64, '\x07');
}

TEST(MemoryCli, AnOversizedJobIsRefusedWithOneLineBeforeAnyRecordIsRead) {
  const TempDir dir;
  // 8,000 records: 98 MB of bytes, 786 MB as doubles.
  const std::string path = dir.write("faces.npy", npy_bytes(8000));
  const auto start = std::chrono::steady_clock::now();
  const auto r = run_cli({"bound", "--data", "npy:" + path, "--perp", "2000", "--est", "6000", "--gamma", "1",
                          "--threads", "2", "--memory-limit", "64M"});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  // The plan worked out by hand: the rotated D_est 6,000 × 12,288 × 8 = 589.8 MB (Ψ(D⊥),
  // 2,000 × 12,288 × 8 = 196.6 MB, is let go before it), the pilot's 2,000 rows 196.6 MB, a
  // window of 512 records (Ψ and decoded records 2 × 50.3 MB, pages 6.3 MB) and 6,000 UCB terms
  // (48 kB): 107.0 MB; 2 threads' tiles 33.6 MB: 927.0 MB against 64 MiB = 67.1 MB.
  EXPECT_EQ(r.err.rfind("reconbound: error: this bound needs about 927.0 MB (stream 107.0 MB, "
                        "rotated D_est 589.8 MB, pilot 196.6 MB, estimator threads 33.6 MB) more memory but "
                        "67.1 MB is available (--memory-limit)",
                        0),
            0u)
      << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_LT(seconds, 10.0);  // the command, start-up and plugin loading included
  // The refusing process never held the records (98 MB as bytes, 786 MB as doubles): its peak
  // is its code (about 60 MB; a build with sanitizers takes more).
  rusage usage{};
  ASSERT_EQ(getrusage(RUSAGE_CHILDREN, &usage), 0);
  EXPECT_LT(usage.ru_maxrss, 400 * 1024) << "KiB";
}

}  // namespace
