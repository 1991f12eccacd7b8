// workflow::run_leakage against the MPFR reference of γ (mathematics §2) and the noisy-double's
// closed form; needs() is honoured with one clear line; to_json carries the same numbers.
#include <gtest/gtest.h>

#include "reconbound/verify/reference_dpsgd.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/leakage.hpp"
#include "workflow_support.hpp"

using namespace reconbound;
using reconbound::test::invalid_input_message;
using reconbound::test::noisy_double;
using reconbound::test::workflow_registry;

namespace {

TEST(LeakageWorkflow, DpsgdMatchesTheMpfrReferenceSegmentBySegment) {
  Schedule schedule;
  schedule.runs.push_back(TrainingRun{{Segment{0.02, 1.1, 300}, Segment{0.05, 0.8, 40}}});
  schedule.runs.push_back(TrainingRun{{Segment{0.001, 4.0, 10000}}});
  const workflow::LeakageOutput out = workflow::run_leakage(workflow_registry(), {{"dpsgd", {}, schedule}});
  const verify::ReferenceValue reference = verify::reference_gamma_bits(schedule);
  EXPECT_NEAR(out.leakage.gamma_bits, reference.value,
              out.leakage.abs_error_bits + reference.abs_error + 1e-12 * reference.value);
  ASSERT_EQ(out.leakage.segments.size(), 3u);
  EXPECT_EQ(out.leakage.segments[2].run, 1u);
  Schedule last;
  last.runs.push_back(schedule.runs[1]);
  EXPECT_NEAR(out.leakage.segments[2].gamma_bits, verify::reference_gamma_bits(last).value,
              1e-10 * out.leakage.segments[2].gamma_bits);
  const nlohmann::json json = workflow::to_json(out);
  EXPECT_EQ(json["mechanism"], "dpsgd");
  EXPECT_EQ(json["gamma_bits"].get<double>(), out.leakage.gamma_bits);
  EXPECT_EQ(json["segments"].size(), 3u);
  EXPECT_EQ(json["segments"][2]["run"], 2);
}

// A mechanism that needs only its parameters: γ = k/(2σ² ln 2) with no schedule.
TEST(LeakageWorkflow, AMechanismWithoutScheduleTakesNone) {
  const auto out = workflow::run_leakage(workflow_registry(), {noisy_double(10, 4.0)});
  EXPECT_DOUBLE_EQ(out.leakage.gamma_bits, test::noisy_gamma_bits(10, 4.0));
  EXPECT_TRUE(out.leakage.segments.empty());
  workflow::MechanismRequest with_schedule = noisy_double(10, 4.0);
  with_schedule.schedule = Schedule::constant(0.1, 1.0, 10);
  EXPECT_EQ(invalid_input_message([&] { workflow::run_leakage(workflow_registry(), {with_schedule}); }),
            "mechanism noisy-double takes no schedule (‹q›, ‹sigma› and ‹steps›, or ‹schedule›)");
}

TEST(LeakageWorkflow, NeedsAreOneLineErrors) {
  EXPECT_EQ(invalid_input_message([] { workflow::run_leakage(workflow_registry(), {{"dpsgd", {}, std::nullopt}}); }),
            "no schedule: mechanism dpsgd needs one (‹q›, ‹sigma› and ‹steps›, or ‹schedule›)");
  EXPECT_EQ(invalid_input_message([] {
              workflow::run_leakage(workflow_registry(), {{"codebook", Params::parse("bits=2"), std::nullopt}});
            }),
            "mechanism codebook needs data; use `bound`");
  // The jobs have no default mechanism: the front ends name theirs.
  EXPECT_EQ(invalid_input_message([] { workflow::run_leakage(workflow_registry(), {}); }),
            "no mechanism named: give ‹mechanism› (`reconbound plugins` lists them)");
}

}  // namespace
