// Ctrl-C (SIGINT) and SIGTERM stop a real `reconbound bound` on Fashion-MNIST in every phase
// within a second (apps/reconbound/interrupts.hpp): exit code 130 / 143, one line on stderr,
// nothing on stdout. The signal goes in while the data load (70,000 records, seconds without a
// progress report: the watchdog's case), at the pilot and during the estimate (the bar's case).
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <regex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "cli_runner.hpp"

extern char** environ;

namespace {

using Clock = std::chrono::steady_clock;

// Signal to exit. The CLI's own deadline is 0.7 s; the rest allows for a CI machine whose two
// cores run other tests (measured on such a machine: 0.03-0.9 s).
constexpr double kLimitSeconds = 1.5;

// The whole default grid, certified whole: hours; in the first seconds, the phases below.
const std::vector<std::string> kLoading = {"bound", "--data", "fashion-mnist", "--gamma", "1", "--grid-select", "none"};
std::vector<std::string> estimate(const std::string& grid_select) {
  return {"bound", "--data", reconbound::test::fashion_mnist_t10k(), "--perp", "2000", "--est", "8000",
          "--gamma", "1", "--grid-select", grid_select, "--threads", "2"};
}

void check(bool ok, const std::string& what) {
  if (!ok) throw std::runtime_error(what);
}

// A reconbound process: stdout on a pipe, stderr on a pipe or on a terminal (a pseudo-terminal,
// where the progress bar draws the stage it is in).
class Running {
 public:
  Running(std::vector<std::string> args, bool terminal) {
    std::array<int, 2> out{};
    check(::pipe2(out.data(), O_CLOEXEC) == 0, "pipe2");
    out_fd_ = out[0];
    int err_writer = -1;
    if (terminal) {
      err_fd_ = ::posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
      check(err_fd_ >= 0 && ::grantpt(err_fd_) == 0 && ::unlockpt(err_fd_) == 0, "posix_openpt");
      err_writer = ::open(::ptsname(err_fd_), O_RDWR | O_NOCTTY | O_CLOEXEC);
    } else {
      std::array<int, 2> err{};
      check(::pipe2(err.data(), O_CLOEXEC) == 0, "pipe2");
      err_fd_ = err[0];
      err_writer = err[1];
    }
    check(err_writer >= 0, "the terminal's other end");
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, out[1], 1);
    posix_spawn_file_actions_adddup2(&actions, err_writer, 2);
    args.insert(args.begin(), RECONBOUND_CLI);
    std::vector<char*> argv;
    for (auto& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    const int spawned = posix_spawn(&pid_, RECONBOUND_CLI, &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(out[1]);
    ::close(err_writer);
    check(spawned == 0, "cannot start " RECONBOUND_CLI);
  }

  ~Running() {
    if (!ended_) {
      ::kill(pid_, SIGKILL);
      ::waitpid(pid_, &status_, 0);
    }
    for (const int fd : {out_fd_, err_fd_}) {
      if (fd >= 0) ::close(fd);
    }
  }
  Running(const Running&) = delete;
  Running& operator=(const Running&) = delete;

  // Until the process catches SIGINT and SIGTERM (SigCgt in /proc/PID/status): main has begun.
  void wait_for_handlers() {
    const unsigned long long wanted = (1ULL << (SIGINT - 1)) | (1ULL << (SIGTERM - 1));
    for (const auto give_up = Clock::now() + std::chrono::seconds(30); Clock::now() < give_up;) {
      std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
      for (std::string line; std::getline(status, line);) {
        if (line.rfind("SigCgt:", 0) == 0 && (std::stoull(line.substr(7), nullptr, 16) & wanted) == wanted) return;
      }
      pump(1);
      check(!ended_, "reconbound ended before it caught SIGINT and SIGTERM: " + err);
    }
    throw std::runtime_error("reconbound did not catch SIGINT and SIGTERM within 30 s");
  }

  // Until the bar on the terminal has begun a stage whose name starts with `prefix`.
  void wait_for_stage(const std::string& prefix) {
    for (const auto give_up = Clock::now() + std::chrono::seconds(60); Clock::now() < give_up;) {
      if (err.find("\r" + prefix) != std::string::npos) return;
      pump(10);
      check(!ended_, "reconbound ended before the stage '" + prefix + "': " + err);
    }
    throw std::runtime_error("no stage '" + prefix + "' within 60 s: " + err);
  }

  void signal(int number) {
    check(!ended_, "reconbound ended before the signal: " + err);
    ::kill(pid_, number);
  }

  // Sends `number`; the seconds until the process has ended (10 at most: then it is killed).
  double signal_and_time_exit(int number) {
    const auto sent = Clock::now();
    signal(number);
    return time_exit(sent);
  }

  // The seconds from `since` until the process has ended, with all it wrote read.
  double time_exit(Clock::time_point since) {
    while (!ended_ && Clock::now() - since < std::chrono::seconds(10)) pump(1);
    const double seconds = std::chrono::duration<double>(Clock::now() - since).count();
    check(ended_, "reconbound still runs 10 s after the signal: " + err);
    while (out_fd_ >= 0 || err_fd_ >= 0) pump(100);
    return seconds;
  }

  // The exit code of a process that exited, −N for one that signal N killed.
  int exit_code() const { return WIFEXITED(status_) ? WEXITSTATUS(status_) : -WTERMSIG(status_); }

  std::string out, err;

 private:
  // Reads what the process wrote (waiting up to `ms`) and notes whether it has ended.
  void pump(int ms) {
    std::array<pollfd, 2> fds{{{out_fd_, POLLIN, 0}, {err_fd_, POLLIN, 0}}};
    ::poll(fds.data(), fds.size(), ms);
    read_from(out_fd_, out, fds[0].revents);
    read_from(err_fd_, err, fds[1].revents);
    if (!ended_ && ::waitpid(pid_, &status_, WNOHANG) == pid_) ended_ = true;
  }

  static void read_from(int& fd, std::string& into, short events) {
    if (fd < 0 || events == 0) return;
    std::array<char, 65536> bytes{};
    const ssize_t n = ::read(fd, bytes.data(), bytes.size());
    if (n > 0) {
      into.append(bytes.data(), static_cast<std::size_t>(n));
      return;
    }
    ::close(fd);  // the end of a pipe, or of a terminal (EIO) nobody else holds
    fd = -1;
  }

  pid_t pid_ = -1;
  int out_fd_ = -1, err_fd_ = -1;
  int status_ = 0;
  bool ended_ = false;
};

// The line of an interrupt, with or without the checkpoint hint of a command that can save one.
std::string line_pattern(const std::string& signal) {
  return "reconbound: interrupted by " + signal +
         "; nothing was saved( \\(give --checkpoint FILE to make a long run resumable\\))?";
}

// What every interrupt must show: the exit code, nothing on stdout, the line once and last
// (on a line of its own after the bar), and the time.
void expect_interrupted(const Running& run, const std::string& signal, int code, double seconds) {
  std::cout << signal << " to exit: " << seconds << " s\n";
  EXPECT_EQ(run.exit_code(), code) << run.err;
  EXPECT_LT(seconds, kLimitSeconds);
  EXPECT_EQ(run.out, "") << "an interrupted command printed on stdout";
  const std::regex last_line("(^|\n)" + line_pattern(signal) + "\r?\n$");
  EXPECT_TRUE(std::regex_search(run.err, last_line)) << run.err;
  EXPECT_EQ(run.err.find("interrupted by"), run.err.rfind("interrupted by")) << "the line came twice: " << run.err;
}

// The signal watchdog starts in a process whose libraries keep a large static TLS (OpenBLAS as
// the system BLAS does): its small stack cannot hold it, and the default one is taken instead of
// refusing to start.
TEST(Interrupts, TheWatchdogStartsBesideALibraryWithLargeThreadLocalStorage) {
  const auto run = reconbound::test::run_cli({"--version"}, {std::string("LD_PRELOAD=") + RECONBOUND_LARGE_TLS_LIBRARY});
  EXPECT_EQ(run.exit_code, 0) << run.err;
  EXPECT_EQ(run.err.find("cannot watch"), std::string::npos) << run.err;
}

TEST(Interrupts, SigintRightAfterTheStartEndsWithTheLine) {
  Running run(kLoading, false);
  run.wait_for_handlers();
  const double seconds = run.signal_and_time_exit(SIGINT);
  expect_interrupted(run, "SIGINT", 130, seconds);
  EXPECT_TRUE(std::regex_match(run.err, std::regex(line_pattern("SIGINT") + "\n")))
      << "more than the line: " << run.err;
}

TEST(Interrupts, SigtermWhileTheDataLoadsEndsWithinTheDeadline) {
  std::vector<std::string> args = kLoading;
  args.push_back("--json");
  Running run(args, false);
  run.wait_for_handlers();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // into the load of 70,000 records
  const double seconds = run.signal_and_time_exit(SIGTERM);
  expect_interrupted(run, "SIGTERM", 143, seconds);
}

TEST(Interrupts, ASecondSigintEndsAtOnce) {
  Running run(kLoading, false);
  run.wait_for_handlers();
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  run.signal(SIGINT);
  std::this_thread::sleep_for(std::chrono::milliseconds(100));  // within the first one's deadline
  const double seconds = run.signal_and_time_exit(SIGINT);
  EXPECT_LT(seconds, 0.3);
  expect_interrupted(run, "SIGINT", 130, seconds);
}

TEST(Interrupts, SigintDuringThePilot) {
  Running run(estimate("pilot"), true);
  run.wait_for_stage("pilot");
  const double seconds = run.signal_and_time_exit(SIGINT);
  expect_interrupted(run, "SIGINT", 130, seconds);
}

TEST(Interrupts, SigintDuringTheEstimate) {
  Running run(estimate("none"), true);
  run.wait_for_stage("entropy");
  const double seconds = run.signal_and_time_exit(SIGINT);
  expect_interrupted(run, "SIGINT", 130, seconds);
}

TEST(Interrupts, SigtermDuringTheEstimateWithJsonPrintsNothingOnStdout) {
  std::vector<std::string> args = estimate("none");
  args.push_back("--json");
  Running run(args, true);
  run.wait_for_stage("entropy");
  const double seconds = run.signal_and_time_exit(SIGTERM);
  expect_interrupted(run, "SIGTERM", 143, seconds);
}

}  // namespace

// calibrate --target-epsilon and spectrum report every accountant run: SIGINT in the middle of
// the calibration of σ (the practitioner's schedule, 1.5 s of accountant runs) ends the command.
TEST(Interrupts, SigintWhileSigmaIsCalibrated) {
  Running run({"calibrate", "--target-epsilon", "8", "--q", "0.0042667", "--steps", "7032", "--delta", "1e-5"}, true);
  run.wait_for_stage("calibrating sigma");
  const double seconds = run.signal_and_time_exit(SIGINT);
  expect_interrupted(run, "SIGINT", 130, seconds);
}

TEST(Interrupts, SigtermWhileTheSpectrumCalibrates) {
  Running run({"spectrum", "--data", reconbound::test::fashion_mnist_t10k(), "--perp", "300", "--est", "500",
               "--q", "0.0042667", "--steps", "7032", "--delta", "1e-5"},
              true);
  run.wait_for_stage("calibrating sigma for each epsilon");
  const double seconds = run.signal_and_time_exit(SIGTERM);
  expect_interrupted(run, "SIGTERM", 143, seconds);
}
