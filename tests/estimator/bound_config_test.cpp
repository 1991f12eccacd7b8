// BoundConfig as a whole (reconbound/bound.hpp): the entry check a library caller of
// compute_bound gets, the comparison, and the fingerprint that keys every checkpointed work item.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "../support/temp_dir.hpp"
#include "estimator_support.hpp"
#include "reconbound/bound.hpp"
#include "reconbound/checkpoint.hpp"
#include "reconbound/error.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/registry.hpp"

namespace reconbound {
namespace {

// The message of the InvalidInput compute_bound throws for `config` on records that are missing
// altogether: a refusal that names the setting was made before any data was read.
std::string refusal_before_the_data(const BoundConfig& config) {
  const Registry registry;
  try {
    const RowMatrix* missing = nullptr;
    compute_bound(registry, BoundData(missing, missing, ImageShape{1, 4, 4}), {1.0}, config);
  } catch (const InvalidInput& e) {
    return e.what();
  }
  ADD_FAILURE() << "compute_bound accepted the config";
  return {};
}

TEST(BoundConfigCheck, ComputeBoundRefusesANormaliserShareOutsideTheOpenUnitInterval) {
  for (const double share : {0.0, 1.0, 1.5, -0.1, std::numeric_limits<double>::quiet_NaN()}) {
    BoundConfig config = presets::paper_bound_config();
    config.normaliser_alpha_fraction = share;
    const std::string message = refusal_before_the_data(config);
    EXPECT_NE(message.find("normaliser_alpha_share"), std::string::npos) << share << ": " << message;
    EXPECT_NE(message.find("must be in (0, 1)"), std::string::npos) << share << ": " << message;
  }
}

TEST(BoundConfigCheck, ComputeBoundRefusesGridListsCheckGridListsRefuses) {
  BoundConfig negative = presets::paper_bound_config();
  negative.nu2_levels = {0.2, -1.0};
  EXPECT_NE(refusal_before_the_data(negative).find("nu2 = -1 must be a finite number > 0"), std::string::npos);
  BoundConfig not_finite = presets::paper_bound_config();
  not_finite.nu2_levels = {std::numeric_limits<double>::infinity()};
  EXPECT_NE(refusal_before_the_data(not_finite).find("dither level nu2 = inf"), std::string::npos);
  BoundConfig twice = presets::paper_bound_config();
  twice.block_sizes = {1, 2, 1};
  EXPECT_NE(refusal_before_the_data(twice).find("block size k = 1 is listed twice"), std::string::npos);
}

TEST(BoundConfigCheck, AValidConfigPassesAndGoesOnToTheData) {
  EXPECT_NO_THROW(check_bound_config(presets::paper_bound_config()));
  // The config passes, so what refuses is the missing data.
  EXPECT_EQ(refusal_before_the_data(presets::paper_bound_config()).find("normaliser_alpha_share"), std::string::npos);
}

// One change of every field of BoundConfig, by name; `changes_result` is false for those that
// change no number (threads, the memory limit).
struct FieldChange {
  std::string field;
  std::function<void(BoundConfig&)> change;
  bool changes_result = true;
};

std::vector<FieldChange> one_change_of_every_field() {
  return {
      {"representation", [](BoundConfig& c) { c.representation = "dct"; }},
      {"representation_params", [](BoundConfig& c) { c.representation_params.set("arg", std::int64_t{2}); }},
      {"estimator", [](BoundConfig& c) { c.estimator = "other"; }},
      {"estimator_params", [](BoundConfig& c) { c.estimator_params.set("n_mc", std::int64_t{8}); }},
      {"converse", [](BoundConfig& c) { c.converse = "other"; }},
      {"converse_params", [](BoundConfig& c) { c.converse_params.set("arg", std::string("x")); }},
      {"block_sizes", [](BoundConfig& c) { c.block_sizes = {1, 2}; }},
      {"nu2_levels", [](BoundConfig& c) { c.nu2_levels = {0.4}; }},
      {"alpha", [](BoundConfig& c) { c.alpha = 0.01; }},
      {"normaliser_alpha_fraction", [](BoundConfig& c) { c.normaliser_alpha_fraction = 0.2; }},
      {"rotation", [](BoundConfig& c) { c.rotation = RotationChoice::signs; }},
      {"padded_order", [](BoundConfig& c) { c.padded_order = 20; }},
      {"normaliser", [](BoundConfig& c) { c.normaliser = Normaliser::sample; }},
      {"grid_select", [](BoundConfig& c) { c.grid_select = GridSelect::none; }},
      {"select_pairs", [](BoundConfig& c) { c.select_pairs = 2; }},
      {"target_rho", [](BoundConfig& c) { c.target_rho = 0.5; }},
      {"selection_only", [](BoundConfig& c) { c.selection_only = true; }},
      {"seed", [](BoundConfig& c) { c.seed = 7; }},
      {"threads", [](BoundConfig& c) { c.threads = 3; }, false},
      {"memory_limit_bytes", [](BoundConfig& c) { c.memory_limit_bytes = 1 << 30; }, false},
      {"memory_limit_source", [](BoundConfig& c) { c.memory_limit_source = "a test"; }, false},
  };
}

TEST(BoundConfigFingerprint, EveryFieldThatChangesAResultChangesItsOwnEntryAndOnlyThat) {
  const BoundConfig base = presets::paper_bound_config();
  const Fingerprint before = bound_config_fingerprint(base);
  std::size_t result_fields = 0;
  for (const FieldChange& change : one_change_of_every_field()) {
    SCOPED_TRACE(change.field);
    BoundConfig changed = base;
    change.change(changed);
    EXPECT_FALSE(changed == base);
    const Fingerprint after = bound_config_fingerprint(changed);
    ASSERT_EQ(after.size(), before.size());
    std::vector<std::string> differing;
    for (std::size_t i = 0; i < after.size(); ++i) {
      EXPECT_EQ(after[i].first, before[i].first);
      if (after[i].second != before[i].second) differing.push_back(after[i].first);
    }
    if (!change.changes_result) {
      EXPECT_TRUE(differing.empty());
      continue;
    }
    ++result_fields;
    EXPECT_EQ(differing, std::vector<std::string>{"setting " + change.field});
  }
  // Every entry is some field's: a field added to BoundConfig (and so to the fingerprint) fails
  // here until the list above changes it too.
  EXPECT_EQ(result_fields, before.size());
}

TEST(BoundConfigFingerprint, ParamsOfOtherTypesOrTextsAreOtherFingerprints) {
  const auto of_params = [](const Params& params) {
    BoundConfig config = presets::paper_bound_config();
    config.estimator_params = params;
    return bound_config_fingerprint(config);
  };
  Params whole, real, text, two;
  whole.set("n_mc", std::int64_t{8});
  real.set("n_mc", 8.0);
  text.set("n_mc", std::string("8"));
  two.set("a", std::string("1,b=2"));
  Params split;
  split.set("a", std::string("1")).set("b", std::string("2"));
  EXPECT_NE(of_params(whole), of_params(real));
  EXPECT_NE(of_params(whole), of_params(text));
  EXPECT_NE(of_params(two), of_params(split));
  EXPECT_EQ(of_params(whole), of_params(Params(whole)));
  EXPECT_TRUE(presets::paper_bound_config() == presets::paper_bound_config());
}

// A checkpoint's work items are keyed by the settings too: a rerun with another n_mc (which no
// request field carries) restores nothing and matches an uninterrupted run, and a rerun with
// other threads restores every item.
TEST(BoundConfigFingerprint, ItemsOfOtherSettingsAreNotRestored) {
  const test::TempDir dir;
  const RowMatrix perp = test::grey_sample(160, 16, 1);
  const RowMatrix est = test::grey_sample(320, 16, 2);
  const BoundData data(&perp, &est, ImageShape{1, 4, 4});
  const Registry registry;
  BoundConfig config = presets::paper_bound_config();
  config.estimator_params.set("n_mc", std::int64_t{8});
  Checkpoint checkpoint(dir.file("settings.ckpt"), {{"test", "settings"}});
  compute_bound(registry, data, {1.0}, config, {.checkpoint = &checkpoint});
  const std::size_t items = checkpoint.items();
  ASSERT_GT(items, 1U);

  BoundConfig other_draws = config;
  other_draws.estimator_params.set("n_mc", std::int64_t{16});
  const BoundReport resumed = compute_bound(registry, data, {1.0}, other_draws, {.checkpoint = &checkpoint});
  EXPECT_EQ(checkpoint.found(), 0U);
  const BoundReport uninterrupted = compute_bound(registry, data, {1.0}, other_draws);
  ASSERT_EQ(resumed.entropies.size(), uninterrupted.entropies.size());
  for (std::size_t i = 0; i < resumed.entropies.size(); ++i) {
    EXPECT_EQ(resumed.entropies[i].h_lb, uninterrupted.entropies[i].h_lb);
  }

  BoundConfig other_threads = config;
  other_threads.threads = 2;
  const std::size_t found_before = checkpoint.found();
  compute_bound(registry, data, {1.0}, other_threads, {.checkpoint = &checkpoint});
  EXPECT_EQ(checkpoint.found() - found_before, items);
}

}  // namespace
}  // namespace reconbound
