// `calibrate --target-rho R --by-label` as a user runs it (mathematics §6.10, §8.2): its σ is the
// largest of the σ_c that `calibrate --target-rho R --alpha α/L` gives on each label's index files
// (written here from this test's own split and its own reading of the label file), the binding
// label is the one whose σ_c is that largest, every label keeps ρ* ≥ R at σ, and bad input is a
// one-line error naming the label.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/split.hpp"

namespace reconbound::test {
namespace {

namespace fs = std::filesystem;

// The small split of the by-label tests: 1,000 + 1,500 of the 10,000 test images, seed 3.
constexpr std::size_t kRecords = 10000, kPerp = 1000, kEst = 1500;
constexpr std::uint64_t kSeed = 3;
constexpr double kTolerance = 1e-4;  // calibrate's default --sigma-tolerance
const std::string kTarget = "0.1";   // reached by every label of this split (0.15 is not: label 1)

std::string t10k_labels() {
  return (fs::path(fashion_mnist_t10k().substr(4)).parent_path() / "t10k-labels-idx1-ubyte.gz").string();
}

// The label file read here without the reader under test: gunzip, an 8-byte IDX header, one byte per label.
std::vector<std::size_t> read_t10k_labels() {
  const std::vector<std::uint8_t> bytes = detail::gunzip(detail::read_file_bytes(t10k_labels()), "labels");
  EXPECT_EQ(bytes.size(), 8 + kRecords);
  return {bytes.begin() + 8, bytes.end()};
}

// The schedule, representation and grid every run here shares.
std::vector<std::string> settings() {
  return {"--q", "0.0170667", "--steps", "5860", "--representation", "downsample:2", "--grid-k", "8,20",
          "--grid-nu2", "0.4,1.6", "--seed", std::to_string(kSeed), "--threads", "1", "--quiet"};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::vector<std::string> by_label(const std::string& target) {
  return with({"calibrate", "--target-rho", target, "--by-label", "--data", fashion_mnist_t10k(), "--labels",
               "idx:" + t10k_labels(), "--perp", std::to_string(kPerp), "--est", std::to_string(kEst)},
              settings());
}

nlohmann::json json_of(const CliResult& r) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

// The indices of `set` whose label is c, one per line.
std::string indices_of_label(const std::vector<std::size_t>& set, const std::vector<std::size_t>& labels, std::size_t c) {
  std::string out;
  for (const std::size_t i : set) {
    if (labels[i] == c) out += std::to_string(i) + "\n";
  }
  return out;
}

// `calibrate --target-rho` alone on label c's records of the split, at α/L = 0.005.
nlohmann::json calibrate_label_alone(const TempDir& dir, std::size_t c) {
  const std::vector<std::size_t> labels = read_t10k_labels();
  const Split split = random_split(kRecords, kPerp, kEst, kSeed);
  const std::string perp = dir.write("perp.txt", indices_of_label(split.perp, labels, c));
  const std::string est = dir.write("est.txt", indices_of_label(split.est, labels, c));
  return json_of(run_cli(with({"calibrate", "--target-rho", kTarget, "--data", fashion_mnist_t10k(), "--perp-indices",
                               perp, "--est-indices", est, "--alpha", "0.005", "--json"},
                              settings())));
}

TEST(CalibrateByLabelCli, SigmaIsTheLargestOfEachLabelsOwnCalibration) {
  const nlohmann::json out = json_of(run_cli(with(by_label(kTarget), {"--json"})));
  const nlohmann::json& rows = out.at("by_label");
  ASSERT_EQ(rows.size(), 10U);
  EXPECT_EQ(out.at("by_label_certificate").at("alpha_per_label"), 0.005);
  EXPECT_EQ(out.at("pooled").at("certificate").at("alpha"), 0.05);  // the pooled calibration: its own statement at α
  const double sigma = out.at("sigma");
  const TempDir dir;
  std::map<std::size_t, double> sigma_alone;
  for (const nlohmann::json& row : rows) {
    const auto c = row.at("label").get<std::size_t>();
    SCOPED_TRACE("label " + std::to_string(c));
    const nlohmann::json alone = calibrate_label_alone(dir, c);
    sigma_alone[c] = alone.at("sigma");
    // The label's budget is calibrate's on its index files at α/L, and it keeps ρ* ≥ R at σ.
    EXPECT_EQ(row.at("largest_gamma_bits"), alone.at("largest_gamma_bits"));
    EXPECT_EQ(row.at("budget_pair"), alone.at("budget_pair"));
    EXPECT_EQ(row.at("certificate").at("alpha"), alone.at("certificate").at("alpha"));
    EXPECT_GE(row.at("rho_star").get<double>(), 0.1);
    // A label with a larger budget needs no more noise: its own σ_c is at most σ (to the tolerance).
    EXPECT_LE(sigma_alone[c], sigma * (1.0 + kTolerance));
  }
  const auto largest = std::max_element(sigma_alone.begin(), sigma_alone.end(),
                                        [](const auto& a, const auto& b) { return a.second < b.second; });
  // The budgets here lie far apart (0.54 bits for label 1, 1.7 and more for the others): one σ_c is the largest.
  EXPECT_EQ(out.at("binding_label").get<std::size_t>(), largest->first);
  EXPECT_EQ(rows.front().at("label"), out.at("binding_label"));
  EXPECT_EQ(sigma, largest->second);  // the same budget, the same search
  for (std::size_t r = 1; r < rows.size(); ++r) {  // the binding (smallest) budget first
    EXPECT_LE(rows[r - 1].at("largest_gamma_bits").get<double>(), rows[r].at("largest_gamma_bits").get<double>());
  }
}

// The pooled object is `calibrate --target-rho` on the whole split, timings aside.
TEST(CalibrateByLabelCli, ThePooledCalibrationIsCalibrateOnTheWholeSplit) {
  const nlohmann::json out = json_of(run_cli(with(by_label(kTarget), {"--json"})));
  const nlohmann::json pooled =
      json_of(run_cli(with({"calibrate", "--target-rho", kTarget, "--data", fashion_mnist_t10k(), "--perp",
                            std::to_string(kPerp), "--est", std::to_string(kEst), "--json"},
                           settings())));
  for (const char* key : {"sigma", "largest_gamma_bits", "rho_star", "k_star", "nu2_star", "gamma_bits"}) {
    EXPECT_EQ(out.at("pooled").at(key), pooled.at(key)) << key;
  }
  EXPECT_LT(pooled.at("sigma").get<double>(), out.at("sigma").get<double>());  // a class needs more noise
}

TEST(CalibrateByLabelCli, TheTableNamesSigmaTheBindingLabelAndThePooledCalibration) {
  const CliResult r = run_cli(with(by_label(kTarget), {"--delta", "1e-5"}));
  ASSERT_EQ(r.exit_code, 0) << r.err;
  for (const char* part : {"pooled (all labels, its own statement): sigma = ", "budget bits", "rho* at s",
                           "smallest budget, label 1)", "epsilon:        ",
                           "jointly for all 10 labels (each at alpha/10): at sigma = ", "label 1 binds"}) {
    EXPECT_NE(r.out.find(part), std::string::npos) << part << "\n" << r.out;
  }
}

// The JSON without its timings (every "timings_s" and "seconds").
nlohmann::json without_timings(nlohmann::json j) {
  if (j.is_object()) {
    j.erase("timings_s");
    j.erase("seconds");
  }
  if (j.is_structured()) {
    for (auto& item : j) item = without_timings(item);
  }
  return j;
}

TEST(CalibrateByLabelCli, ARunCutShortResumesFromItsCheckpointToTheSameAnswer) {
  const TempDir dir;
  const std::string file = dir.path("run.ckpt");
  std::vector<std::string> args = with(by_label(kTarget), {"--json", "--checkpoint", file});
  args.erase(std::find(args.begin(), args.end(), "--quiet"));
  const CliResult whole = run_cli(args);
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  const auto size = fs::file_size(file);
  fs::resize_file(file, size / 2);  // cut short: a torn last record, the rest computed again
  const CliResult resumed = run_cli(args);
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(without_timings(nlohmann::json::parse(resumed.out)), without_timings(nlohmann::json::parse(whole.out)));
  EXPECT_EQ(fs::file_size(file), size);
  // Everything on file: the pooled estimate and each of the 10 labels' restore all their items.
  const CliResult again = run_cli(args);
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(without_timings(nlohmann::json::parse(again.out)), without_timings(nlohmann::json::parse(whole.out)));
  std::size_t restored = 0;
  for (auto at = again.err.find("items restored"); at != std::string::npos; at = again.err.find("items restored", at + 1)) {
    ++restored;
  }
  EXPECT_EQ(restored, 11U) << again.err;
}

// One error line naming the problem, exit 2.
void expect_one_line_error(const CliResult& r, const std::string& fragment) {
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
}

// A raw IDX file of one unsigned byte per record (00 00 08 01, the count big-endian, the bytes).
std::string idx_labels(const std::vector<std::uint8_t>& labels) {
  std::string out("\x00\x00\x08\x01", 4);
  for (int shift = 24; shift >= 0; shift -= 8) out += static_cast<char>((labels.size() >> shift) & 0xff);
  out.append(labels.begin(), labels.end());
  return out;
}

TEST(CalibrateByLabelCli, BadInputIsOneLineNamingTheLabel) {
  expect_one_line_error(run_cli(by_label("0.3")),
                        "target rho 0.3 is out of reach: without any leakage label 0 (146 records of D_est, "
                        "at alpha/10) certifies rho* = ");
  const TempDir dir;
  // Label 1 holds record 100 of D⊥ and records 300 and 301 of D_est: too few for an estimate.
  std::vector<std::uint8_t> labels(kRecords, 0);
  labels[100] = labels[300] = labels[301] = 1;
  const std::string file = dir.write("labels.idx", idx_labels(labels));
  expect_one_line_error(run_cli(with({"calibrate", "--target-rho", kTarget, "--by-label", "--data", fashion_mnist_t10k(),
                                      "--labels", "idx:" + file, "--perp-range", "0:200", "--est-range", "200:400"},
                                     settings())),
                        "label 1 has too few records for an estimate (1 in D_perp, 2 in D_est): ");
  expect_one_line_error(run_cli(with({"calibrate", "--target-rho", kTarget, "--labels", "idx:" + file}, settings())),
                        "--by-label");
  expect_one_line_error(run_cli(with(by_label(kTarget), {"--select-only"})), "--select-only goes with `bound` only");
  expect_one_line_error(run_cli(with(by_label(kTarget), {"--label-names", dir.write("few.txt", "a\nb\n")})),
                        "names 2 classes but the labels run to 9");
}

}  // namespace
}  // namespace reconbound::test
