#include "bound_options.hpp"
#include "job.hpp"

#include <fmt/format.h>

#include <charconv>

#include "reconbound/error.hpp"
#include "reconbound/workflow/bound_settings.hpp"
#include "reconbound/workflow/setting_text.hpp"

namespace reconbound::cli {

namespace {

// A whole number ≥ least, checked on the text: CLI11 would read "-1" into a std::size_t as 2^64 − 1.
CLI::Validator whole_number_at_least(std::size_t least) {
  return CLI::Validator(
      [least](std::string& text) {
        std::size_t value = 0;
        const char* end = text.data() + text.size();
        const auto [stop, ec] = std::from_chars(text.data(), end, value);
        if (ec != std::errc() || stop != end || value < least) {
          return fmt::format("'{}' is not a whole number >= {}", text, least);
        }
        return std::string();
      },
      fmt::format("INT>={}", least));
}

// An explicitly empty list ("--grid-k ''") is a mistake, not a request for the default grid.
const CLI::Validator kNonEmptyList(
    [](std::string& text) { return text.empty() ? std::string("the list is empty") : std::string(); }, "LIST");

}  // namespace

void add_bound_options(CLI::App& cmd, BoundOptions& o) {
  cmd.add_option("--representation", o.representations,
                 "pixel | downsample:F | dct:F | select:SPEC | lpips:MODEL.onnx")
      ->capture_default_str();
  cmd.add_option("--representation-param", o.representation_params,
                 "Representation plugin parameter key=value (repeatable), e.g. threads=1");
  // The choices and the share are checked where they enter the jobs (workflow::bound_config).
  cmd.add_option("--rotation", o.rotation, "auto | eigenbasis | signs (mathematics §4)")->capture_default_str();
  cmd.add_option("--padded-order", o.padded_order,
                 "Hadamard order to zero-pad to (default: the smallest constructible order >= m)")
      ->check(whole_number_at_least(1));
  cmd.add_option("--grid-k", o.grid_k, "Block sizes k, comma separated (default: divisors of m up to 32)")
      ->check(kNonEmptyList);
  cmd.add_option("--grid-nu2", o.grid_nu2, "Dither levels nu^2, comma separated (default 0.2,...,6.4)")
      ->check(kNonEmptyList);
  cmd.add_option("--alpha", o.alpha,
                 "Miscoverage of the certificate: the printed bound holds with probability >= 1 - alpha "
                 "(split over its random events, mathematics 6.8)")->capture_default_str();
  cmd.add_option("--normaliser-alpha-share", o.normaliser_alpha_fraction,
                 "Fraction of alpha for the tr Sigma upper confidence bound (--normaliser ucb; the rest "
                 "goes to the entropy margins); in (0, 1)")
      ->capture_default_str();
  cmd.add_option("--mc-samples", o.mc_samples,
                 "Monte Carlo draws per record (default: the smallest with t_MC <= t_MD per k, mathematics §6.7)")
      ->check(whole_number_at_least(1));
  cmd.add_option("--grid-select", o.grid_select,
                 "pilot: certify the pairs a pilot on D_perp predicts best (mathematics §6.6); none: the whole grid")
      ->capture_default_str();
  cmd.add_option("--grid-select-pairs", o.select_pairs,
                 "Pairs certified per gamma (and per target rho) with --grid-select pilot")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1000}))->capture_default_str();
  cmd.add_flag("--select-only", o.select_only,
               "Stop after the grid selection: print the pilot's prediction for every pair, "
               "certify nothing (a preview of what a long run will certify)");
  cmd.add_flag("--exact", o.exact, "Use the exact estimator path (all centres, log-sum-exp)");
  cmd.add_option("--estimator", o.estimator, "Entropy estimator plugin (mathematics §6)")->capture_default_str();
  cmd.add_option("--estimator-param", o.estimator_params,
                 "Estimator plugin parameters k=v,... (repeatable; later values win)");
  cmd.add_option("--converse", o.converse, "Converse plugin: rho* from gamma and the entropy (eq 14)")
      ->capture_default_str();
  cmd.add_option("--converse-param", o.converse_params, "Converse plugin parameters k=v,... (repeatable)");
  cmd.add_option("--normaliser", o.normaliser,
                 "ucb: an upper confidence bound on tr Sigma divides, so rho* itself is certified; "
                 "sample: the point estimate tr Sigma-hat divides (the paper's rho*, a point "
                 "normalisation: only the absolute bound is certified)")
      ->capture_default_str();
  cmd.add_option("--threads", o.threads, "Worker threads (0: all cores, shared among the MPI ranks on a machine)")
      ->capture_default_str();
  cmd.add_option("--memory-limit", o.memory_limit,
                 "Memory the bound may use at its peak, records included, e.g. 8G (default: the available memory, "
                 "shared among the MPI ranks on a machine); a larger plan is refused before any work");
  cmd.add_option("--checkpoint", o.checkpoint,
                 "Keep finished work in FILE; a rerun of the same command skips it (docs/checkpoints.md)")
      ->type_name("FILE");
  cmd.add_flag("--quick", o.quick,
               "Quick-look random split |D_perp| = 2000, n_est = 2000 (default: the paper's sizes, "
               "|D_perp| = 10000 and the rest, where the data set has >= 60000 records)");
  cmd.add_flag("--quiet", o.quiet, "No progress bar on stderr");
}

namespace {

// Adds "key=value[,key=value]" items to `params` (later items win).
void merge_params(Params& params, const std::vector<std::string>& items) {
  for (const auto& item : items) {
    const Params parsed = Params::parse(item);
    for (const auto& [key, value] : parsed.values()) params.set(key, value);
  }
}

}  // namespace

const std::string& single_representation(const BoundOptions& o, const char* command) {
  if (o.representations.size() != 1) {
    throw InvalidInput(fmt::format(
        "`{}` takes one --representation; `reconbound spectrum` compares several", command));
  }
  return o.representations.front();
}

BoundConfig make_bound_config(const BoundOptions& o, std::uint64_t seed, Progress* progress) {
  workflow::BoundSettings settings;
  merge_params(settings.representation_params, o.representation_params);
  settings.estimator = o.estimator;
  merge_params(settings.estimator_params, o.estimator_params);
  settings.converse = o.converse;
  merge_params(settings.converse_params, o.converse_params);
  settings.exact = o.exact;
  if (o.mc_samples > 0) settings.mc_samples = static_cast<std::int64_t>(o.mc_samples);
  if (!o.grid_k.empty()) settings.grid_k = workflow::parse_size_list(o.grid_k, "--grid-k");
  if (!o.grid_nu2.empty()) settings.grid_nu2 = workflow::parse_number_list(o.grid_nu2, "--grid-nu2");
  settings.alpha = o.alpha;
  settings.rotation = o.rotation;
  settings.padded_order = o.padded_order;
  settings.normaliser = o.normaliser;
  settings.normaliser_alpha_share = o.normaliser_alpha_fraction;
  settings.grid_select = o.grid_select;
  settings.grid_select_pairs = o.select_pairs;
  settings.select_only = o.select_only;
  settings.seed = seed;
  settings.threads = o.threads;
  // Under MPI the ranks on one machine share its cores and its memory.
  Job& job = Job::current();
  settings.ranks_on_node = job.ranks_on_node();
  settings.progress = job.progress(progress);
  settings.memory_limit = o.memory_limit;
  settings.memory_limit_name = "--memory-limit";
  settings.limit_to_available = true;
  BoundConfig config = workflow::bound_config(settings);
  config.ranks = job.ranks();
  return config;
}

}  // namespace reconbound::cli
