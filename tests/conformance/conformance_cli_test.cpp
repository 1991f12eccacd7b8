// `reconbound conformance PLUGIN.so` as a user runs it (docs/conformance.md): a plugin that
// breaks one law fails with exit code 1 and the line of that check; one that keeps every law
// passes; a missing model file is a SKIP line; a file that is not a plugin is one line on
// stderr and exit code 2; --json says the same as the lines.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <regex>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli_runner.hpp"

namespace reconbound::test {
namespace {

std::string double_plugin(const std::string& name) {
  return std::string(RECONBOUND_CONFORMANCE_DOUBLES) + "/reconbound-" + name + ".so";
}

CliResult conformance(const std::string& plugin, const std::vector<std::string>& flags = {}) {
  std::vector<std::string> args{"conformance", plugin};
  args.insert(args.end(), flags.begin(), flags.end());
  return run_cli(args);
}

// The lines of `text` that start with `prefix`, e.g. "FAIL  ".
std::vector<std::string> lines_starting(const std::string& text, const std::string& prefix) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (line.starts_with(prefix)) out.push_back(line);
  }
  return out;
}

// The --data spec of 20 grey 1x4x4 records in `dir` (D_perp = 0:10, D_est = 10:20 for the jobs).
std::string small_records(const TempDir& dir) {
  std::vector<double> values(20 * 16);
  for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<double>((i * 37) % 256);
  return "npy:" + dir.write("records.npy", npy_float64({20, 1, 4, 4}, values));
}

std::size_t line_count(const std::string& text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

TEST(ConformanceCli, NegativeGammaFailsOnItsCheckWithTheNumbers) {
  const CliResult r = conformance(double_plugin("negative_gamma"));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const auto failed = lines_starting(r.out, "FAIL  ");
  ASSERT_EQ(failed.size(), 1u) << r.out;
  EXPECT_TRUE(failed[0].starts_with("FAIL  gamma_finite_non_negative  ")) << failed[0];
  EXPECT_NE(failed[0].find("violated: gamma = -0.5 bits < 0"), std::string::npos) << failed[0];
  EXPECT_FALSE(lines_starting(r.out, "PASS  gamma_deterministic  ").empty()) << r.out;
  EXPECT_NE(r.out.find("1 failed, 0 skipped: mechanism plugin 'negative_gamma'"), std::string::npos) << r.out;
}

// The jobs check the same law where the leakage crosses the plugin boundary (mathematics §2):
// a negative γ is one line naming the mechanism and exit code 2, never a printed bound.
TEST(ConformanceCli, TheJobsRefuseANegativeGammaNamingTheMechanism) {
  const std::vector<std::string> env{"RECONBOUND_PLUGIN_PATH=" RECONBOUND_CONFORMANCE_DOUBLES};
  const std::string expected =
      "mechanism negative_gamma returned gamma = -0.5 bits: a leakage bound must be finite and >= 0";
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"leakage", "--mechanism", "negative_gamma"},
        std::vector<std::string>{"leakage", "--mechanism", "negative_gamma", "--json"},
        std::vector<std::string>{"bound", "--mechanism", "negative_gamma", "--quick", "--quiet"}}) {
    const CliResult r = run_cli(args, env);
    EXPECT_EQ(r.exit_code, 2) << args[0] << ": " << r.out << r.err;
    EXPECT_EQ(r.out, "") << args[0];
    EXPECT_EQ(line_count(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
  }
}

// A declared noise parameter whose γ grows (b where 1/b belongs) fails the sweep of that
// parameter, and only it: every law with b fixed holds.
TEST(ConformanceCli, ALeakageGrowingWithADeclaredNoiseParameterFailsItsSweep) {
  const CliResult r = conformance(double_plugin("wrong_laplace"));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const auto failed = lines_starting(r.out, "FAIL  ");
  ASSERT_EQ(failed.size(), 1u) << r.out;
  // The relation that failed, then the law.
  EXPECT_TRUE(failed[0].starts_with("FAIL  gamma_non_increasing_in_b  violated: gamma(b = 1) = 0.53073784542304303 > "
                                    "gamma(b = 0.5) + error bars = 0.15369125447004592 + 0 bits"))
      << failed[0];
  EXPECT_NE(failed[0].find("the law: gamma finite, >= 0 and non-increasing in b over [0.5, 8]"), std::string::npos)
      << failed[0];
  for (const char* law : {"gamma_finite_non_negative", "gamma_deterministic"}) {
    EXPECT_FALSE(lines_starting(r.out, std::string("PASS  ") + law + "  ").empty()) << law << "\n" << r.out;
  }
}

// The in-tree codebook declares its bits (γ = R, non-decreasing) and passes the sweep.
TEST(ConformanceCli, TheCodebookPassesTheSweepOfItsBits) {
  const CliResult r = conformance(RECONBOUND_CODEBOOK_PLUGIN);
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_FALSE(lines_starting(r.out, "PASS  gamma_non_decreasing_in_bits  ").empty()) << r.out;
}

TEST(ConformanceCli, AParameterRangeThatCannotBeSweptIsALoadFailure) {
  const CliResult r = conformance(double_plugin("bad_range"));
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(line_count(r.err), 1u) << r.err;
  EXPECT_NE(r.err.find("parameter range 'b' is [2, 1]: it needs finite low < high"), std::string::npos) << r.err;
}

// An accountant's bracket is checked where core consumes it (mathematics §8): an inverted
// bracket is one line naming the mechanism and exit code 2, in every job that asks for ε.
TEST(ConformanceCli, TheJobsRefuseAnInvertedEpsilonBracketNamingTheMechanism) {
  const std::vector<std::string> env{"RECONBOUND_PLUGIN_PATH=" RECONBOUND_CONFORMANCE_DOUBLES};
  const std::vector<std::string> mechanism{"--mechanism", "inverted_bracket", "--mechanism-param",
                                           "epsilon=2,invert_bracket=true", "--delta", "1e-5"};
  const TempDir dir;
  const std::string data = small_records(dir);
  const std::string expected = "mechanism inverted_bracket returned epsilon = 2 in [3, 1] at delta = 1e-05: its "
                               "accountant must give finite 0 <= epsilon_lower <= epsilon <= epsilon_upper";
  for (std::vector<std::string> args :
       {std::vector<std::string>{"epsilon"}, std::vector<std::string>{"calibrate", "--target-epsilon", "1"},
        std::vector<std::string>{"spectrum", "--epsilons", "1", "--data", data, "--perp-range", "0:10", "--est-range",
                                 "10:20", "--quiet"}}) {
    args.insert(args.end(), mechanism.begin(), mechanism.end());
    const CliResult r = run_cli(args, env);
    EXPECT_EQ(r.exit_code, 2) << args[0] << ": " << r.out << r.err;
    EXPECT_EQ(r.out, "") << args[0];
    EXPECT_EQ(line_count(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(args[0] == "epsilon" ? expected : "mechanism inverted_bracket returned epsilon = "),
              std::string::npos)
        << r.err;
  }
}

// Ψ is checked where it crosses the plugin boundary: a NaN, or a coordinate of its declared
// output_dim left unwritten, is one line naming the representation and exit code 2.
TEST(ConformanceCli, TheJobsRefuseBrokenFeaturesNamingTheRepresentation) {
  const std::vector<std::string> env{"RECONBOUND_PLUGIN_PATH=" RECONBOUND_CONFORMANCE_DOUBLES};
  const TempDir dir;
  const std::string data = small_records(dir);
  for (const auto& [defect, expected] : std::vector<std::pair<std::string, std::string>>{
           {"nan", "representation broken_features gave nan at coordinate 0 of record 0: Psi must write all "
                   "output_dim = 16 coordinates of every record, each finite"},
           {"short", "representation broken_features gave nan at coordinate 15 of record 0: Psi must write all "
                     "output_dim = 16 coordinates of every record, each finite"}}) {
    const CliResult r = run_cli({"bound", "--data", data, "--perp-range", "0:10", "--est-range", "10:20", "--gamma",
                                 "1", "--representation", "broken_features:" + defect, "--quiet"},
                                env);
    EXPECT_EQ(r.exit_code, 2) << defect << ": " << r.out << r.err;
    EXPECT_EQ(r.out, "") << defect;
    EXPECT_EQ(line_count(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(expected), std::string::npos) << r.err;
  }
}

TEST(ConformanceCli, RhoAboveOneFailsOnItsCheckWithTheNumbers) {
  const CliResult r = conformance(double_plugin("rho_above_one"));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const auto failed = lines_starting(r.out, "FAIL  ");
  ASSERT_EQ(failed.size(), 1u) << r.out;
  // The relation that failed, then the law.
  EXPECT_TRUE(failed[0].starts_with("FAIL  rho_star_in_unit_interval  violated: rho* = 1.5 > 1 at gamma = 0 bits"))
      << failed[0];
  EXPECT_NE(failed[0].find("the law: 0 <= rho* <= 1"), std::string::npos) << failed[0];
  for (const char* law : {"non_increasing_in_gamma", "non_decreasing_in_entropy", "largest_gamma_inverts_bound",
                          "bad_inputs_refused"}) {
    EXPECT_FALSE(lines_starting(r.out, std::string("PASS  ") + law + "  ").empty()) << law << "\n" << r.out;
  }
}

TEST(ConformanceCli, EpsilonGrowingWithDeltaFailsOnItsCheck) {
  const CliResult r = conformance(double_plugin("increasing_epsilon"));
  EXPECT_EQ(r.exit_code, 1) << r.out << r.err;
  const auto failed = lines_starting(r.out, "FAIL  ");
  ASSERT_EQ(failed.size(), 1u) << r.out;
  EXPECT_TRUE(failed[0].starts_with("FAIL  epsilon_non_increasing_in_delta  ")) << failed[0];
}

// The same mechanism with ε independent of δ keeps every law, including the optional ones.
TEST(ConformanceCli, AMechanismWithEveryOptionalPartPasses) {
  const CliResult r = conformance(double_plugin("randomized_response"));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  EXPECT_TRUE(lines_starting(r.out, "FAIL").empty()) << r.out;
  for (const char* check : {"gamma_finite_non_negative", "gamma_non_increasing_in_noise_scale",
                            "non_positive_noise_scale_refused", "epsilon_non_negative", "epsilon_within_its_bounds",
                            "epsilon_non_increasing_in_delta", "epsilon_non_increasing_in_noise_scale"}) {
    EXPECT_FALSE(lines_starting(r.out, std::string("PASS  ") + check + "  ").empty()) << check << "\n" << r.out;
  }
  EXPECT_TRUE(lines_starting(r.out, "PASS  runs_add").empty()) << "no schedule, so no schedule laws\n" << r.out;
}

TEST(ConformanceCli, AMissingModelFileIsASkipWithTheReason) {
  const CliResult r = conformance(double_plugin("missing_model"));
  EXPECT_EQ(r.exit_code, 0) << r.out << r.err;
  const auto skipped = lines_starting(r.out, "SKIP  ");
  ASSERT_EQ(skipped.size(), 1u) << r.out;
  EXPECT_TRUE(std::regex_match(skipped[0], std::regex(R"(SKIP  created_from_example  \(a file its example .*)"
                                                      R"(no-such-model\.onnx.* is missing: .*\))")))
      << skipped[0];
  EXPECT_NE(r.out.find("0 passed, 0 failed, 1 skipped"), std::string::npos) << r.out;
}

TEST(ConformanceCli, AFileThatIsNotAPluginIsOneLineAndExitCode2) {
  const TempDir dir;
  const std::string text = dir.write("notes.so", "not a shared library\n");
  for (const auto& [file, reason] : std::vector<std::pair<std::string, std::string>>{
           {text, "cannot be loaded as a shared library"},
           {std::string(RECONBOUND_SDK_LIBRARY), "not a reconbound plugin"},
           {dir.path("absent.so"), "no such file"}}) {
    const CliResult r = conformance(file);
    EXPECT_EQ(r.exit_code, 2) << file << "\n" << r.out << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(line_count(r.err), 1u) << r.err;
    EXPECT_NE(r.err.find(file), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(reason), std::string::npos) << r.err;
  }
}

TEST(ConformanceCli, JsonSaysWhatTheLinesSay) {
  const CliResult lines = conformance(RECONBOUND_DPSGD_PLUGIN);
  const CliResult json = conformance(RECONBOUND_DPSGD_PLUGIN, {"--json"});
  ASSERT_EQ(json.exit_code, 0) << json.out << json.err;
  ASSERT_EQ(lines.exit_code, 0) << lines.out << lines.err;
  const auto report = nlohmann::json::parse(json.out);
  EXPECT_EQ(report["plugin"]["name"], "dpsgd");
  EXPECT_EQ(report["plugin"]["kind"], "mechanism");
  const auto passed = lines_starting(lines.out, "PASS  ");
  ASSERT_EQ(report["checks"].size(), passed.size());
  for (std::size_t i = 0; i < passed.size(); ++i) {
    const auto& check = report["checks"][i];
    EXPECT_EQ(check["outcome"], "PASS");
    EXPECT_EQ(passed[i], "PASS  " + check["name"].get<std::string>() + "  " + check["detail"].get<std::string>());
  }
  EXPECT_EQ(report["summary"]["passed"], passed.size());
  EXPECT_EQ(report["summary"]["failed"], 0);
  EXPECT_FALSE(lines_starting(lines.out, "PASS  gamma_matches_mpfr_reference  ").empty()) << lines.out;
}

// Mathematics §9: the attack suite fails an attack that returns a NaN, one error too few, or errors
// a thousandth of the prior mean's (better than the converse allows), each on exactly its check;
// the honest prior-mean attack passes all three.
TEST(ConformanceCli, TheAttackSuiteFailsEachFaultOnItsCheck) {
  const CliResult honest = conformance(double_plugin("attack_none"));
  EXPECT_EQ(honest.exit_code, 0) << honest.out << honest.err;
  for (const char* check : {"attack_error_count_and_values", "attack_thread_independent", "attack_above_rho_star"}) {
    EXPECT_FALSE(lines_starting(honest.out, std::string("PASS  ") + check + "  ").empty()) << check << honest.out;
  }
  const std::vector<std::pair<std::string, std::string>> faults{
      {"attack_nan", "attack_error_count_and_values"},
      {"attack_count", "attack_error_count_and_values"},
      {"attack_beats", "attack_above_rho_star"}};
  for (const auto& [plugin, check] : faults) {
    const CliResult r = conformance(double_plugin(plugin));
    EXPECT_EQ(r.exit_code, 1) << plugin << r.out << r.err;
    const auto failed = lines_starting(r.out, "FAIL  ");
    ASSERT_EQ(failed.size(), 1u) << plugin << "\n" << r.out;
    EXPECT_TRUE(failed[0].starts_with("FAIL  " + check + "  ")) << failed[0];
  }
}

}  // namespace
}  // namespace reconbound::test
