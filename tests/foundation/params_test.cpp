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
