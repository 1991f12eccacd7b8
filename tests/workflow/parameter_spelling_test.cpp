// Core names a job's parameters in its messages (reconbound/error.hpp's parameter()); each front
// end spells them its own way: the CLI as options, Python as keywords.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "reconbound/error.hpp"
#include "reconbound/workflow/bound_settings.hpp"
#include "reconbound/workflow/epsilon.hpp"
#include "workflow_support.hpp"

using namespace reconbound;

namespace {

// Two spellings as the front ends write them (the CLI's own is tested in tests/cli).
const ParameterSpelling kOptions{[](std::string_view name) {
                                   std::string out = "--" + std::string(name);
                                   for (char& c : out) c = c == '_' ? '-' : c;
                                   return out;
                                 },
                                 " "};
const ParameterSpelling kKeywords{[](std::string_view name) { return std::string(name); }, "="};

TEST(ParameterSpelling, NamesAndValuesAreSpelledByTheFrontEnd) {
  const std::string message = parameter("delta", 2.0) + " is outside [1e-15, 1)";
  EXPECT_EQ(message, "‹delta=2› is outside [1e-15, 1)");
  EXPECT_EQ(spell_parameters(message, kOptions), "--delta 2 is outside [1e-15, 1)");
  EXPECT_EQ(spell_parameters(message, kKeywords), "delta=2 is outside [1e-15, 1)");
  const std::string both = "give " + parameter("delta_exponent") + " and " + parameter("n_train", 1e-5) + ".";
  EXPECT_EQ(spell_parameters(both, kOptions), "give --delta-exponent and --n-train 1e-05.");
  EXPECT_EQ(spell_parameters(both, kKeywords), "give delta_exponent and n_train=1e-05.");
}

TEST(ParameterSpelling, TextWithoutParametersIsUnchanged) {
  for (const std::string text : {"", "gamma = -0.5 bits", "an unclosed ‹mark", "‹", "a closing › alone"}) {
    EXPECT_EQ(spell_parameters(text, kOptions), text);
  }
}

// The jobs' messages name the requests' fields, which are Python's keywords.
TEST(ParameterSpelling, TheDeltaMessagesReadInBothSpellings) {
  const std::string none = test::invalid_input_message([] { workflow::resolve_delta({}); });
  EXPECT_EQ(spell_parameters(none, kOptions),
            "no delta: give --delta, or --delta-exponent and --n-train (delta = n_train^-delta_exponent)");
  EXPECT_EQ(spell_parameters(none, kKeywords),
            "no delta: give delta, or delta_exponent and n_train (delta = n_train^-delta_exponent)");
  workflow::DeltaRequest bad;
  bad.exponent = 1.1;
  bad.n_train = 0.5;
  const std::string small = test::invalid_input_message([&] { workflow::resolve_delta(bad); });
  EXPECT_EQ(spell_parameters(small, kOptions), "--n-train 0.5 must be >= 1");
  EXPECT_EQ(spell_parameters(small, kKeywords), "n_train=0.5 must be >= 1");
}

// The bound's choices are checked once, in bound_config, in the words the CLI always used.
TEST(ParameterSpelling, TheChoiceMessagesReadInBothSpellings) {
  workflow::BoundSettings settings;
  const auto message = [&] {
    return test::invalid_input_message([&] { static_cast<void>(workflow::bound_config(settings)); });
  };
  settings.rotation = "random";
  const std::string rotation = message();
  EXPECT_EQ(spell_parameters(rotation, kOptions), "--rotation: random not in {auto,eigenbasis,signs}");
  EXPECT_EQ(spell_parameters(rotation, kKeywords), "rotation: random not in {auto,eigenbasis,signs}");
  settings.rotation = "auto";
  settings.normaliser = "median";
  const std::string normaliser = message();
  EXPECT_EQ(spell_parameters(normaliser, kOptions), "--normaliser: median not in {sample,ucb}");
  settings.normaliser = "ucb";
  settings.grid_select = "best";
  const std::string select = message();
  EXPECT_EQ(spell_parameters(select, kKeywords), "grid_select: best not in {pilot,none}");
}

}  // namespace
