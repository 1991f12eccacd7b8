// The Job of a build without MPI: this process alone.
#include <cstdio>

#include "../job.hpp"

namespace reconbound::cli {

struct Job::State {};

namespace {
Job* g_job = nullptr;
}  // namespace

Job::Job() { g_job = this; }
Job::~Job() {
  if (g_job == this) g_job = nullptr;
}

Job& Job::current() {
  static Job alone;
  return g_job != nullptr ? *g_job : alone;
}

Ranks* Job::ranks() { return nullptr; }
bool Job::leads() const { return true; }
std::size_t Job::ranks_on_node() const { return 1; }
Progress* Job::progress(Progress* bar) { return bar; }
void Job::error(const std::string& line) { std::fprintf(stderr, "%s\n", line.c_str()); }
int Job::finish(int code) { return code; }

}  // namespace reconbound::cli
