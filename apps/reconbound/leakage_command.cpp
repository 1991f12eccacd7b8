// `reconbound leakage`: γ (bits) a mechanism charges (mathematics §2), as a table or JSON
// (workflow::run_leakage).
#include <fmt/format.h>

#include "commands.hpp"
#include "mechanism_options.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/leakage.hpp"
#include "schedule_options.hpp"

namespace reconbound::cli {

namespace {

struct LeakageOptions {
  ScheduleOptions schedule;
  MechanismOptions mechanism;
  bool json = false;
};

constexpr std::size_t kMaxTableRows = 20;

void print_table(const workflow::LeakageOutput& output) {
  const Leakage& leakage = output.leakage;
  fmt::print("mechanism: {}\n\n", output.mechanism);
  if (!leakage.segments.empty()) {
    fmt::print("{:>4} {:>12} {:>10} {:>12} {:>16}\n", "run", "q", "sigma", "steps", "gamma (bits)");
  }
  const auto& rows = leakage.segments;
  for (std::size_t i = 0; i < rows.size() && i < kMaxTableRows; ++i) {
    const auto& s = rows[i];
    fmt::print("{:>4} {:>12.6g} {:>10.6g} {:>12} {:>16.10g}\n", s.run + 1, s.segment.q,
               s.segment.sigma, s.segment.steps, s.gamma_bits);
  }
  if (rows.size() > kMaxTableRows) {
    fmt::print("     … {} more segments (--json lists all)\n", rows.size() - kMaxTableRows);
  }
  for (const auto& [name, value] : leakage.details) fmt::print("{}: {:.6g}\n", name, value);
  fmt::print("\ntotal gamma: {:.12g} bits  (numerical error <= {:.2g} bits)\n", leakage.gamma_bits,
             leakage.abs_error_bits);
}

}  // namespace

void add_leakage_command(CLI::App& app) {
  auto options = std::make_shared<LeakageOptions>();
  auto* cmd = app.add_subcommand("leakage", "Leakage gamma (bits) a mechanism charges (Theorem 4.1 for DP-SGD)");
  add_schedule_options(*cmd, options->schedule);
  add_mechanism_options(*cmd, options->mechanism, "Mechanism plugin");
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->callback([options] {
    const Registry registry;
    const workflow::LeakageOutput output = workflow::run_leakage(
        registry, {mechanism_request(options->mechanism, build_schedule(options->schedule))});
    if (options->json) fmt::print("{}\n", workflow::to_json(output).dump(2));
    else print_table(output);
  });
}

}  // namespace reconbound::cli
