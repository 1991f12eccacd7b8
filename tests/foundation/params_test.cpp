// Typed plugin parameters: parsing, typing, and errors that name the key.
#include <gtest/gtest.h>

#include "reconbound/error.hpp"
#include "reconbound/params.hpp"

using namespace reconbound;

namespace {

std::string message_of(const auto& action) {
  try {
    action();
  } catch (const InvalidInput& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(Params, ParsesTypedValues) {
  const Params p = Params::parse(" n_mc = 8, scale=0.5 ,name=fast,exact=true");
  EXPECT_EQ(p.get_int("n_mc"), 8);
  EXPECT_DOUBLE_EQ(p.get_double("scale"), 0.5);
  EXPECT_DOUBLE_EQ(p.get_double("n_mc"), 8.0);
  EXPECT_EQ(p.get_string("name"), "fast");
  EXPECT_TRUE(p.get_bool("exact"));
  EXPECT_EQ(p.get_int("absent", 3), 3);
}

TEST(Params, ErrorsNameTheKey) {
  const Params p = Params::parse("n_mc=eight,scale=nan");
  EXPECT_NE(message_of([&] { p.get_int("n_mc"); }).find("'n_mc' must be an integer"), std::string::npos);
  EXPECT_NE(message_of([&] { p.get_double("scale"); }).find("'scale'"), std::string::npos);
  EXPECT_NE(message_of([&] { p.get_double("absent"); }).find("missing parameter 'absent'"),
            std::string::npos);
  EXPECT_NE(message_of([&] { p.require_only({"n_mc"}, "goldfeld"); }).find("unknown parameter 'scale' for goldfeld"),
            std::string::npos);
  EXPECT_NE(message_of([] { Params::parse("novalue"); }).find("key=value"), std::string::npos);
}

}  // namespace

namespace {

// "plugin:F" arguments: F ≥ 1, else one message naming the plugin, what N is and an example.
TEST(Params, PositiveArgOfAPluginSpec) {
  EXPECT_EQ(Params::parse("arg=4").get_positive_arg("downsample", "the pooling factor", "downsample:4"), 4u);
  const auto message = [](const char* text) {
    return message_of([&] { Params::parse(text).get_positive_arg("dct", "the number of frequencies", "dct:8"); });
  };
  EXPECT_NE(message("").find("dct: missing the number of frequencies; write dct:F"), std::string::npos);
  EXPECT_NE(message("").find("(e.g. dct:8)"), std::string::npos);
  EXPECT_NE(message("arg=0").find("F = 0 must be an integer ≥ 1"), std::string::npos);
  EXPECT_NE(message("arg=-3").find("F = -3"), std::string::npos);
  EXPECT_NE(message("arg=2.5").find("must be an integer"), std::string::npos);
}

}  // namespace
