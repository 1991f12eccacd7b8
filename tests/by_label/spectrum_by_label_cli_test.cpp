// `spectrum --by-label` as a user runs it (mathematics §6.10): the worst-label curve is the
// smallest absolute bound of the labels' rows at each ε, a label's curve is `spectrum` on that
// label's records of D⊥ and D_est at α/L — computed again here from index files this test writes
// from its own split and its own reading of the label file —, a cut-short run resumes from its
// checkpoint, and bad input is a one-line error.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/split.hpp"

namespace reconbound::test {
namespace {

namespace fs = std::filesystem;

// The small split of the MPI tests: 1,000 + 1,500 of the 10,000 test images, seed 3.
constexpr std::size_t kRecords = 10000, kPerp = 1000, kEst = 1500;
constexpr std::uint64_t kSeed = 3;

std::string t10k_labels() {
  return (fs::path(fashion_mnist_test_images()).parent_path() / "t10k-labels-idx1-ubyte.gz").string();
}

// The label file read here without the reader under test: gunzip, an 8-byte IDX header, one
// byte per label.
std::vector<std::size_t> read_t10k_labels() {
  const std::vector<std::uint8_t> bytes = detail::gunzip(detail::read_file_bytes(t10k_labels()), "labels");
  EXPECT_EQ(bytes.size(), 8 + kRecords);
  return {bytes.begin() + 8, bytes.end()};
}

// Three target ε of a short schedule (a calibration of a few accountant runs each; at ε = 100
// nothing is certified), the grid of the bound tests, the figure in `dir`.
std::vector<std::string> settings(const TempDir& dir) {
  return {"--q", "0.02", "--steps", "300", "--delta", "1e-5", "--epsilons", "2,8,100", "--seed", std::to_string(kSeed),
          "--threads", "1", "--quiet", "--json", "--representation", "downsample:2", "--grid-k", "8,20",
          "--grid-nu2", "0.4,1.6", "--svg", dir.path("spectrum.svg")};
}

std::vector<std::string> small_split() {
  return {"--data", fashion_mnist_t10k(), "--perp", std::to_string(kPerp), "--est", std::to_string(kEst)};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

std::vector<std::string> by_label_run(const TempDir& dir) {
  return with(with({"spectrum", "--by-label", "--labels", "idx:" + t10k_labels()}, small_split()), settings(dir));
}

nlohmann::json json_of(const CliResult& r) {
  EXPECT_EQ(r.exit_code, 0) << r.err;
  return nlohmann::json::parse(r.out);
}

// An IDX label file (00 00 08 01, the count big-endian, one byte per label).
std::string idx_labels(const std::vector<std::uint8_t>& labels) {
  std::string out("\x00\x00\x08\x01", 4);
  for (const int shift : {24, 16, 8, 0}) out += static_cast<char>((labels.size() >> shift) & 0xff);
  return out + std::string(labels.begin(), labels.end());
}

// The indices of `set` whose label is c, one per line.
std::string indices_of_label(const std::vector<std::size_t>& set, const std::vector<std::size_t>& labels, std::size_t c) {
  std::string out;
  for (const std::size_t i : set) {
    if (labels[i] == c) out += std::to_string(i) + "\n";
  }
  return out;
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

TEST(SpectrumByLabelCli, TheWorstLabelIsTheSmallestAbsoluteBoundOfTheRowsAndTwoRowsAreSpectrumOnTheirIndexFiles) {
  const TempDir dir;
  const nlohmann::json out = json_of(run_cli(by_label_run(dir)));
  const nlohmann::json& rows = out.at("by_label");
  ASSERT_EQ(rows.size(), 10U);
  EXPECT_EQ(out.at("by_label_certificate").at("level"), 0.95);
  EXPECT_EQ(out.at("by_label_certificate").at("alpha_per_curve"), 0.005);
  EXPECT_EQ(out.at("alpha"), 0.05);  // the pooled spectrum: its own statement at α
  ASSERT_EQ(out.at("calibrations").size(), 3U);
  // At each ε, the smallest abs_bound of the ten rows, its label (the lowest one among equals)
  // and how many rows share it.
  const nlohmann::json& worst = out.at("worst_label").at(0).at("points");
  for (std::size_t i = 0; i < 3; ++i) {
    double smallest = rows[0].at("representations")[0].at("points")[i].at("abs_bound");
    std::size_t at = 0, tied = 1;
    for (std::size_t c = 1; c < rows.size(); ++c) {
      const double bound = rows[c].at("representations")[0].at("points")[i].at("abs_bound");
      if (bound == smallest) ++tied;
      if (bound < smallest) smallest = bound, at = c, tied = 1;
    }
    EXPECT_EQ(worst[i].at("abs_bound").get<double>(), smallest);
    EXPECT_EQ(worst[i].at("label"), rows[at].at("label"));
    EXPECT_EQ(worst[i].at("labels_tied"), tied);
    EXPECT_EQ(worst[i].at("rho_star"), rows[at].at("representations")[0].at("points")[i].at("rho_star"));
  }
  // ε = 2 and 8 certify every class here, ε = 100 none.
  EXPECT_GT(worst[1].at("rho_star").get<double>(), 0.0);
  EXPECT_EQ(worst[2].at("labels_tied"), 10);
  // The pooled part is `spectrum` without --by-label.
  nlohmann::json pooled = out;
  for (const char* key : {"labels_source", "by_label", "worst_label", "by_label_certificate"}) pooled.erase(key);
  const nlohmann::json plain = json_of(run_cli(with(with({"spectrum"}, small_split()), settings(dir))));
  EXPECT_EQ(without_timings(pooled), without_timings(plain));
  // The worst label at ε = 2 and the last label, by hand: `spectrum` on their index files at α/10.
  const std::vector<std::size_t> labels = read_t10k_labels();
  const Split split = random_split(kRecords, kPerp, kEst, kSeed);
  for (const std::size_t c : {worst[0].at("label").get<std::size_t>(), std::size_t{9}}) {
    const nlohmann::json& row = rows[c];
    ASSERT_EQ(row.at("label"), c);
    const std::string perp = dir.write("perp.txt", indices_of_label(split.perp, labels, c));
    const std::string est = dir.write("est.txt", indices_of_label(split.est, labels, c));
    const nlohmann::json alone =
        json_of(run_cli(with({"spectrum", "--data", fashion_mnist_t10k(), "--perp-indices", perp, "--est-indices", est,
                              "--alpha", "0.005"}, settings(dir))));
    SCOPED_TRACE(row.at("name").get<std::string>());
    EXPECT_EQ(alone.at("calibrations"), out.at("calibrations"));  // the calibration reads no record
    const nlohmann::json& mine = row.at("representations")[0];
    const nlohmann::json& theirs = alone.at("representations")[0];
    for (const char* key : {"points", "n_est", "m", "normaliser_value", "grid_selection"}) {
      EXPECT_EQ(mine.at(key), theirs.at(key)) << key;
    }
    EXPECT_EQ(mine.at("certificate").at("alpha"), theirs.at("certificate").at("alpha"));
    EXPECT_EQ(mine.at("certificate").at("union_size"), theirs.at("certificate").at("union_size"));
    EXPECT_EQ(row.at("n_est"), theirs.at("n_est"));
  }
}

TEST(SpectrumByLabelCli, WithJointEachCurveIsAtAlphaOverLabelsTimesRepresentations) {
  const TempDir dir;
  // Two classes (the first 5,000 records against the rest) and two representations.
  std::vector<std::uint8_t> halves(kRecords, 0);
  std::fill(halves.begin() + kRecords / 2, halves.end(), 1);
  std::vector<std::string> args = with({"spectrum", "--by-label", "--joint", "--labels",
                                        "idx:" + dir.write("l.idx", idx_labels(halves)),
                                        "--representation", "downsample:4"}, small_split());
  args = with(args, settings(dir));
  *std::find(args.begin(), args.end(), "8,20") = "8";  // k divides both padded orders (200 and 56)
  const nlohmann::json out = json_of(run_cli(args));
  const nlohmann::json& certificate = out.at("by_label_certificate");
  EXPECT_EQ(certificate.at("alpha_per_curve").get<double>(), 0.05 / 2 / 2);
  EXPECT_EQ(certificate.at("levels"), "joint over labels and representations");
  ASSERT_EQ(out.at("worst_label").size(), 2U);
  for (const nlohmann::json& row : out.at("by_label")) {
    ASSERT_EQ(row.at("representations").size(), 2U);
    for (const nlohmann::json& curve : row.at("representations")) {
      EXPECT_EQ(curve.at("certificate").at("alpha").get<double>(), 0.05 / 2 / 2);
      EXPECT_NE(curve.at("certificate").at("scope").get<std::string>().find("joint over 2 representations"),
                std::string::npos) << curve.at("certificate").at("scope");
    }
  }
}

TEST(SpectrumByLabelCli, ALabelTooSmallForACurveIsARowWithTheReasonAndTheWorstLabel) {
  const TempDir dir;
  std::vector<std::uint8_t> labels(kRecords, 0);
  labels[10] = labels[11] = 1;    // two records of label 1 in D⊥: fewer than tr Sigma needs
  labels[400] = labels[401] = 1;  // and two in D_est
  std::vector<std::string> args{"spectrum", "--by-label", "--data", fashion_mnist_t10k(), "--labels",
                                "idx:" + dir.write("l.idx", idx_labels(labels)), "--perp-range", "0:300",
                                "--est-range", "300:700"};
  const nlohmann::json out = json_of(run_cli(with(args, settings(dir))));
  const nlohmann::json& rows = out.at("by_label");
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_NE(rows[1].at("trivial").get<std::string>().find("too few records (2 in D_perp, 2 in D_est)"),
            std::string::npos) << rows[1].at("trivial");
  EXPECT_TRUE(rows[1].at("representations").empty());
  EXPECT_TRUE(rows[0].at("trivial").is_null());
  // Nothing is certified for label 1: it is the worst label at every ε, with ρ* = 0.
  const nlohmann::json& worst = out.at("worst_label").at(0).at("points");
  EXPECT_GT(rows[0].at("representations")[0].at("points")[0].at("rho_star").get<double>(), 0.0);
  EXPECT_EQ(worst[0].at("label"), 1);
  EXPECT_EQ(worst[0].at("labels_tied"), 1);
  for (const nlohmann::json& point : worst) EXPECT_EQ(point.at("rho_star"), 0.0);
}

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(SpectrumByLabelCli, ARunCutShortResumesFromItsCheckpointToTheSameCurves) {
  const TempDir dir;
  const std::string file = dir.path("run.ckpt");
  std::vector<std::string> args = by_label_run(dir);
  args.erase(std::find(args.begin(), args.end(), "--quiet"));
  const CliResult whole = run_cli(with(args, {"--checkpoint", file}));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  // Cut short: the items of the first curves stay, a torn last record and the rest are computed again.
  const auto size = fs::file_size(file);
  fs::resize_file(file, size / 2);
  const CliResult resumed = run_cli(with(args, {"--checkpoint", file}));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(without_timings(nlohmann::json::parse(resumed.out)), without_timings(nlohmann::json::parse(whole.out)));
  EXPECT_EQ(fs::file_size(file), size);
  // Everything on file: the pooled curve and each of the 10 labels' restore all their items.
  const CliResult again = run_cli(with(args, {"--checkpoint", file}));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(without_timings(nlohmann::json::parse(again.out)), without_timings(nlohmann::json::parse(whole.out)));
  EXPECT_EQ(count_of(again.err, "items restored"), 11U) << again.err;
}

TEST(SpectrumByLabelCli, TheTableAndTheFigureShowTheWorstLabelBesideThePooledCurve) {
  const TempDir dir;
  std::vector<std::string> args = by_label_run(dir);
  args.erase(std::find(args.begin(), args.end(), "--json"));
  const CliResult table = run_cli(args);
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("pooled spectrum (all labels, its own statement), beside it the worst of 10 labels"),
            std::string::npos) << table.out;
  EXPECT_NE(table.out.find("| worst label"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("| (10 labels tie)"), std::string::npos) << table.out;  // ε = 100: nothing certified
  EXPECT_NE(table.out.find("representation downsample:2: rho* of each label at each target epsilon"),
            std::string::npos) << table.out;
  EXPECT_NE(table.out.find("jointly for all 10 labels (each label's curve at alpha/10)"), std::string::npos)
      << table.out;
  const CliResult svg = run_program("/bin/cat", {dir.path("spectrum.svg")});
  ASSERT_EQ(svg.exit_code, 0);
  EXPECT_EQ(count_of(svg.out, "<polyline"), 2U);  // the pooled curve and the worst label's
  EXPECT_EQ(count_of(svg.out, "stroke-dasharray=\"6,4\""), 2U) << svg.out;  // its line and its legend entry
  EXPECT_NE(svg.out.find("downsample:2: worst of 10 labels"), std::string::npos);
  EXPECT_NE(svg.out.find("dashed: the worst of 10 labels, jointly"), std::string::npos);
}

// One error line naming the problem, exit 2.
void expect_one_line_error(const CliResult& r, const std::string& fragment) {
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
}

TEST(SpectrumByLabelCli, BadInputIsAOneLineError) {
  const TempDir dir;
  const std::vector<std::string> ranges{"spectrum", "--data", fashion_mnist_t10k(), "--perp-range", "0:200",
                                        "--est-range", "200:400", "--q", "0.02", "--steps", "300", "--delta", "1e-5",
                                        "--epsilons", "2", "--quiet", "--svg", dir.path("s.svg")};
  expect_one_line_error(run_cli(with(ranges, {"--by-label", "--labels", "idx:" + t10k_labels(), "--select-only"})),
                        "--select-only goes with `bound` only");
  expect_one_line_error(run_cli(with(ranges, {"--labels", "idx:" + t10k_labels()})), "--by-label");
  std::vector<std::uint8_t> labels(kRecords, 0);
  labels[100] = 1;  // in D⊥ only
  expect_one_line_error(run_cli(with(ranges, {"--by-label", "--labels", "idx:" + dir.write("a.idx", idx_labels(labels))})),
                        "label 1 has no record in D_est");
  labels.pop_back();
  expect_one_line_error(run_cli(with(ranges, {"--by-label", "--labels", "idx:" + dir.write("b.idx", idx_labels(labels))})),
                        "holds 9999 labels but the data set");
  std::vector<std::string> no_epsilon = ranges;
  *std::find(no_epsilon.begin(), no_epsilon.end(), "2") = "0";
  expect_one_line_error(run_cli(with(no_epsilon, {"--by-label", "--labels", "idx:" + t10k_labels()})),
                        "--epsilons: 0 is outside (0, 200]");
  expect_one_line_error(run_cli(with(ranges, {"--by-label"})), "carries no labels: give --labels");
  EXPECT_FALSE(fs::exists(dir.path("s.svg")));  // refused before anything is computed or written
}

}  // namespace
}  // namespace reconbound::test
