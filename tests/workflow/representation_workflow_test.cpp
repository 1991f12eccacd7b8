// workflow::apply_representation reads the caller's records in place and gives Ψ of each (mathematics
// §3); require_finite_records refuses a NaN naming the record; to_json of the registry lists the
// plugins as `reconbound plugins --json`.
#include <gtest/gtest.h>

#include <limits>

#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/representation.hpp"
#include "workflow_support.hpp"

using namespace reconbound;
using reconbound::test::invalid_input_message;
using reconbound::test::workflow_registry;

namespace {

// Two 1×4×4 records: record r holds 16·r + i at position i.
RowMatrix numbered_images() {
  RowMatrix records(2, 16);
  for (Eigen::Index r = 0; r < 2; ++r) {
    for (Eigen::Index i = 0; i < 16; ++i) records(r, i) = static_cast<double>(16 * r + i);
  }
  return records;
}

TEST(RepresentationWorkflow, DownsampleIsTheMeanOfEachBlock) {
  const RowMatrix records = numbered_images();
  const Eigen::Map<const RowMatrix> view(records.data(), 2, 16);  // the caller's own memory
  const RowMatrix out = workflow::apply_representation(workflow_registry(), "downsample:2", {}, view, {1, 4, 4});
  ASSERT_EQ(out.rows(), 2);
  ASSERT_EQ(out.cols(), 4);
  // Block (0, 0) of record 1 holds 16 + {0, 1, 4, 5}: mean 18.5.
  EXPECT_DOUBLE_EQ(out(1, 0), 18.5);
  EXPECT_DOUBLE_EQ(out(0, 3), (10.0 + 11.0 + 14.0 + 15.0) / 4.0);
}

TEST(RepresentationWorkflow, RefusalsNameTheProblem) {
  const RowMatrix records = numbered_images();
  EXPECT_NE(invalid_input_message([&] {
              workflow::apply_representation(workflow_registry(), "downsample:3", {}, records, {1, 4, 4});
            }).find("does not accept records of shape 1x4x4"),
            std::string::npos);
  EXPECT_EQ(invalid_input_message([&] {
              workflow::apply_representation(workflow_registry(), "pixel", {}, records, {1, 2, 2});
            }),
            "records have 16 values but the shape 1x2x2 has 4");
  EXPECT_THROW(workflow::apply_representation(workflow_registry(), "no-such-plugin", {}, records, {1, 4, 4}),
               PluginError);
}

TEST(RepresentationWorkflow, NonFiniteRecordsAreNamed) {
  RowMatrix records = numbered_images();
  EXPECT_NO_THROW(require_finite_records(records, "mine"));
  records(1, 7) = std::numeric_limits<double>::quiet_NaN();
  EXPECT_EQ(invalid_input_message([&] { require_finite_records(records, "mine"); }),
            "mine: record 1 holds a non-finite value (nan) at position 7; remove or repair it");
}

TEST(RepresentationWorkflow, RegistryJsonListsEveryPlugin) {
  const nlohmann::json json = workflow::to_json(workflow_registry());
  ASSERT_EQ(json["plugins"].size(), workflow_registry().plugins().size());
  const auto& first = workflow_registry().plugins().front();
  EXPECT_EQ(json["plugins"][0]["name"], first.name);
  EXPECT_EQ(json["plugins"][0]["path"], first.path.string());
  EXPECT_EQ(json["failures"].size(), workflow_registry().failures().size());
}

}  // namespace
