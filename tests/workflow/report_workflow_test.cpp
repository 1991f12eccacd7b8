// workflow::run_report refuses what it cannot do before the long work: a chain asked for without
// attack rows (the paper's rows are the front ends' preset, presets/paper_chain.hpp), and a
// σ that is not > 0. Its page and numbers are checked through the CLI and Python (tests/report/,
// tests/cli/wording_cli_test.cpp, tests/python/test_results_schema.py).
#include <gtest/gtest.h>

#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/workflow/report.hpp"
#include "workflow_support.hpp"

using namespace reconbound;
using reconbound::test::invalid_input_message;
using reconbound::test::workflow_registry;

namespace {

workflow::ReportRequest small_report_request() {
  workflow::ReportRequest request;
  request.mechanism = {"dpsgd", {}, Schedule::constant(0.1, 1.0, 10)};
  request.data = test::t10k_ranges(0, 200, 400);
  request.representation = presets::kPaperRepresentation;
  request.bound = test::small_bound_config();
  request.target_epsilons = {8.0};
  return request;
}

TEST(ReportWorkflow, AChainWithoutAttackRowsIsRefused) {
  workflow::ReportRequest request = small_report_request();
  request.chain = workflow::ReportChainRequest{};
  EXPECT_EQ(invalid_input_message([&] { workflow::run_report(workflow_registry(), request); }),
            "the report's chain names no attack rows: give at least one mechanism with an attack");
  request.chain->attacks = {workflow::named_attack_row("dpsgd")};
  request.sigma = 0.0;
  EXPECT_EQ(invalid_input_message([&] { workflow::run_report(workflow_registry(), request); }),
            "‹sigma=0› must be finite and > 0");
}

}  // namespace
