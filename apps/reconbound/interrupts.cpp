#include "interrupts.hpp"

#include <fcntl.h>
#include <pthread.h>
#include <stdio_ext.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <deque>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>

#include "reconbound/error.hpp"

namespace reconbound::cli {

namespace {

// How long the computation has to reach a progress report before the watchdog ends the process.
constexpr auto kDeadline = std::chrono::milliseconds(700);
constexpr auto kRankDeadline = std::chrono::milliseconds(900);  // for a rank other than 0

// A command's result waits here until main writes it whole: 1 MiB, far more than any
// command's result (kilobytes); one larger goes out in parts as it is printed.
char g_result_buffer[std::size_t{1} << 20];

std::atomic<int> g_signal{0};  // the first signal; 0 before one
std::atomic<bool> g_line_printed{false};
std::atomic<bool> g_bar_line_open{false};
std::atomic<bool> g_result_written{false};
std::atomic<bool> g_deferred{false};  // an MPI rank other than 0
int g_wake_fd = -1;   // the watchdog's pipe: the handler writes here,
int g_watch_fd = -1;  // the watchdog reads here
std::thread::id g_main_thread;

// The line of an interrupt by SIGINT and by SIGTERM, made before a signal can need it: a
// handler cannot format. set_resume_hint publishes new ones; every one made stays valid.
struct Lines {
  std::string sigint, sigterm;
};
std::atomic<const Lines*> g_lines{nullptr};
std::mutex g_lines_mutex;
std::deque<Lines> g_all_lines;

// checkpoint: nullopt for a command that cannot checkpoint, "" for one given no --checkpoint.
std::string interrupt_line(std::string_view signal, const std::optional<std::string>& checkpoint) {
  std::string line = "reconbound: interrupted by " + std::string(signal) + "; ";
  if (checkpoint && !checkpoint->empty()) {
    line += "rerun the same command to resume from the checkpoint " + *checkpoint;
  } else {
    line += "nothing was saved";
    if (checkpoint) line += " (give --checkpoint FILE to make a long run resumable)";
  }
  return line + "\n";
}

void publish_lines(const std::optional<std::string>& checkpoint) {
  const std::lock_guard lock(g_lines_mutex);
  g_all_lines.push_back({interrupt_line("SIGINT", checkpoint), interrupt_line("SIGTERM", checkpoint)});
  g_lines.store(&g_all_lines.back());
}

// Async-signal-safe from here to the handler: atomics, write and _exit only.
void write_all(const char* bytes, std::size_t size) {
  while (size > 0) {
    const ssize_t written = ::write(2, bytes, size);
    if (written < 0 && errno == EINTR) continue;
    if (written <= 0) return;
    bytes += written;
    size -= static_cast<std::size_t>(written);
  }
}

void print_line_once() {
  const Lines* lines = g_lines.load();
  if (lines == nullptr || g_line_printed.exchange(true)) return;
  const std::string& line = g_signal.load() == SIGTERM ? lines->sigterm : lines->sigint;
  if (g_bar_line_open.load()) write_all("\n", 1);
  write_all(line.data(), line.size());
}

void on_signal(int number) {
  const int saved_errno = errno;
  int none = 0;
  if (g_signal.compare_exchange_strong(none, number)) {
    const char wake = 1;
    [[maybe_unused]] const ssize_t written = ::write(g_wake_fd, &wake, 1);
    errno = saved_errno;
    return;
  }
  print_line_once();  // the second signal: at once
  ::_exit(128 + g_signal.load());
}

// Waits for the first signal, then gives the computation its deadline to stop by itself.
void* watch(void* /*unused*/) {
  char wake = 0;
  while (::read(g_watch_fd, &wake, 1) != 1) {
  }
  std::this_thread::sleep_for(g_deferred.load() ? kRankDeadline : kDeadline);
  flockfile(stdout);  // a result being written (write_result holds the lock) is written whole
  if (g_result_written.load()) ::_exit(0);
  print_line_once();
  ::_exit(128 + g_signal.load());
}

void handle(int number) {
  struct sigaction action {};
  if (::sigaction(number, nullptr, &action) != 0) throw std::system_error(errno, std::generic_category(), "sigaction");
  if (action.sa_handler == SIG_IGN) return;  // e.g. SIGINT of a background job: it stays ignored
  action = {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;
  if (::sigaction(number, &action, nullptr) != 0) throw std::system_error(errno, std::generic_category(), "sigaction");
}

}  // namespace

void install_interrupt_handlers() {
  std::setvbuf(stdout, g_result_buffer, _IOFBF, sizeof g_result_buffer);
  g_main_thread = std::this_thread::get_id();
  publish_lines(std::nullopt);
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw std::system_error(errno, std::generic_category(), "pipe2");
  g_watch_fd = fds[0];
  g_wake_fd = fds[1];
  // A small stack: the watchdog needs little, and a process under `ulimit -v` every byte. A
  // stack must also hold the static thread-local storage of every library loaded (OpenBLAS
  // keeps hundreds of kB there): where 64 kB is too small (EINVAL), the default size.
  pthread_attr_t attributes;
  pthread_attr_init(&attributes);
  pthread_attr_setstacksize(&attributes, std::size_t{64} << 10);
  pthread_t watchdog;
  int started = pthread_create(&watchdog, &attributes, watch, nullptr);
  pthread_attr_destroy(&attributes);
  if (started == EINVAL) started = pthread_create(&watchdog, nullptr, watch, nullptr);
  if (started != 0) throw std::system_error(started, std::generic_category(), "pthread_create");
  pthread_detach(watchdog);
  handle(SIGINT);
  handle(SIGTERM);
}

void throw_if_interrupted() {
  const int number = g_signal.load(std::memory_order_relaxed);
  if (number == 0 || std::this_thread::get_id() != g_main_thread) return;
  throw Cancelled(number == SIGTERM ? "interrupted by SIGTERM" : "interrupted by SIGINT");
}

void defer_interrupts_to_rank_0() { g_deferred.store(true); }

bool interrupted() { return g_signal.load() != 0; }

void set_resume_hint(std::string checkpoint_path) { publish_lines(std::move(checkpoint_path)); }

void set_bar_line_open(bool open) { g_bar_line_open.store(open); }

int interrupted_exit() {
  flockfile(stdout);
  __fpurge(stdout);
  funlockfile(stdout);
  print_line_once();
  return 128 + g_signal.load();
}

bool write_result() {
  flockfile(stdout);
  if (g_signal.load() != 0) {
    funlockfile(stdout);
    return false;
  }
  g_result_written.store(std::fflush(stdout) == 0);
  funlockfile(stdout);
  return true;
}

}  // namespace reconbound::cli
