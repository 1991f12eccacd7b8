// The schedule CSV parser: rows, comments, headers, and one-line errors with file:line.
#include <gtest/gtest.h>

#include "reconbound/error.hpp"
#include "reconbound/schedule.hpp"

using namespace reconbound;

namespace {

std::string error_of(const std::string& text) {
  try {
    parse_schedule_csv(text, "s.csv");
  } catch (const FileError& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(ScheduleCsv, ParsesRowsCommentsAndHeader) {
  const TrainingRun run = parse_schedule_csv(
      "# warm-up then main phase\nq,sigma,steps\n0.01, 2.0, 100\n\n0.02,1.5,4900 # main\n", "s.csv");
  ASSERT_EQ(run.segments.size(), 2u);
  EXPECT_DOUBLE_EQ(run.segments[1].q, 0.02);
  EXPECT_DOUBLE_EQ(run.segments[1].sigma, 1.5);
  EXPECT_EQ(run.segments[1].steps, 4900u);
}

TEST(ScheduleCsv, RejectsBadRowsWithFileAndLine) {
  EXPECT_NE(error_of("0.1,1\n").find("s.csv:1: expected 3"), std::string::npos);
  EXPECT_NE(error_of("0.1,1,5\n1.5,1,5\n").find("s.csv:2: q = 1.5 is outside (0, 1]"), std::string::npos);
  EXPECT_NE(error_of("0.1,0,5\n").find("sigma = 0 must be > 0"), std::string::npos);
  EXPECT_NE(error_of("0.1,1,0\n").find("steps must be ≥ 1"), std::string::npos);
  EXPECT_NE(error_of("0.1,1,-3\n").find("steps is not a whole number"), std::string::npos);
  EXPECT_NE(error_of("nan,1,3\n").find("q is not a finite number"), std::string::npos);
  EXPECT_NE(error_of("# only a comment\n").find("no rows"), std::string::npos);
}

TEST(Schedule, TotalsAndConstant) {
  Schedule s = Schedule::constant(0.1, 1.0, 10);
  s.runs.push_back(TrainingRun{{Segment{0.2, 2.0, 5}}});
  EXPECT_EQ(s.total_steps(), 15u);
  EXPECT_FALSE(s.empty());
  EXPECT_THROW(read_schedule_file("/nonexistent/schedule.csv"), FileError);
}

}  // namespace
