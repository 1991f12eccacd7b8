// The schedule CSV parser (rows, comments, headers, one-line errors with file:line) and the one
// segment rule every front end checks with.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

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
  EXPECT_NE(error_of("0.1,1,0\n").find("s.csv:1: steps = 0 must be >= 1"), std::string::npos);
  EXPECT_NE(error_of("0.1,inf,3\n").find("s.csv:1: sigma = inf must be finite"), std::string::npos);
  EXPECT_NE(error_of("0.1,1,-3\n").find("steps is not a whole number"), std::string::npos);
  EXPECT_NE(error_of("nan,1,3\n").find("s.csv:1: q = nan is outside (0, 1]"), std::string::npos);
  EXPECT_NE(error_of("x,1,3\n").find("s.csv:1: q is not a finite number"), std::string::npos);
  EXPECT_NE(error_of("# only a comment\n").find("no rows"), std::string::npos);
}

// The one segment rule (mathematics §2), as the front ends' parameters and as a schedule's fields.
TEST(SegmentRule, NamesTheFirstBadValue) {
  EXPECT_EQ(segment_problem(0.1, 1.0, 10.0, SegmentNaming::fields), "");
  EXPECT_EQ(segment_problem(1.0, 1.0, 1.0, SegmentNaming::fields), "");
  EXPECT_EQ(segment_problem(0.0, 1.0, 10.0, SegmentNaming::fields), "q = 0 is outside (0, 1]");
  EXPECT_EQ(segment_problem(1.5, -1.0, 0.0, SegmentNaming::fields), "q = 1.5 is outside (0, 1]");
  EXPECT_EQ(segment_problem(std::nan(""), 1.0, 1.0, SegmentNaming::fields), "q = nan is outside (0, 1]");
  EXPECT_EQ(segment_problem(0.1, 0.0, 10.0, SegmentNaming::fields), "sigma = 0 must be > 0");
  EXPECT_EQ(segment_problem(0.1, std::nan(""), 10.0, SegmentNaming::fields), "sigma = nan must be > 0");
  EXPECT_EQ(segment_problem(0.1, HUGE_VAL, 10.0, SegmentNaming::fields), "sigma = inf must be finite");
  EXPECT_EQ(segment_problem(0.1, 1.0, -2.0, SegmentNaming::fields), "steps = -2 must be >= 1");
  EXPECT_EQ(segment_problem(0.1, 1.0, 2.5, SegmentNaming::fields), "steps = 2.5 must be a whole number");
  EXPECT_EQ(segment_problem(0.1, 1.0, HUGE_VAL, SegmentNaming::fields), "steps = inf must be a whole number");
  const ParameterSpelling options{[](std::string_view name) { return "--" + std::string(name); }, " "};
  EXPECT_EQ(spell_parameters(segment_problem(2.0, 1.0, 1.0, SegmentNaming::parameters), options),
            "--q 2 is outside (0, 1]");
  EXPECT_EQ(spell_parameters(segment_problem(0.5, 1.0, 0.0, SegmentNaming::parameters), options),
            "--steps 0 must be >= 1");
  EXPECT_NO_THROW(check_segment(0.5, 1.0, 3.0));
  try {
    check_segment(0.5, -1.0, 3.0);
    ADD_FAILURE() << "sigma = -1 accepted";
  } catch (const InvalidInput& e) {
    EXPECT_EQ(spell_parameters(e.what(), options), "--sigma -1 must be > 0");
  }
}

TEST(Schedule, TotalsAndConstant) {
  Schedule s = Schedule::constant(0.1, 1.0, 10);
  s.runs.push_back(TrainingRun{{Segment{0.2, 2.0, 5}}});
  EXPECT_EQ(s.total_steps(), 15u);
  EXPECT_FALSE(s.empty());
  EXPECT_THROW(read_schedule_file("/nonexistent/schedule.csv"), FileError);
}

}  // namespace
