// `reconbound leakage`: γ (bits) of a DP-SGD schedule (SPEC §2), as a table or JSON.
#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "reconbound/error.hpp"
#include "reconbound/registry.hpp"
#include "schedule_options.hpp"

namespace reconbound::cli {

namespace {

struct LeakageOptions {
  ScheduleOptions schedule;
  std::string mechanism = "dpsgd";
  std::string mechanism_params;
  bool json = false;
};

constexpr std::size_t kMaxTableRows = 20;

void print_table(const std::string& mechanism, const Leakage& leakage) {
  fmt::print("mechanism: {}\n\n", mechanism);
  fmt::print("{:>4} {:>12} {:>10} {:>12} {:>16}\n", "run", "q", "sigma", "steps", "gamma (bits)");
  const auto& rows = leakage.segments;
  for (std::size_t i = 0; i < rows.size() && i < kMaxTableRows; ++i) {
    const auto& s = rows[i];
    fmt::print("{:>4} {:>12.6g} {:>10.6g} {:>12} {:>16.10g}\n", s.run + 1, s.segment.q,
               s.segment.sigma, s.segment.steps, s.gamma_bits);
  }
  if (rows.size() > kMaxTableRows) {
    fmt::print("     … {} more segments (--json lists all)\n", rows.size() - kMaxTableRows);
  }
  fmt::print("\ntotal gamma: {:.12g} bits  (numerical error <= {:.2g} bits)\n", leakage.gamma_bits,
             leakage.abs_error_bits);
}

void print_json(const std::string& mechanism, const Leakage& leakage) {
  nlohmann::json segments = nlohmann::json::array();
  for (const auto& s : leakage.segments) {
    segments.push_back({{"run", s.run + 1}, {"q", s.segment.q}, {"sigma", s.segment.sigma},
                        {"steps", s.segment.steps}, {"gamma_bits", s.gamma_bits}});
  }
  const nlohmann::json out{{"mechanism", mechanism},
                           {"gamma_bits", leakage.gamma_bits},
                           {"abs_error_bits", leakage.abs_error_bits},
                           {"segments", segments}};
  fmt::print("{}\n", out.dump(2));
}

}  // namespace

void add_leakage_command(CLI::App& app) {
  auto options = std::make_shared<LeakageOptions>();
  auto* cmd = app.add_subcommand("leakage", "Leakage gamma (bits) of a DP-SGD schedule (Theorem 4.1)");
  add_schedule_options(*cmd, options->schedule);
  cmd->add_option("--mechanism", options->mechanism, "Mechanism plugin")->capture_default_str();
  cmd->add_option("--mechanism-param", options->mechanism_params, "Mechanism parameters k=v,...");
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->callback([options] {
    const Registry registry;
    const auto mechanism = registry.make_mechanism(options->mechanism, Params::parse(options->mechanism_params));
    if (mechanism->needs().data) {  // this command has no data options
      throw InvalidInput(fmt::format("mechanism {} needs data; use `bound`", options->mechanism));
    }
    const Schedule schedule = build_schedule(options->schedule);
    MechanismInput input;
    input.schedule = &schedule;
    const Leakage leakage = mechanism->leakage(input);
    if (options->json) print_json(options->mechanism, leakage);
    else print_table(options->mechanism, leakage);
  });
}

}  // namespace reconbound::cli
