// Bad inputs at the command line (issue 13, item 5): each ends with exit code 2, exactly one
// line on stderr naming the problem, nothing on stdout and no output file. The cases cover the
// grid lists, the choice options, the Monte Carlo budget, too small or constant data, PNG
// folders, a corrupt plugin the command asks for, and a result that cannot be written.
#include <fcntl.h>
#include <spawn.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "cli_runner.hpp"

extern char** environ;

using reconbound::test::CliResult;
using reconbound::test::fashion_mnist_t10k;
using reconbound::test::npy_float64;
using reconbound::test::run_cli;
using reconbound::test::TempDir;

namespace {

using Args = std::vector<std::string>;

// `bound` on 100 + 100 Fashion-MNIST records with one γ, plus `extra`.
Args small_bound(const Args& extra) {
  Args args = {"bound", "--data", fashion_mnist_t10k(), "--perp-range", "0:100", "--est-range", "100:200",
               "--gamma", "1", "--threads", "2"};
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

std::string lower(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(), [](unsigned char c) { return std::tolower(c); });
  return text;
}

// Exit code 2, one line on stderr that contains `needle` (any letter case), nothing on stdout.
void expect_refused(const CliResult& r, const std::string& needle, const std::string& label) {
  EXPECT_EQ(r.exit_code, 2) << label << "\nstderr: " << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << label << "\nstderr: " << r.err;
  EXPECT_EQ(r.err.rfind("reconbound: error: ", 0), 0u) << label << "\nstderr: " << r.err;
  EXPECT_NE(lower(r.err).find(lower(needle)), std::string::npos)
      << label << "\nstderr: " << r.err << "expected: " << needle;
  EXPECT_TRUE(r.out.empty()) << label << "\nstdout: " << r.out;
}

void expect_all_refused(const std::vector<std::pair<Args, std::string>>& cases,
                        const std::vector<std::string>& env = {}) {
  for (const auto& [args, needle] : cases) {
    std::string label;
    for (const auto& a : args) label += a + " ";
    expect_refused(run_cli(args, env), needle, label);
  }
}

TEST(BadInputCli, GridListsAreRefused) {
  expect_all_refused({
      {small_bound({"--grid-k", "0"}), "k = 0"},
      {small_bound({"--grid-k", "-4"}), "'-4' is not a number"},
      {small_bound({"--grid-k", "four"}), "'four' is not a number"},
      {small_bound({"--grid-k", "4.5"}), "'4.5' is not a number"},
      {small_bound({"--grid-k", ""}), "--grid-k: the list is empty"},
      {small_bound({"--grid-k", "4,,16"}), "'' is not a number"},
      {small_bound({"--grid-k", "4,16,4"}), "k = 4 is listed twice"},
      {small_bound({"--grid-nu2", "0"}), "nu2 = 0 must be a finite number > 0"},
      {small_bound({"--grid-nu2", "-0.4"}), "nu2 = -0.4 must be a finite number > 0"},
      {small_bound({"--grid-nu2", "inf"}), "nu2 = inf must be a finite number > 0"},
      {small_bound({"--grid-nu2", "nan"}), "must be a finite number > 0"},
      {small_bound({"--grid-nu2", "lots"}), "'lots' is not a number"},
      {small_bound({"--grid-nu2", ""}), "--grid-nu2: the list is empty"},
      {small_bound({"--grid-nu2", "0.4,1.6,0.4"}), "nu2 = 0.4 is listed twice"},
  });
}

TEST(BadInputCli, ChoiceOptionsAreRefused) {
  expect_all_refused({
      {small_bound({"--normaliser", "median"}), "--normaliser: median not in {sample,ucb}"},
      {small_bound({"--normaliser", ""}), "--normaliser"},
      {small_bound({"--normaliser-alpha-share", "0"}), "--normaliser-alpha-share 0 must be in (0, 1)"},
      {small_bound({"--normaliser-alpha-share", "1.5"}), "--normaliser-alpha-share"},
      {small_bound({"--rotation", "random"}), "--rotation: random not in {auto,eigenbasis,signs}"},
      {small_bound({"--padded-order", "100"}), "padded order 100 is smaller than the 784 features"},
      {small_bound({"--padded-order", "786"}), "no Hadamard construction of order 786"},
      {small_bound({"--padded-order", "1099511627776"}), "padded order 1099511627776 is more than 2m = 1568"},
      {small_bound({"--padded-order", "-1"}), "--padded-order: '-1' is not a whole number >= 1"},
      {small_bound({"--padded-order", "0"}), "--padded-order: '0' is not a whole number >= 1"},
      {small_bound({"--padded-order", "big"}), "--padded-order"},
      {small_bound({"--mc-samples", "0"}), "--mc-samples: '0' is not a whole number >= 1"},
      {small_bound({"--mc-samples", "-3"}), "--mc-samples: '-3' is not a whole number >= 1"},
      {small_bound({"--mc-samples", "many"}), "--mc-samples"},
  });
}

TEST(BadInputCli, TooFewOrConstantRecordsAreRefused) {
  const TempDir dir;
  // Eight records of 2 × 2 values, all equal: tr Σ̂ on D⊥ is exactly 0 (mathematics §7).
  const auto constant = dir.write("constant.npy", npy_float64({8, 2, 2}, std::vector<double>(32, 128.0)));
  const std::string m = fashion_mnist_t10k();
  expect_all_refused({
      {{"bound", "--data", m, "--perp-range", "0:3", "--est-range", "3:100", "--gamma", "1"},
       "D_perp has 3 records; tr Sigma and the rotation need at least 4"},
      {{"bound", "--data", m, "--perp", "3", "--est", "100", "--gamma", "1"}, "D_perp has 3 records"},
      {{"bound", "--data", "npy:" + constant, "--perp-range", "0:4", "--est-range", "4:8", "--gamma", "1",
        "--grid-k", "1"},
       "tr Sigma on D_perp is 0"},
  });
}

// Writes an 8-bit grey PNG of the given size with OpenCV (an independent encoder).
void write_grey_png(const std::string& path, int height, int width) {
  cv::Mat image(height, width, CV_8UC1);
  cv::randu(image, 0, 256);
  ASSERT_TRUE(cv::imwrite(path, image)) << path;
}

TEST(BadInputCli, BadPngFoldersAreRefused) {
  const TempDir dir;
  std::filesystem::create_directories(dir.path("mixed"));
  for (int i = 0; i < 5; ++i) write_grey_png(dir.path("mixed/" + std::to_string(i) + ".png"), 8, 8);
  write_grey_png(dir.path("mixed/5.png"), 8, 9);

  std::filesystem::create_directories(dir.path("text"));
  for (int i = 0; i < 5; ++i) write_grey_png(dir.path("text/" + std::to_string(i) + ".png"), 8, 8);
  dir.write("text/notes.png", "a note, not an image\n");

  // A PNG cut short inside its image data: libpng itself reports it (on stderr, unless silenced).
  std::filesystem::create_directories(dir.path("truncated"));
  for (int i = 0; i < 5; ++i) write_grey_png(dir.path("truncated/" + std::to_string(i) + ".png"), 8, 8);
  std::vector<unsigned char> whole;
  ASSERT_TRUE(cv::imencode(".png", cv::Mat(32, 32, CV_8UC1, cv::Scalar(7)), whole));
  dir.write("truncated/9.png", std::string(whole.begin(), whole.begin() + static_cast<std::ptrdiff_t>(whole.size() - 20)));

  std::filesystem::create_directories(dir.path("no_png"));
  dir.write("no_png/readme.txt", "no images here\n");
  const auto file = dir.write("file.png", "x");

  const Args rest = {"--perp-range", "0:4", "--est-range", "4:6", "--gamma", "1", "--grid-k", "1"};
  auto bound_on = [&](const std::string& folder) {
    Args args = {"bound", "--data", "png:" + folder};
    args.insert(args.end(), rest.begin(), rest.end());
    return args;
  };
  expect_all_refused({
      {bound_on(dir.path("mixed")), "5.png: image is 9x8 with 1 channel(s) but"},
      {bound_on(dir.path("text")), "notes.png: cannot decode the file as an image"},
      {bound_on(dir.path("truncated")), "9.png: cannot decode the file as an image"},
      {bound_on(dir.path("no_png")), "holds no *.png files"},
      {bound_on(dir.path("absent")), "absent: no such folder"},
      {bound_on(file), "file.png: not a folder"},
  });
}

TEST(BadInputCli, UnreadableFolderIsRefused) {
  const TempDir dir;
  std::filesystem::create_directories(dir.path("locked"));
  write_grey_png(dir.path("locked/0.png"), 4, 4);
  ASSERT_EQ(::chmod(dir.path("locked").c_str(), 0), 0);
  const bool blocks = ::access(dir.path("locked").c_str(), R_OK) != 0;  // root reads it anyway
  if (blocks) {
    expect_refused(run_cli({"bound", "--data", "png:" + dir.path("locked"), "--gamma", "1"}),
                   "cannot list the folder", "chmod 000 folder");
  } else {
    std::cout << "[ NOTE     ] running as root: a chmod 000 folder stays readable, so that case is not run; "
                 "the file given as a folder stands in for it\n";
  }
  ::chmod(dir.path("locked").c_str(), 0700);
  // A path that is a file where a folder is expected cannot be listed, whoever runs the test.
  const auto file = dir.write("images", "not a folder");
  expect_refused(run_cli({"bound", "--data", "png:" + file, "--gamma", "1"}), "images: not a folder",
                 "file given as a folder");
}

TEST(BadInputCli, CorruptPluginThatIsAskedForIsNamed) {
  const TempDir dir;
  dir.write("reconbound-broken.so", "garbage, not an ELF file");
  const std::vector<std::string> env = {"RECONBOUND_PLUGIN_PATH=" + dir.path("")};
  const std::string so = dir.path("reconbound-broken.so");
  expect_all_refused(
      {
          {small_bound({"--representation", "broken"}), "no representation plugin named 'broken': " + so},
          {small_bound({"--mechanism", "broken"}), "no mechanism plugin named 'broken': " + so},
          {{"leakage", "--q", "0.1", "--sigma", "1", "--steps", "10", "--mechanism", "broken"},
           "cannot be loaded as a shared library"},
      },
      env);
  // Not asked for, the corrupt file does not stop a command.
  EXPECT_EQ(run_cli({"leakage", "--q", "0.1", "--sigma", "1", "--steps", "10"}, env).exit_code, 0);
}

// What a mechanism declares in needs() is honoured by every command: a needed input that is
// missing, an input it does not take, or a capability it lacks (an accountant, noise to
// calibrate) is one line naming the mechanism. noisy-double (tests/workflow/doubles) takes no
// schedule; accounting=false removes its accountant.
TEST(BadInputCli, MechanismNeedsAreOneLineErrors) {
  const std::vector<std::string> env = {"RECONBOUND_PLUGIN_PATH=" RECONBOUND_WORKFLOW_DOUBLE_DIR};
  const Args codebook = {"--mechanism", "codebook", "--mechanism-param", "bits=2"};
  const Args noisy = {"--mechanism", "noisy-double", "--mechanism-param", "k=4,sigma=2"};
  const Args schedule = {"--q", "0.1", "--sigma", "1", "--steps", "10"};
  const Args data = {"--data", fashion_mnist_t10k(), "--perp-range", "0:100", "--est-range", "100:200"};
  auto with = [](Args args, const std::vector<Args>& parts) {
    for (const Args& p : parts) args.insert(args.end(), p.begin(), p.end());
    return args;
  };
  const std::string no_accounting = "mechanism codebook provides no (epsilon, delta) accounting";
  expect_all_refused(
      {
          {with({"epsilon", "--delta", "1e-5"}, {codebook}), no_accounting},
          {with({"calibrate", "--target-epsilon", "1", "--delta", "1e-5"}, {codebook}), no_accounting},
          {with({"spectrum", "--delta", "1e-5"}, {codebook}), no_accounting},
          {with({"calibrate", "--target-rho", "0.3"}, {codebook, data}), "mechanism codebook has no noise to calibrate"},
          {with({"epsilon", "--delta", "1e-5", "--mechanism-param", "k=4,accounting=false", "--mechanism",
                 "noisy-double"}, {}),
           "mechanism noisy-double provides no (epsilon, delta) accounting"},
          {with({"leakage"}, {noisy, schedule}), "mechanism noisy-double takes no schedule"},
          {with({"epsilon", "--delta", "1e-5"}, {noisy, schedule}), "mechanism noisy-double takes no schedule"},
          {with({"calibrate", "--target-epsilon", "1", "--delta", "1e-5", "--q", "0.1", "--steps", "10"}, {noisy}),
           "mechanism noisy-double takes no schedule"},
          {with({"epsilon", "--delta", "1e-5"}, {}), "no schedule: mechanism dpsgd needs one"},
          {with({"leakage"}, {codebook}), "mechanism codebook needs data; use `bound`"},
          {with({"bound"}, {noisy, schedule, data}), "mechanism noisy-double takes no schedule"},
      },
      env);
}

TEST(BadInputCli, EstimatorAndConverseChoicesAreRefused) {
  expect_all_refused({
      {small_bound({"--estimator", "nope"}), "no estimator plugin named 'nope'"},
      {small_bound({"--converse", "nope"}), "no converse plugin named 'nope'"},
      {small_bound({"--converse-param", "foo=1"}), "unknown parameter 'foo' for the slb converse"},
      {small_bound({"--estimator-param", "nonsense"}), "key=value"},
  });
}

// Runs reconbound with stdout on `stdout_fd` and SIGPIPE at its default action, as in a shell
// pipeline; stderr is captured.
CliResult run_with_stdout(const Args& args, int stdout_fd) {
  const TempDir tmp;
  const std::string err_file = tmp.path("stderr");
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, stdout_fd, 1);
  posix_spawn_file_actions_addopen(&actions, 2, err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t defaults;
  sigemptyset(&defaults);
  sigaddset(&defaults, SIGPIPE);
  posix_spawnattr_setsigdefault(&attributes, &defaults);
  posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGDEF);
  Args argv_storage = {RECONBOUND_CLI};
  argv_storage.insert(argv_storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& a : argv_storage) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = 0;
  CliResult result;
  if (posix_spawn(&pid, RECONBOUND_CLI, &actions, &attributes, argv.data(), environ) != 0) return result;
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  int status = 0;
  waitpid(pid, &status, 0);
  result.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  std::ifstream err(err_file, std::ios::binary);
  std::stringstream text;
  text << err.rdbuf();
  result.err = text.str();
  return result;
}

// A bound small enough to finish in about a second, with its JSON on stdout.
// A random split: stderr then holds nothing but the error (explicit ranges add the split's note, §7).
Args json_bound() {
  return {"bound", "--data", fashion_mnist_t10k(), "--perp", "200", "--est", "200",
          "--gamma", "1", "--grid-k", "16", "--grid-nu2", "1.6", "--json", "--quiet", "--threads", "2"};
}

TEST(BadInputCli, JsonToAFullDiskIsAnError) {
  const int full = ::open("/dev/full", O_WRONLY);
  ASSERT_GE(full, 0) << "/dev/full is missing";
  const CliResult r = run_with_stdout(json_bound(), full);
  ::close(full);
  expect_refused(r, "cannot write the result to standard output (No space left on device)", "--json > /dev/full");
  // The same command with a writable stdout succeeds: the error above is the output's alone.
  EXPECT_EQ(run_cli(json_bound()).exit_code, 0);
}

TEST(BadInputCli, JsonToAClosedPipeIsAnError) {
  int ends[2];
  ASSERT_EQ(::pipe2(ends, O_CLOEXEC), 0);
  ::close(ends[0]);  // nobody will read
  const CliResult r = run_with_stdout(json_bound(), ends[1]);
  ::close(ends[1]);
  expect_refused(r, "cannot write the result to standard output (Broken pipe)", "--json | (closed)");
}

TEST(BadInputCli, RefusedSpectrumWritesNoFigure) {
  const TempDir dir;
  const std::string svg = dir.path("spectrum.svg");
  expect_refused(run_cli({"spectrum", "--data", fashion_mnist_t10k(), "--perp-range", "0:100", "--est-range",
                          "100:200", "--epsilons", "2", "--q", "0.02", "--steps", "100", "--delta", "1e-5",
                          "--grid-k", "4,4", "--svg", svg}),
                 "k = 4 is listed twice", "spectrum --grid-k 4,4");
  EXPECT_FALSE(std::filesystem::exists(svg));
}

}  // namespace
