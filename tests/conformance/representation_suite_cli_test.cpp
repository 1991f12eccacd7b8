// The representation suite on a Sobel gradient-magnitude plugin (doubles/sobel.cpp): correct, it
// passes; with each fault a plugin written from the docs might have, it fails naming the law and
// the relation that failed (docs/conformance.md, "Representation"). Then the options.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <chrono>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

namespace reconbound::test {
namespace {

std::string sobel(const std::string& fault) {
  return std::string(RECONBOUND_CONFORMANCE_DOUBLES) + "/reconbound-sobel_" + fault + ".so";
}

struct Report {
  CliResult result;
  std::vector<std::string> lines;
  // The names of the failed checks, and the first failed line of a check by name.
  std::set<std::string> failed() const {
    std::set<std::string> names;
    for (const std::string& line : lines) {
      if (line.starts_with("FAIL  ")) names.insert(line.substr(6, line.find("  ", 6) - 6));
    }
    return names;
  }
  std::string line_of(const std::string& outcome_and_check) const {
    for (const std::string& line : lines) {
      if (line.starts_with(outcome_and_check + "  ")) return line;
    }
    return "";
  }
};

Report conformance(const std::string& plugin, const std::vector<std::string>& flags = {},
                   const std::vector<std::string>& env = {}) {
  std::vector<std::string> args{"conformance", plugin};
  args.insert(args.end(), flags.begin(), flags.end());
  Report report{run_cli(args, env), {}};
  std::istringstream in(report.result.out);
  for (std::string line; std::getline(in, line);) report.lines.push_back(line);
  return report;
}

bool contains(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

// True B for 1x28x28: m = 26·26 = 676 interior pixels, 20·255² each (sobel.cpp, by enumeration).
TEST(RepresentationSuite, TheSobelGradientMagnitudePassesEveryLaw) {
  const auto start = std::chrono::steady_clock::now();
  const Report r = conformance(sobel("none"));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.result.exit_code, 0) << r.result.out << r.result.err;
  EXPECT_TRUE(r.failed().empty()) << r.result.out;
  EXPECT_TRUE(contains(r.result.out, "19 passed, 0 failed, 0 skipped")) << r.result.out;
  const std::string bound = r.line_of("PASS  declared_bound_holds[1x28x28]");
  EXPECT_TRUE(contains(bound, "<= B = 8.79138e+08")) << bound;  // 676 · 1,300,500
  EXPECT_TRUE(contains(bound, "hill-climb of 19")) << bound;     // the default budget, 20,000, spent
  EXPECT_LT(seconds, 20.0) << "the kit should take a few seconds per plugin";
}

// Each fault, the checks that fail (on both test shapes), and what the 1x28x28 line must say.
struct Fault {
  std::string fault;
  std::set<std::string> failed;
  std::string check;
  std::vector<std::string> says;
};

TEST(RepresentationSuite, EachFaultFailsNamingItsLaw) {
  const std::vector<Fault> faults{
      {"nan_edges", {"finite_output", "generated_records"}, "finite_output[1x28x28]",
       {"violated: record 5 (step left 0 | right 255): coordinate ", "nan, not finite",
        "the law: every coordinate psi writes is finite"}},
      // B = 255²·676 = 4.39569e7, 20 times too small: a step edge against black is past it.
      {"small_bound", {"declared_bound_holds"}, "declared_bound_holds[1x28x28]",
       {"violated: pair (constant 0, step left 0 | right 255): |psi(x) - psi(x')|^2 = 5.41008e+07 > B = 4.39569e+07",
        "the law: |psi(x) - psi(x')|^2 <= B"}},
      {"extra_row", {"every_coordinate_written", "declared_bound_holds", "generated_records"},
       "every_coordinate_written[1x28x28]",
       {"violated: record 0 (constant 0): coordinate 676 of 702 (and 26 in all) still the marked NaN after map",
        "the law: map writes all m = 702 coordinates of every record"}},
      {"nondeterministic", {"deterministic"}, "deterministic[1x28x28]",
       {"two maps differ by max |diff| = 1e-09 > 0", "the law: two maps of the same records are bitwise equal"}},
      {"shared_scratch", {"thread_safe"}, "thread_safe[1x28x28]",
       {"violated: round ", "max |concurrent - alone| = ", "the law: 4 threads released at once"}}};
  for (const Fault& f : faults) {
    const Report r = conformance(sobel(f.fault));
    EXPECT_EQ(r.result.exit_code, 1) << f.fault << "\n" << r.result.out << r.result.err;
    std::set<std::string> expected;
    for (const std::string& check : f.failed) {
      expected.insert(check + "[1x28x28]");
      expected.insert(check + "[3x32x32]");
    }
    EXPECT_EQ(r.failed(), expected) << f.fault << "\n" << r.result.out;
    const std::string line = r.line_of("FAIL  " + f.check);
    for (const std::string& part : f.says) EXPECT_TRUE(contains(line, part)) << f.fault << ": " << part << "\n" << line;
  }
}

// RapidCheck shrinks the failure to a small record the detail prints: a full-contrast edge in a
// corner, the rest black.
TEST(RepresentationSuite, AGeneratedFailureIsShrunkToASmallRecord) {
  const Report r = conformance(sobel("nan_edges"));
  const std::string line = r.line_of("FAIL  generated_records[1x28x28]");
  EXPECT_TRUE(contains(line, "shrunk in ")) << line;
  EXPECT_TRUE(contains(line, "record 0 = 0 everywhere, then channel 0 rows [0, ")) << line;
  EXPECT_TRUE(contains(line, "at 255")) << line;
  EXPECT_TRUE(contains(line, "not finite")) << line;
}

TEST(RepresentationSuite, ParamReplacesTheExample) {
  const Report r = conformance(sobel("none"), {"--param", "fault=small_bound"});
  EXPECT_EQ(r.result.exit_code, 1) << r.result.out << r.result.err;
  EXPECT_TRUE(contains(r.line_of("PASS  created_from_example"), "the parameters given")) << r.result.out;
  EXPECT_EQ(r.failed(), (std::set<std::string>{"declared_bound_holds[1x28x28]", "declared_bound_holds[3x32x32]"}));
}

TEST(RepresentationSuite, RecordsSeedAndSearchBudgetReachTheChecks) {
  const Report r = conformance(sobel("none"), {"--records", "4", "--seed", "9", "--search-budget", "320"});
  EXPECT_EQ(r.result.exit_code, 0) << r.result.out << r.result.err;
  // 30 structured records and 4 of uniform noise.
  EXPECT_TRUE(contains(r.line_of("PASS  finite_output[1x28x28]"), "34 records")) << r.result.out;
  EXPECT_TRUE(contains(r.line_of("PASS  declared_bound_holds[1x28x28]"), "(budget 320, "))
      << r.result.out;
  EXPECT_TRUE(contains(r.line_of("PASS  generated_records[1x28x28]"), "(seed 9;")) << r.result.out;
}

// Real records of another shape add it to the test shapes, and join its records.
TEST(RepresentationSuite, DataAddsItsShapeAndRecords) {
  const TempDir dir;
  std::vector<double> values(10 * 36);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>((i * 53) % 256);
  const std::string data = "npy:" + dir.write("records.npy", npy_float64({10, 1, 6, 6}, values));
  const Report r = conformance(sobel("none"), {"--data", data, "--records", "3"});
  EXPECT_EQ(r.result.exit_code, 0) << r.result.out << r.result.err;
  // 30 structured, 3 noise and 3 data records of 1x6x6.
  EXPECT_TRUE(contains(r.line_of("PASS  finite_output[1x6x6]"), "36 records")) << r.result.out;
  const Report nan = conformance(sobel("nan_edges"), {"--data", data, "--records", "3"});
  EXPECT_TRUE(nan.failed().contains("finite_output[1x6x6]")) << nan.result.out;
}

// A reference plugin on the search path: the same map passes, a map with NaN on edges does not.
TEST(RepresentationSuite, AReferencePluginIsComparedOnTheSuitesRecords) {
  const std::vector<std::string> env{"RECONBOUND_PLUGIN_PATH=" RECONBOUND_CONFORMANCE_DOUBLES};
  const Report same = conformance(sobel("none"), {"--reference", "sobel_small_bound", "--tolerance", "0"}, env);
  EXPECT_EQ(same.result.exit_code, 0) << same.result.out << same.result.err;
  EXPECT_TRUE(contains(same.line_of("PASS  matches_reference[1x28x28]"), "psi = the representation plugin 'sobel_small_bound'"))
      << same.result.out;
  const Report edges =
      conformance(sobel("none"), {"--reference", "sobel_nan_edges", "--reference-param", "fault=nan_edges"}, env);
  EXPECT_EQ(edges.result.exit_code, 1) << edges.result.out << edges.result.err;
  const std::string line = edges.line_of("FAIL  matches_reference[1x28x28]");
  EXPECT_TRUE(contains(line, "violated: record 5 (step left 0 | right 255): max |psi - reference| = inf >")) << line;
  // The builtin reference of downsample, and another factor as a reference: m differs.
  const Report factor = conformance("downsample:4", {"--reference", "downsample:2"});
  EXPECT_EQ(factor.result.exit_code, 1) << factor.result.out << factor.result.err;
  EXPECT_TRUE(contains(factor.line_of("FAIL  matches_reference[1x28x28]"), "the reference gives 46 x 196")) << factor.result.out;
}

TEST(RepresentationSuite, AWrongOptionIsOneLineAndExitCode2) {
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"conformance", "dpsgd", "--data", "fashion-mnist"},
        std::vector<std::string>{"conformance", sobel("none"), "--tolerance", "1e-3"},
        std::vector<std::string>{"conformance", "no_such_plugin"}}) {
    const CliResult r = run_cli(args);
    EXPECT_EQ(r.exit_code, 2) << args[1] << r.out << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  }
}

TEST(RepresentationSuite, JsonCarriesEveryCheckWithItsDetail) {
  const Report r = conformance(sobel("small_bound"), {"--json"});
  EXPECT_EQ(r.result.exit_code, 1);
  const auto report = nlohmann::json::parse(r.result.out);
  EXPECT_EQ(report["summary"]["failed"], 2);
  bool found = false;
  for (const auto& check : report["checks"]) {
    if (check["name"] != "declared_bound_holds[1x28x28]") continue;
    found = true;
    EXPECT_EQ(check["outcome"], "FAIL");
    EXPECT_TRUE(contains(check["detail"].get<std::string>(), "> B = 4.39569e+07")) << check["detail"];
  }
  EXPECT_TRUE(found) << r.result.out;
}

}  // namespace
}  // namespace reconbound::test
