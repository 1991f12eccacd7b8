// reconbound: certified lower bounds on the reconstruction error of DP-SGD training.
#include <fmt/format.h>

#include <CLI/CLI.hpp>
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <exception>
#include <new>
#include <string>
#include <system_error>

#include "commands.hpp"
#include "interrupts.hpp"
#include "job.hpp"
#include "option_spelling.hpp"
#include "privacy_commands.hpp"
#include "result_status.hpp"
#include "reconbound/error.hpp"
#include "verify_command.hpp"

namespace {

// The result could not be written (a full disk, a closed pipe): one line, exit code 2.
int unwritable_stdout(int error) {
  reconbound::cli::Job::current().error(
      fmt::format("reconbound: error: cannot write the result to standard output ({}); check the disk "
                  "space or the pipe",
                  std::strerror(error)));
  return 2;
}

int run_command(int argc, char** argv) {
  using reconbound::cli::Job;
  CLI::App app{"reconbound: how well could an attacker reconstruct one of my training records?"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "reconbound " RECONBOUND_VERSION);  // Python's reconbound.__version__
  reconbound::cli::add_plugins_command(app);
  reconbound::cli::add_leakage_command(app);
  reconbound::cli::add_bound_command(app);
  reconbound::cli::add_epsilon_command(app);
  reconbound::cli::add_calibrate_command(app);
  reconbound::cli::add_spectrum_command(app);
  reconbound::cli::add_chain_command(app);
  reconbound::cli::add_report_command(app);
  reconbound::cli::add_conformance_command(app);
  reconbound::cli::add_verify_command(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const reconbound::Cancelled&) {  // SIGINT or SIGTERM (interrupts.hpp)
    return reconbound::cli::interrupted_exit();
  } catch (const CLI::ParseError& e) {
    Job::current().error(fmt::format("reconbound: error: {}", e.what()));
    return 2;
  } catch (const reconbound::Error& e) {
    const std::string message = reconbound::spell_parameters(e.what(), reconbound::cli::option_spelling());
    Job::current().error(fmt::format("reconbound: error: {}", message));
    return 2;
  } catch (const std::bad_alloc&) {
    Job::current().error("reconbound: error: out of memory; give fewer records or --threads, or run on more ranks");
    return 2;
  } catch (const std::exception& e) {
    if (std::ferror(stdout)) return unwritable_stdout(errno);
    Job::current().error(fmt::format("reconbound: internal error: {}", e.what()));
    return 1;
  }
  if (!reconbound::cli::write_result()) return reconbound::cli::interrupted_exit();
  if (std::ferror(stdout)) return unwritable_stdout(errno);
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  // A closed pipe on stdout is then a write error (EPIPE) reported below, not a silent SIGPIPE.
  std::signal(SIGPIPE, SIG_IGN);
  try {
    reconbound::cli::install_interrupt_handlers();  // before MPI_Init, which may take a while
  } catch (const std::system_error& e) {
    std::fprintf(stderr, "reconbound: error: cannot watch for SIGINT and SIGTERM (%s)\n", e.what());
    return 2;
  }
  reconbound::cli::Job job;  // one process, or a rank of an MPI job (docs/distributed.md)
  const int code = job.finish(run_command(argc, argv));
  // A complete result that shows a violation (result_status.hpp) ends the job normally, then says so.
  return code == 0 ? reconbound::cli::result_status() : code;
}
