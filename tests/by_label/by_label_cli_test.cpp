// `bound --by-label` as a user runs it (mathematics §6.10): each row is `bound` on that label's
// records of D⊥ and D_est at α/L — computed again here from the index files --label-indices
// writes, which must hold what this test finds from its own split and its own reading of the
// label file — and bad labels are one-line errors.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "cli_runner.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/png_codec.hpp"
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

// The label file read here without the reader under test: gunzip, an 8-byte IDX header
// (00 00 08 01, count), one byte per label.
std::vector<std::size_t> read_t10k_labels() {
  const std::vector<std::uint8_t> bytes = detail::gunzip(detail::read_file_bytes(t10k_labels()), "labels");
  EXPECT_EQ(bytes.size(), 8 + kRecords);
  return {bytes.begin() + 8, bytes.end()};
}

std::vector<std::string> small_split() {
  return {"--data", fashion_mnist_t10k(), "--perp", std::to_string(kPerp), "--est", std::to_string(kEst), "--seed",
          std::to_string(kSeed), "--gamma", "1", "--threads", "1", "--quiet", "--json", "--representation",
          "downsample:2", "--grid-k", "8,20", "--grid-nu2", "0.4,1.6"};
}

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
  args.insert(args.end(), more.begin(), more.end());
  return args;
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

std::string file_text(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << path;
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

TEST(ByLabelCli, TwoRowsAreTheBoundOnTheirLabelsIndexFilesAtAlphaOverL) {
  const TempDir dir;
  const std::string folder = dir.path("indices/of/labels");  // made by the run, parents included
  const CliResult run = run_cli(
      with({"bound", "--by-label", "--labels", "idx:" + t10k_labels(), "--label-indices", folder}, small_split()));
  const nlohmann::json by_label = json_of(run);
  EXPECT_NE(run.err.find("bound: wrote the index files of 10 labels to " + folder + ": re-compute the row of label c "
                         "with bound --perp-indices " + folder + "/label-<c>-perp.txt --est-indices " + folder +
                         "/label-<c>-est.txt --alpha 0.005"),
            std::string::npos) << run.err;
  const nlohmann::json& rows = by_label.at("by_label");
  ASSERT_EQ(rows.size(), 10U);
  EXPECT_EQ(by_label.at("by_label_certificate").at("level"), 0.95);
  EXPECT_EQ(by_label.at("by_label_certificate").at("alpha_per_label"), 0.005);
  EXPECT_EQ(by_label.at("pooled").at("alpha"), 0.05);  // the pooled bound: its own statement at α
  for (std::size_t r = 1; r < rows.size(); ++r) {      // the smallest guaranteed error first
    EXPECT_LE(rows[r - 1].at("abs_bound").get<double>(), rows[r].at("abs_bound").get<double>());
  }
  const std::vector<std::size_t> labels = read_t10k_labels();
  const Split split = random_split(kRecords, kPerp, kEst, kSeed);
  for (std::size_t c = 0; c < 10; ++c) {  // every label's files: its records, as found here
    EXPECT_EQ(file_text(folder + fmt::format("/label-{}-perp.txt", c)), indices_of_label(split.perp, labels, c)) << c;
    EXPECT_EQ(file_text(folder + fmt::format("/label-{}-est.txt", c)), indices_of_label(split.est, labels, c)) << c;
  }
  for (const nlohmann::json& row : {rows.front(), rows.back()}) {
    const auto c = row.at("label").get<std::size_t>();
    const std::string perp = folder + fmt::format("/label-{}-perp.txt", c);
    const std::string est = folder + fmt::format("/label-{}-est.txt", c);
    const nlohmann::json alone = json_of(run_cli({"bound", "--data", fashion_mnist_t10k(), "--perp-indices", perp,
                                                  "--est-indices", est, "--seed", std::to_string(kSeed), "--alpha",
                                                  "0.005", "--gamma", "1", "--threads", "1", "--quiet", "--json",
                                                  "--representation", "downsample:2", "--grid-k", "8,20", "--grid-nu2",
                                                  "0.4,1.6"}));
    SCOPED_TRACE(row.at("name").get<std::string>());
    EXPECT_EQ(row.at("n_perp"), alone.at("n_perp"));
    EXPECT_EQ(row.at("n_est"), alone.at("n_est"));
    EXPECT_EQ(row.at("certificate").at("union_size"), alone.at("certificate").at("union_size"));
    for (const char* key : {"rho_star", "k_star", "nu2_star", "abs_bound", "trace_sigma", "trace_sigma_ucb"}) {
      EXPECT_EQ(row.at(key), alone.at(key)) << key;
    }
    EXPECT_EQ(row.at("certificate").at("alpha").get<double>(), alone.at("certificate").at("alpha").get<double>());
    EXPECT_EQ(row.at("certificate_alpha"), 0.005);
    EXPECT_GT(row.at("rho_star").get<double>(), 0.0);
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

std::size_t count_of(const std::string& text, const std::string& part) {
  std::size_t n = 0;
  for (auto at = text.find(part); at != std::string::npos; at = text.find(part, at + 1)) ++n;
  return n;
}

TEST(ByLabelCli, ARunCutShortResumesFromItsCheckpointToTheSameRows) {
  const TempDir dir;
  const std::string file = dir.path("run.ckpt");
  std::vector<std::string> args = with({"bound", "--by-label", "--labels", "idx:" + t10k_labels()}, small_split());
  args.erase(std::find(args.begin(), args.end(), "--quiet"));
  const CliResult whole = run_cli(with(args, {"--checkpoint", file}));
  ASSERT_EQ(whole.exit_code, 0) << whole.err;
  // Cut short: the items of the first bounds stay, a torn last record and the rest are computed again.
  const auto size = fs::file_size(file);
  fs::resize_file(file, size / 2);
  const CliResult resumed = run_cli(with(args, {"--checkpoint", file}));
  ASSERT_EQ(resumed.exit_code, 0) << resumed.err;
  EXPECT_EQ(without_timings(nlohmann::json::parse(resumed.out)), without_timings(nlohmann::json::parse(whole.out)));
  EXPECT_EQ(fs::file_size(file), size);
  // Everything on file: the pooled bound and each of the 10 labels restore all their items.
  const CliResult again = run_cli(with(args, {"--checkpoint", file}));
  ASSERT_EQ(again.exit_code, 0) << again.err;
  EXPECT_EQ(without_timings(nlohmann::json::parse(again.out)), without_timings(nlohmann::json::parse(whole.out)));
  EXPECT_EQ(count_of(again.err, "items restored"), 11U) << again.err;
}

TEST(ByLabelCli, TheTableNamesTheMostExposedClassAndThePooledBound) {
  const CliResult r = run_cli(with({"bound", "--by-label", "--labels", "idx:" + t10k_labels(), "--label-names",
                                    TempDir().path("unused")}, {}));
  EXPECT_EQ(r.exit_code, 2);  // a names file that does not exist: one line
  const TempDir dir;
  std::string names;
  for (int c = 0; c < 10; ++c) names += "class" + std::to_string(c) + "\n";
  std::vector<std::string> args = small_split();
  args.erase(std::find(args.begin(), args.end(), "--json"));
  const CliResult table = run_cli(with({"bound", "--by-label", "--labels", "idx:" + t10k_labels(), "--label-names",
                                        dir.write("names.txt", names)}, args));
  ASSERT_EQ(table.exit_code, 0) << table.err;
  EXPECT_NE(table.out.find("pooled (all labels, its own statement)"), std::string::npos) << table.out;
  EXPECT_NE(table.out.find("jointly for all 10 labels (each at alpha/10), the most exposed: records of class class"),
            std::string::npos) << table.out;
  EXPECT_NE(table.out.find("of the best guess that knows the class (at least"), std::string::npos);
  EXPECT_NE(table.out.find("grey levels per coordinate)"), std::string::npos);
}

TEST(ByLabelCli, FashionMnistCarriesItsOwnLabelsAndNames) {
  const nlohmann::json out = json_of(run_cli({"bound", "--by-label", "--data", "fashion-mnist", "--perp", "1000",
                                              "--est", "1000", "--gamma", "1", "--grid-k", "16", "--grid-nu2", "0.8",
                                              "--threads", "1", "--quiet", "--json"}));
  std::vector<std::string> names;
  for (const auto& row : out.at("by_label")) names.push_back(row.at("name"));
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"Ankle boot", "Bag", "Coat", "Dress", "Pullover", "Sandal", "Shirt",
                                             "Sneaker", "T-shirt/top", "Trouser"}));
}

// One error line naming the problem, exit 2.
void expect_one_line_error(const CliResult& r, const std::string& fragment) {
  EXPECT_EQ(r.exit_code, 2) << r.out << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(fragment), std::string::npos) << r.err;
}

// An .npy file of little-endian int64 labels.
std::string npy_int64(const std::vector<std::int64_t>& values) {
  std::string header = "{'descr': '<i8', 'fortran_order': False, 'shape': (" + std::to_string(values.size()) + ",), }";
  while ((10 + header.size() + 1) % 64 != 0) header += ' ';
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>(header.size() >> 8);
  out += header;
  out.append(reinterpret_cast<const char*>(values.data()), values.size() * sizeof(std::int64_t));
  return out;
}

TEST(ByLabelCli, BadLabelsAreOneLineErrors) {
  const TempDir dir;
  const std::vector<std::string> ranges{"--data", fashion_mnist_t10k(), "--perp-range", "0:200", "--est-range",
                                        "200:400", "--gamma", "1", "--quiet"};
  std::vector<std::int64_t> labels(kRecords, 0);
  labels[100] = 1;  // in D⊥ only
  expect_one_line_error(run_cli(with({"bound", "--by-label", "--labels", "npy:" + dir.write("a.npy", npy_int64(labels))},
                                     ranges)), "label 1 has no record in D_est");
  labels[100] = 0;
  labels[300] = 2;  // in D_est only
  expect_one_line_error(run_cli(with({"bound", "--by-label", "--labels", "npy:" + dir.write("b.npy", npy_int64(labels))},
                                     ranges)), "has no record in D_perp");
  labels.pop_back();
  expect_one_line_error(run_cli(with({"bound", "--by-label", "--labels", "npy:" + dir.write("c.npy", npy_int64(labels))},
                                     ranges)), "holds 9999 labels but the data set");
  const std::string train = (fs::path(t10k_labels()).parent_path() / "train-labels-idx1-ubyte.gz").string();
  expect_one_line_error(run_cli(with({"bound", "--by-label", "--labels", "idx:" + train}, ranges)),
                        "holds 60000 labels");
  labels.push_back(-1);
  expect_one_line_error(run_cli(with({"bound", "--by-label", "--labels", "npy:" + dir.write("d.npy", npy_int64(labels))},
                                     ranges)), "record 9999 has a label below 0");
  expect_one_line_error(run_cli(with({"bound", "--by-label"}, ranges)), "carries no labels: give --labels");
  expect_one_line_error(run_cli(with({"bound", "--by-label", "--labels", "csv:x"}, ranges)), "is not idx:PATH or npy:PATH");
  const std::string images = fashion_mnist_t10k().substr(4);
  expect_one_line_error(run_cli(with({"bound", "--by-label", "--labels", "idx:" + images}, ranges)),
                        "a label file holds one number per record");
  expect_one_line_error(run_cli(with({"bound", "--labels", "idx:" + t10k_labels()}, ranges)), "--by-label");
  expect_one_line_error(run_cli(with({"bound", "--by-label", "--labels", "idx:" + t10k_labels(), "--select-only"},
                                     ranges)), "--select-only previews one bound's grid");
}

// A folder that cannot be made is refused before any work: the data set named does not exist.
TEST(ByLabelCli, AnUnwritableLabelIndicesFolderIsOneLineErrorBeforeAnyWork) {
  const TempDir dir;
  const std::string plain = dir.write("plain", "a file, not a folder");
  const std::vector<std::string> args{"bound", "--by-label", "--data", "idx:" + dir.path("absent.idx"), "--labels",
                                      "idx:" + t10k_labels(), "--gamma", "1", "--quiet", "--label-indices"};
  for (const std::string& folder : {plain, plain + "/below"}) {
    const CliResult r = run_cli(with(args, {folder}));
    expect_one_line_error(r, "--label-indices: " + folder + " is not a folder that can be created");
    EXPECT_EQ(r.out, "");
  }
  expect_one_line_error(run_cli({"bound", "--data", fashion_mnist_t10k(), "--gamma", "1", "--label-indices",
                                 dir.path("x")}), "--by-label");
}

TEST(ByLabelCli, BadNamesFilesAreOneLineErrors) {
  const TempDir dir;
  const std::vector<std::string> args{"bound", "--by-label", "--data", fashion_mnist_t10k(), "--labels",
                                      "idx:" + t10k_labels(), "--perp", "1000", "--est", "1000", "--gamma", "1",
                                      "--quiet", "--label-names"};
  expect_one_line_error(run_cli(with(args, {dir.write("few.txt", "a\nb\nc\n")})),
                        "names 3 classes but the labels run to 9");
  expect_one_line_error(run_cli(with(args, {dir.write("gap.txt", "a\n\nc\n")})), "gap.txt:2: the line is empty");
  expect_one_line_error(run_cli(with(args, {dir.write("none.txt", "")})), "holds no class names");
}

TEST(ByLabelCli, ALabelTooSmallForABoundShowsZeroWithTheReason) {
  const TempDir dir;
  std::vector<std::int64_t> labels(kRecords, 0);
  labels[10] = labels[11] = 1;    // two records of label 1 in D⊥: fewer than tr Sigma needs
  labels[400] = labels[401] = 1;  // and two in D_est
  const nlohmann::json out = json_of(run_cli({"bound", "--by-label", "--data", fashion_mnist_t10k(), "--labels",
                                              "npy:" + dir.write("l.npy", npy_int64(labels)), "--perp-range", "0:300",
                                              "--est-range", "300:700", "--gamma", "1", "--threads", "1", "--quiet",
                                              "--json"}));
  const nlohmann::json& rows = out.at("by_label");
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0].at("label"), 1);  // ρ* = 0: the smallest guaranteed error first
  EXPECT_EQ(rows[0].at("rho_star"), 0.0);
  EXPECT_NE(rows[0].at("trivial").get<std::string>().find("too few records (2 in D_perp, 2 in D_est)"),
            std::string::npos) << rows[0].at("trivial");
  EXPECT_GT(rows[1].at("rho_star").get<double>(), 0.0);
  EXPECT_TRUE(rows[1].at("trivial").is_null());
}

// A png:DIR data set in the ImageFolder layout: class folders "dog" and "cat" (listed in that
// order, read sorted), 60 RGB images of 4 × 4 each, the dogs brighter and noisier.
std::string image_folder(const TempDir& dir) {
  const fs::path root = dir.path("images");
  std::uint32_t state = 12345;
  for (const std::string name : {"dog", "cat"}) {
    fs::create_directories(root / name);
    for (int i = 0; i < 60; ++i) {
      std::vector<std::uint8_t> rgb(4 * 4 * 3);
      for (auto& v : rgb) {
        state = state * 1664525U + 1013904223U;  // a fixed linear congruential sequence
        v = static_cast<std::uint8_t>(name == "dog" ? 100 + (state >> 24) % 120 : 40 + (state >> 24) % 30);
      }
      std::ofstream(root / name / ("img" + std::to_string(100 + i) + ".png"), std::ios::binary)
          << png::encode_png_rgb(4, 4, rgb);
    }
  }
  return root.string();
}

TEST(ByLabelCli, APngFolderOfClassFoldersCarriesItsLabelsAndNames) {
  const TempDir dir;
  const std::string images = image_folder(dir);
  const std::vector<std::string> split{"--perp", "40", "--est", "60", "--gamma", "0.5", "--grid-k", "4",
                                       "--grid-nu2", "0.8", "--threads", "1", "--quiet", "--json"};
  const nlohmann::json own = json_of(run_cli(with({"bound", "--by-label", "--data", "png:" + images}, split)));
  ASSERT_EQ(own.at("by_label").size(), 2U);
  std::vector<std::string> names;
  for (const auto& row : own.at("by_label")) names.push_back(row.at("name"));
  std::sort(names.begin(), names.end());
  EXPECT_EQ(names, (std::vector<std::string>{"cat", "dog"}));
  // The records the class "dog" names are the dog folder's: tr Sigma-hat 120²/12·48 against cat's 30²/12·48.
  const auto& rows = own.at("by_label");
  const bool dog_first = rows[0].at("name") == "dog";
  EXPECT_GT(rows[dog_first ? 0 : 1].at("trace_sigma").get<double>(),
            10.0 * rows[dog_first ? 1 : 0].at("trace_sigma").get<double>());
  // The same labels from a file, in the order the records are read (cat's folder first): the same rows.
  std::string idx("\x00\x00\x08\x01\x00\x00\x00\x78", 8);
  idx += std::string(60, '\0') + std::string(60, '\1');
  const nlohmann::json from_file = json_of(run_cli(with({"bound", "--by-label", "--data", "png:" + images, "--labels",
                                                         "idx:" + dir.write("labels.idx", idx), "--label-names",
                                                         dir.write("names.txt", "cat\ndog\n")}, split)));
  EXPECT_EQ(without_timings(from_file.at("by_label")), without_timings(own.at("by_label")));
  // A folder of images without class folders carries no labels.
  expect_one_line_error(run_cli({"bound", "--by-label", "--data", "png:" + images + "/cat", "--perp", "20", "--est",
                                 "30", "--gamma", "0.5", "--quiet"}),
                        "holds no class sub-folders of images");
}

}  // namespace
}  // namespace reconbound::test
