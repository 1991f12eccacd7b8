// Every row of the settings table against the jobs (workflow/setting_table.hpp,
// presets/paper_settings.hpp): the table's default is the documented one, BoundConfig made from
// the defaults (or, for the other jobs' rows, the job's request) holds it, and a bad value gets
// the row's message from bound_config. The expected
// values are written here (the paper's and docs/settings-route.md's), not read from the table.
#include <gtest/gtest.h>

#include <cmath>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "reconbound/accountant.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/error.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/presets/paper_settings.hpp"
#include "reconbound/workflow/bound_settings.hpp"
#include "reconbound/workflow/chain.hpp"
#include "reconbound/workflow/data.hpp"
#include "reconbound/workflow/mechanism_request.hpp"
#include "reconbound/workflow/report.hpp"
#include "reconbound/workflow/spectrum.hpp"

using namespace reconbound;

namespace {

// What a row must say and what the jobs must make of it.
struct Expected {
  std::string default_text;
  std::function<bool(const BoundConfig&)> holds_default;  // the default, in the BoundConfig of the defaults
  std::function<void(workflow::BoundSettings&)> make_bad;   // empty: the table refuses no value of the type
  std::string message;                                       // the message for make_bad, spelled as Python does
};

bool no_param(const Params& params, const char* key) { return !params.has(key); }

std::size_t all_cores() { return std::max(1U, std::thread::hardware_concurrency()); }

std::map<std::string, Expected> expectations() {
  using S = workflow::BoundSettings;
  using C = BoundConfig;
  return {
      {"representation", {"pixel", [](const C&) { return presets::paper_bound_config().representation == "pixel"; },
                          {}, ""}},
      {"mechanism", {"dpsgd", [](const C&) { return true; }, {}, ""}},       // the charge's, not the config's
      {"estimator", {"goldfeld", [](const C& c) { return c.estimator == "goldfeld"; }, {}, ""}},
      {"converse", {"slb", [](const C& c) { return c.converse == "slb"; }, {}, ""}},
      {"rotation", {"auto", [](const C& c) { return c.rotation == RotationChoice::automatic; },
                    [](S& s) { s.rotation = "random"; }, "rotation: random not in {auto,eigenbasis,signs}"}},
      {"padded_order", {"the smallest constructible order >= m", [](const C& c) { return c.padded_order == 0; },
                        [](S& s) { s.padded_order = 0; }, "padded_order: '0' is not a whole number >= 1"}},
      {"grid_k", {"the divisors of m up to 32", [](const C& c) { return c.block_sizes.empty(); }, {}, ""}},
      {"grid_nu2", {"0.2,0.4,0.8,1.6,3.2,6.4", [](const C& c) { return c.nu2_levels.empty(); }, {}, ""}},
      {"grid_select", {"pilot", [](const C& c) { return c.grid_select == GridSelect::pilot; },
                       [](S& s) { s.grid_select = "best"; }, "grid_select: best not in {pilot,none}"}},
      {"grid_select_pairs", {"1", [](const C& c) { return c.select_pairs == 1; },
                             [](S& s) { s.grid_select_pairs = 1001; },
                             "grid_select_pairs: '1001' is not a whole number in [1, 1000]"}},
      {"select_only", {"false", [](const C& c) { return !c.selection_only; }, {}, ""}},
      {"alpha", {"0.05", [](const C& c) { return c.alpha == 0.05; }, [](S& s) { s.alpha = 1.5; },
                 "alpha=1.5 must be in (0, 1)"}},
      {"normaliser", {"ucb", [](const C& c) { return c.normaliser == Normaliser::ucb; },
                      [](S& s) { s.normaliser = "median"; }, "normaliser: median not in {sample,ucb}"}},
      {"normaliser_alpha_share", {"0.1", [](const C& c) { return c.normaliser_alpha_fraction == 0.1; },
                                  [](S& s) { s.normaliser_alpha_share = 0.0; },
                                  "normaliser_alpha_share=0 must be in (0, 1): the share of alpha the tr Sigma "
                                  "upper confidence bound gets"}},
      {"representation_params", {"", [](const C& c) { return c.representation_params.values().empty(); }, {}, ""}},
      {"estimator_params", {"", [](const C& c) { return no_param(c.estimator_params, "exact"); }, {}, ""}},
      {"converse_params", {"", [](const C& c) { return c.converse_params.values().empty(); }, {}, ""}},
      {"mc_samples", {"the smallest with t_MC <= t_MD per k, mathematics §6.7",
                      [](const C& c) { return no_param(c.estimator_params, "n_mc"); },
                      [](S& s) { s.mc_samples = 0; }, "mc_samples: '0' is not a whole number >= 1"}},
      {"exact", {"false", [](const C& c) { return no_param(c.estimator_params, "exact"); }, {}, ""}},
      {"threads", {"0", [](const C& c) { return c.threads == all_cores(); }, [](S& s) { s.threads = -1; },
                   "threads: '-1' is not a whole number >= 0"}},
  };
}

// The other jobs' rows (workflow::job_setting_table): the default each request keeps.
std::map<std::string, Expected> job_expectations() {
  using C = BoundConfig;
  const auto request_holds = [](bool holds) { return [holds](const C&) { return holds; }; };
  const workflow::SpectrumRequest spectrum;
  const std::vector<double> epsilons{1, 2, 4, 8, 16, 32, 64};
  return {
      {"n_perp", {"", request_holds(!workflow::DataRequest{}.perp), {}, ""}},
      {"n_est", {"", request_holds(!workflow::DataRequest{}.est), {}, ""}},
      {"seed", {"0", request_holds(workflow::DataRequest{}.seed == 0), {}, ""}},
      {"targets", {"100", request_holds(workflow::ChainDataRequest{}.targets == 100), {}, ""}},
      {"mechanism_params", {"", request_holds(workflow::MechanismRequest{}.params.values().empty()), {}, ""}},
      {"delta", {"", request_holds(!workflow::DeltaRequest{}.given()), {}, ""}},
      {"delta_exponent", {"", request_holds(!workflow::DeltaRequest{}.given()), {}, ""}},
      {"n_train", {"", request_holds(!workflow::DeltaRequest{}.given()), {}, ""}},
      {"sigma_tolerance", {"0.0001", request_holds(CalibrationOptions{}.sigma_tolerance == 1e-4), {}, ""}},
      {"epsilon_error", {"0.01", request_holds(AccountantOptions{}.epsilon_error == 0.01), {}, ""}},
      {"epsilons", {"1,2,4,8,16,32,64", request_holds(spectrum.target_epsilons == epsilons &&
                                                      workflow::ReportRequest{}.target_epsilons == epsilons), {}, ""}},
      {"joint", {"false", request_holds(!spectrum.joint), {}, ""}},
  };
}

std::map<std::string, Expected> every_expectation() {
  auto all = expectations();
  all.merge(job_expectations());
  return all;
}

const ParameterSpelling kKeywords{[](std::string_view name) { return std::string(name); }, "="};

TEST(SettingTable, EveryRowIsListedHereWithItsDocumentedDefault) {
  const auto expected = every_expectation();
  for (const auto& row : presets::front_end_settings()) {
    const auto found = expected.find(row.name);
    ASSERT_NE(found, expected.end()) << row.name << ": a new setting; list it in this test";
    EXPECT_EQ(row.default_text, found->second.default_text) << row.name;
    EXPECT_EQ(row.flag.substr(0, 2), "--") << row.name;
    EXPECT_FALSE(row.help.empty()) << row.name;
  }
  EXPECT_EQ(presets::front_end_settings().size(), expected.size());
}

TEST(SettingTable, TheBoundConfigOfTheDefaultsHoldsTheTablesDefaults) {
  const BoundConfig config = workflow::bound_config(presets::paper_bound_settings());
  for (const auto& [name, expected] : every_expectation()) {
    EXPECT_TRUE(expected.holds_default(config)) << name;
  }
  const auto& alpha = presets::front_end_setting("alpha");
  EXPECT_EQ(std::get<double>(alpha.default_value), config.alpha);
  EXPECT_EQ(std::get<std::int64_t>(presets::front_end_setting("grid_select_pairs").default_value),
            static_cast<std::int64_t>(config.select_pairs));
}

TEST(SettingTable, ABadValueGetsTheRowsMessageFromTheJobs) {
  for (const auto& [name, expected] : every_expectation()) {
    const auto& row = presets::front_end_setting(name);
    const bool checked = !row.choices.empty() || row.range.has_value();
    ASSERT_EQ(checked, static_cast<bool>(expected.make_bad)) << name << ": the table's check and this test disagree";
    if (!expected.make_bad) continue;
    workflow::BoundSettings settings = presets::paper_bound_settings();
    expected.make_bad(settings);
    try {
      static_cast<void>(workflow::bound_config(settings));
      ADD_FAILURE() << name << ": the bad value was accepted";
    } catch (const InvalidInput& e) {
      EXPECT_EQ(spell_parameters(e.what(), kKeywords), expected.message) << name;
    }
  }
}

TEST(SettingTable, TheRowsSpelledOtherwiseNameTheirOptions) {
  EXPECT_EQ(presets::front_end_setting("n_perp").flag, "--perp");
  EXPECT_EQ(presets::front_end_setting("n_est").flag, "--est");
  EXPECT_EQ(presets::front_end_setting("mechanism_params").flag, "--mechanism-param");
  EXPECT_EQ(presets::front_end_setting("representation").plural, "representations");
  EXPECT_EQ(workflow::job_setting("alpha").name, "alpha");  // the bound pipeline's rows too
  EXPECT_EQ(workflow::default_whole("seed"), 0);
  EXPECT_THROW(static_cast<void>(workflow::job_setting("no_such_setting")), std::logic_error);
}

// α and its share live in BoundConfig, so the engine's entry check (check_bound_config) is their
// one check; the table's rows state the same ranges for the help and Python's docs.
TEST(SettingTable, TheEnginesEntryCheckRefusesWhatTheRowsRangesExclude) {
  const std::map<std::string, std::function<void(BoundConfig&, double)>> fields = {
      {"alpha", [](BoundConfig& c, double v) { c.alpha = v; }},
      {"normaliser_alpha_share", [](BoundConfig& c, double v) { c.normaliser_alpha_fraction = v; }}};
  for (const auto& [name, set] : fields) {
    const auto& row = presets::front_end_setting(name);
    for (const double value : {-0.5, 0.0, 1e-12, 0.3, 1.0 - 1e-12, 1.0, 1.5, std::nan("")}) {
      BoundConfig config = presets::paper_bound_config();
      set(config, value);
      bool table_refuses = false, engine_refuses = false;
      try { workflow::check_number(row, value); } catch (const InvalidInput&) { table_refuses = true; }
      try { check_bound_config(config); } catch (const InvalidInput&) { engine_refuses = true; }
      EXPECT_EQ(engine_refuses, table_refuses) << name << " = " << value;
      EXPECT_EQ(engine_refuses, !(value > 0.0 && value < 1.0)) << name << " = " << value;
    }
  }
}

TEST(SettingTable, WholeNumbersAreCheckedOnTheirText) {
  const auto& pairs = *presets::front_end_setting("grid_select_pairs").range;
  EXPECT_EQ(workflow::whole_number_problem(pairs, "1000"), "");
  EXPECT_EQ(workflow::whole_number_problem(pairs, "-1"), "'-1' is not a whole number in [1, 1000]");
  EXPECT_EQ(workflow::whole_number_problem(pairs, "2x"), "'2x' is not a whole number in [1, 1000]");
}

}  // namespace
