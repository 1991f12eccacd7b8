// Every output states exactly what is certified (mathematics §6.8; issue "nothing wrong looks
// clean"): `bound`, `spectrum`, `chain` and `report`, in text, JSON, SVG and HTML, rendered for both
// normalisers. Under --normaliser sample only the absolute bound is certified: no output may call
// ρ* certified, a bound on attacks or a floor. Under the default every output names its level.
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <regex>
#include <string>
#include <utility>
#include <vector>

#include "cli_runner.hpp"

using reconbound::test::fashion_mnist_t10k;
using reconbound::test::run_cli;
using reconbound::test::TempDir;

namespace {

struct Output {
  std::string name;   // which command and format
  std::string bytes;  // what it wrote
};

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

const std::vector<std::string>& small_sets() {
  static const std::vector<std::string> args = {"--data", fashion_mnist_t10k(), "--perp-range", "0:300",
                                                "--est-range", "300:600", "--grid-k", "4", "--grid-nu2",
                                                "0.4,1.6", "--threads", "2", "--quiet"};
  return args;
}

void add_run(std::vector<Output>& outputs, const std::string& name, std::vector<std::string> args) {
  args.insert(args.end(), small_sets().begin(), small_sets().end());
  const auto r = run_cli(args);
  ASSERT_EQ(r.exit_code, 0) << name << ": " << r.err;
  outputs.push_back({name, r.out});
}

// Every format of every command that prints ρ*, under `normaliser`.
std::vector<Output> render_everything(const std::string& normaliser, const TempDir& dir) {
  std::vector<Output> out;
  const std::vector<std::string> n = {"--normaliser", normaliser};
  // A short training and a coarse σ search keep the calibrations of spectrum and report to seconds.
  const std::vector<std::string> training = {"--q", "0.0170667", "--steps", "58", "--delta", "1e-5",
                                             "--sigma-tolerance", "0.01"};
  for (const char* format : {"text", "json"}) {
    std::vector<std::string> extra = n;
    if (std::string(format) == "json") extra.push_back("--json");
    std::vector<std::string> bound = {"bound", "--gamma", "1"};
    bound.insert(bound.end(), extra.begin(), extra.end());
    add_run(out, std::string("bound ") + format, bound);

    std::vector<std::string> spectrum = {"spectrum", "--epsilons", "8", "--svg", dir.path("spectrum.svg")};
    spectrum.insert(spectrum.end(), training.begin(), training.end());
    spectrum.insert(spectrum.end(), extra.begin(), extra.end());
    add_run(out, std::string("spectrum ") + format, spectrum);

    std::vector<std::string> chain = {"chain", "--targets", "20", "--bits", "1,2", "--gammas", "0.5,2",
                                      "--figures", dir.path("chain")};
    chain.insert(chain.end(), extra.begin(), extra.end());
    add_run(out, std::string("chain ") + format, chain);
  }
  std::vector<std::string> report = {"report", "--sigma", "1.0512", "--epsilons", "8", "--chain", "--chain-targets",
                                     "20", "--chain-bits", "1,2", "--output", dir.path("report.html")};
  report.insert(report.end(), training.begin(), training.end());
  report.insert(report.end(), n.begin(), n.end());
  add_run(out, "report summary", report);
  for (const char* file : {"spectrum.svg", "chain_rho.svg", "chain_spread.svg", "report.html"}) {
    out.push_back({file, read_file(dir.path(file))});
  }
  return out;
}

// Phrases that call ρ* certified, a bound on every attack or a floor (ASCII and Unicode spellings).
const std::vector<std::pair<std::string, std::regex>>& over_claims() {
  static const auto icase = std::regex::ECMAScript | std::regex::icase;
  static const std::vector<std::pair<std::string, std::regex>> phrases = {
      {"certified rho*", std::regex(R"(certified\s+(ρ\*|rho\*|rho_star|lower bound ρ|reconstruction error))", icase)},
      {"rho* (certified", std::regex(R"((ρ\*|rho\*)\s*\((the\s+)?certified)", icase)},
      {"rho* is certified", std::regex(R"((ρ\*|rho\*)\s+is\s+(itself\s+)?certified)", icase)},
      {"rho* is a lower bound",
       std::regex(R"((ρ\*|rho\*)(\s*=\s*[0-9.]+)?(</strong>)?\s+is\s+a\s+(lower bound|floor))", icase)},
      {"rho* below every attack", std::regex(R"(ρ\*\s*≤\s*ρ_blk)")},
  };
  return phrases;
}

TEST(WordingCli, UnderThePointNormaliserNoOutputCallsRhoStarCertified) {
  const TempDir dir;
  const std::vector<Output> outputs = render_everything("sample", dir);
  ASSERT_EQ(outputs.size(), 11u);
  for (const Output& o : outputs) {
    ASSERT_FALSE(o.bytes.empty()) << o.name;
    for (const auto& [name, phrase] : over_claims()) {
      std::smatch m;
      EXPECT_FALSE(std::regex_search(o.bytes, m, phrase)) << o.name << " says '" << m.str() << "' (" << name << ")";
    }
    EXPECT_TRUE(o.bytes.find("not certified") != std::string::npos) << o.name << " does not say ρ* is not certified";
  }
}

TEST(WordingCli, UnderTheUpperConfidenceBoundEveryOutputNamesItsLevel) {
  const TempDir dir;
  const std::vector<Output> outputs = render_everything("ucb", dir);
  const std::regex level(R"(95\s?%|0\.95)");
  for (const Output& o : outputs) {
    EXPECT_TRUE(std::regex_search(o.bytes, level)) << o.name << " states no level:\n" << o.bytes.substr(0, 2000);
  }
}

}  // namespace
