// `reconbound chain`: how tight the bound is (mathematics §9; paper §G.5–G.6, eq 39). Puts ρ* next
// to the attacks of the mechanisms named with --mechanism, by default the paper's rows
// (reconbound/presets/paper_chain.hpp): the per-block bound of a codebook release, the codebook
// attack and the DP-SGD attack.
#include <fmt/format.h>

#include <cmath>
#include <optional>

#include "bound_options.hpp"
#include "chain_bits_option.hpp"
#include "chain_data.hpp"
#include "checkpoint_option.hpp"
#include "certificate_report.hpp"
#include "chain_report.hpp"
#include "commands.hpp"
#include "job.hpp"
#include "progress_bar.hpp"
#include "run_handles_option.hpp"
#include "reconbound/error.hpp"
#include "reconbound/figures/chain_figures.hpp"
#include "reconbound/figures/output_file.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "reconbound/workflow/setting_text.hpp"

namespace reconbound::cli {

namespace {

struct ChainOptions {
  ChainDataOptions data;
  BoundOptions bound;
  std::string gammas = "0.72,2.89,8.01,72.13";
  std::string bits = "1,2,3,4,5,6,7,8";
  std::vector<std::string> mechanisms;
  std::optional<std::string> settings;
  std::optional<double> clip;
  std::size_t bootstrap = 1000;
  std::size_t figure_targets = 6;
  std::string figures = "reconbound-chain";
  bool no_figures = false;
  bool json = false;
};

// "q:T,q:T" → the DP-SGD attack settings.
std::vector<presets::DpsgdSetting> parse_settings(const std::string& text) {
  std::vector<presets::DpsgdSetting> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find(',', start), text.size());
    const std::string item = text.substr(start, end - start);
    const std::size_t colon = item.find(':');
    if (colon == std::string::npos) {
      throw InvalidInput(fmt::format("--dpsgd: '{}' is not q:T (e.g. 0.02:100)", item));
    }
    const std::vector<double> q = workflow::parse_number_list(item.substr(0, colon), "--dpsgd q");
    const std::vector<double> t = workflow::parse_number_list(item.substr(colon + 1), "--dpsgd T");
    if (q.size() != 1 || t.size() != 1 || !(q[0] > 0.0 && q[0] <= 1.0) || t[0] < 1 || t[0] != std::floor(t[0])) {
      throw InvalidInput(fmt::format("--dpsgd: '{}' needs q in (0, 1] and a whole T >= 1", item));
    }
    out.push_back({q[0], static_cast<std::uint64_t>(t[0])});
    start = end + 1;
  }
  return out;
}

void run(const ChainOptions& o, const CLI::App& command) {
  workflow::ChainRequest request;
  request.representation = single_representation(o.bound, "chain");
  request.rows.gammas = o.gammas.empty() ? std::vector<double>{} : workflow::parse_number_list(o.gammas, "--gammas");
  request.rows.rates = parse_chain_bits(o.bits, "--bits");
  request.rows.attacks = presets::paper_chain_rows(
      {o.mechanisms, o.settings ? std::optional(parse_settings(*o.settings)) : std::nullopt, o.clip});
  request.config.bootstrap = o.bootstrap;
  request.config.figure_targets = o.figure_targets;
  request.data = chain_data_request(o.data, o.bound.quick);
  ProgressBar progress(!o.bound.quiet);
  request.config.bound = make_bound_config(o.bound, o.data.data.seed);
  const Registry registry;
  const auto checkpoint = open_checkpoint(o.bound.checkpoint, command, registry, o.bound.quiet);
  request.config.run = run_handles(&progress, checkpoint.get());
  workflow::ChainOutput output = workflow::run_chain(registry, request);
  if (!o.no_figures) {
    const ChainReport& report = output.report;
    const std::string subtitle = fmt::format("{}, Ψ = {}, |D⊥| = {}, n_est = {}, {} targets", o.data.data.data,
                                             output.representation, report.bound.n_perp, report.bound.n_est,
                                             report.n_targets);
    const CertificateWording wording = certificate_wording(output.certificate);
    std::vector<std::pair<std::string, std::string>> files{
        {o.figures + "_rho.svg", figures::chain_svg(report, subtitle, wording)},
        {o.figures + "_spread.svg", figures::spread_svg(report, subtitle, wording)}};
    if (!report.figure_reconstructions.empty()) {
      files.emplace_back(o.figures + "_reconstructions.png", figures::reconstruction_png(report, output.shape));
    }
    for (const auto& [path, bytes] : files) {
      if (Job::current().leads()) figures::write_output_file(path, bytes, "figure");  // under MPI rank 0 writes
      output.figures.push_back(path);
    }
    for (const std::string& f : output.figures) fmt::print(stderr, "chain: wrote {}\n", f);
  }
  note_split_assumption(output.certificate);
  if (o.json) fmt::print("{}\n", presets::paper_chain_json(output).dump(2));
  else print_chain_table(output);
  report_violations(output.report);
}

}  // namespace

void add_chain_command(CLI::App& app) {
  auto options = std::make_shared<ChainOptions>();
  auto* cmd = app.add_subcommand("chain", "How tight is the bound: rho* next to the attacks of mechanisms, by "
                                          "default the per-block bound, the codebook attack and the DP-SGD attack "
                                          "(mathematics §9)");
  add_chain_data_options(*cmd, options->data);
  add_bound_options(*cmd, options->bound);
  cmd->add_option("--mechanism", options->mechanisms,
                  "A mechanism whose attack to run, NAME or NAME:key=value,... (repeatable; default: codebook and "
                  "dpsgd at each --dpsgd setting)");
  cmd->add_option("--gammas", options->gammas, "Leakages (bits) of the attacks, comma separated")
      ->capture_default_str();
  cmd->add_option("--bits", options->bits, "Rates R (bits) of the codebook's deterministic releases, comma separated")
      ->capture_default_str();
  cmd->add_option("--dpsgd", options->settings,
                  "The default rows' DP-SGD attack settings q:T, comma separated (default 1:1,0.02:100)");
  cmd->add_option("--clip", options->clip, "The default rows' clip norm C of the DP-SGD attack (default 0.3)");
  cmd->add_option("--bootstrap", options->bootstrap, "Bootstrap resamples of the targets for standard errors")
      ->capture_default_str();
  cmd->add_option("--figure-targets", options->figure_targets, "Targets shown in the reconstruction grid")
      ->capture_default_str();
  cmd->add_option("--figures", options->figures,
                  "Path prefix of the figures: PREFIX_rho.svg, PREFIX_spread.svg, PREFIX_reconstructions.png")
      ->capture_default_str();
  cmd->add_flag("--no-figures", options->no_figures, "Write no figures");
  cmd->add_flag("--json", options->json, "Print JSON instead of a table");
  cmd->callback([options, cmd] { run(*options, *cmd); });
}

}  // namespace reconbound::cli
