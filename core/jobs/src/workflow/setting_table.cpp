// The bound pipeline's settings, one row each (workflow/setting_table.hpp). Where the engine keeps
// a default of its own (BoundConfig's α, the normaliser's share, the selection's pairs, the rotation,
// the grid's levels), the row reads it from there.
#include "reconbound/workflow/setting_table.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <limits>
#include <stdexcept>

#include "reconbound/error.hpp"
#include "reconbound/grid.hpp"
#include "reconbound/workflow/setting_choices.hpp"

namespace reconbound::workflow {

namespace {

constexpr double kNoEnd = std::numeric_limits<double>::infinity();

Setting row(std::string name, SettingValue value, std::string help) {
  return make_setting(std::move(name), std::move(value), std::move(help));
}

// A row whose default is a rule, said in words.
Setting rule_row(std::string name, std::string rule, std::string help) {
  Setting s = row(std::move(name), std::monostate{}, std::move(help));
  s.default_text = std::move(rule);
  return s;
}

Setting choice_row(std::string name, std::vector<std::string> choices, std::string chosen, std::string help) {
  Setting s = row(std::move(name), std::move(chosen), std::move(help));
  s.choices = std::move(choices);
  return s;
}

Setting plugin_params_row(std::string name, std::string flag, std::string help) {
  Setting s = rule_row(std::move(name), "", std::move(help));
  s.flag = std::move(flag);
  return s;
}

// Mathematics §4 (the rotation), §5 (the grid) and §6.6 (the selection of its pairs).
void add_grid_rows(std::vector<Setting>& table) {
  const BoundConfig engine;
  table.push_back(choice_row("rotation", rotation_names(), rotation_name(engine.rotation),
                             "auto | eigenbasis | signs (mathematics §4)"));
  Setting padded = rule_row("padded_order", "the smallest constructible order >= m", "Hadamard order to zero-pad to");
  padded.range = SettingRange{.low = 1.0, .high = kNoEnd, .whole = true};
  table.push_back(std::move(padded));
  table.push_back(rule_row("grid_k", "the divisors of m up to 32", "Block sizes k, comma separated"));
  table.push_back(rule_row("grid_nu2", fmt::format("{}", fmt::join(default_nu2_levels(), ",")),
                           "Dither levels nu^2, comma separated"));
  table.push_back(choice_row("grid_select", grid_select_names(), grid_select_name(engine.grid_select),
                             "pilot: certify the pairs a pilot on D_perp predicts best (mathematics §6.6); "
                             "none: the whole grid"));
  Setting pairs = row("grid_select_pairs", static_cast<std::int64_t>(engine.select_pairs),
                      "Pairs certified per gamma (and per target rho) with --grid-select pilot");
  pairs.range = SettingRange{.low = 1.0, .high = 1000.0, .whole = true};
  table.push_back(std::move(pairs));
  table.push_back(row("select_only", false,
                      "Stop after the grid selection: print the pilot's prediction for every pair, certify "
                      "nothing (a preview of what a long run will certify)"));
}

// The certificate's α and its split (mathematics §6.8).
void add_confidence_rows(std::vector<Setting>& table) {
  const BoundConfig engine;
  Setting alpha = row("alpha", engine.alpha,
                      "Miscoverage of the certificate: the printed bound holds with probability >= 1 - alpha "
                      "(split over its random events, mathematics 6.8)");
  alpha.range = SettingRange{.low = 0.0, .high = 1.0, .low_open = true, .high_open = true};
  table.push_back(std::move(alpha));
  table.push_back(choice_row("normaliser", normaliser_names(), normaliser_name(engine.normaliser),
                             "ucb: an upper confidence bound on tr Sigma divides, so rho* itself is certified; "
                             "sample: the point estimate tr Sigma-hat divides (the paper's rho*, a point "
                             "normalisation: only the absolute bound is certified)"));
  Setting share = row("normaliser_alpha_share", kDefaultNormaliserAlphaFraction,
                      "Fraction of alpha for the tr Sigma upper confidence bound (--normaliser ucb; the rest "
                      "goes to the entropy margins)");
  share.range = SettingRange{.low = 0.0, .high = 1.0, .low_open = true, .high_open = true};
  share.note = "the share of alpha the tr Sigma upper confidence bound gets";
  table.push_back(std::move(share));
}

// The plugins' parameters, the estimator's draws (mathematics §6.7) and the machine.
void add_plugin_and_run_rows(std::vector<Setting>& table) {
  table.push_back(plugin_params_row("representation_params", "--representation-param",
                                    "Representation plugin parameter key=value (repeatable), e.g. threads=1"));
  table.push_back(plugin_params_row("estimator_params", "--estimator-param",
                                    "Estimator plugin parameters k=v,... (repeatable; later values win)"));
  table.push_back(plugin_params_row("converse_params", "--converse-param",
                                    "Converse plugin parameters k=v,... (repeatable)"));
  Setting draws = rule_row("mc_samples", "the smallest with t_MC <= t_MD per k, mathematics §6.7",
                           "Monte Carlo draws per record");
  draws.range = SettingRange{.low = 1.0, .high = kNoEnd, .whole = true};
  table.push_back(std::move(draws));
  table.push_back(row("exact", false, "Use the exact estimator path (all centres, log-sum-exp)"));
  Setting threads = row("threads", std::int64_t{0},
                        "Worker threads (0: all cores, shared among the MPI ranks on a machine)");
  threads.range = SettingRange{.low = 0.0, .high = kNoEnd, .whole = true};
  table.push_back(std::move(threads));
}

}  // namespace

Setting make_setting(std::string name, SettingValue value, std::string help) {
  Setting s;
  s.flag = flag_of(name);
  s.name = std::move(name);
  s.default_text = value_text(value);
  s.default_value = std::move(value);
  s.help = std::move(help);
  return s;
}

const std::vector<Setting>& bound_setting_table() {
  static const std::vector<Setting> table = [] {
    std::vector<Setting> rows;
    add_grid_rows(rows);
    add_confidence_rows(rows);
    add_plugin_and_run_rows(rows);
    return rows;
  }();
  return table;
}

const Setting& setting_named(const std::vector<Setting>& table, std::string_view name) {
  const auto found = std::find_if(table.begin(), table.end(), [&](const Setting& s) { return s.name == name; });
  if (found == table.end()) throw std::logic_error(fmt::format("no setting named {}", name));
  return *found;
}

const Setting& bound_setting(std::string_view name) { return setting_named(bound_setting_table(), name); }

const Setting& job_setting(std::string_view name) {
  const auto& bound = bound_setting_table();
  const bool in_bound = std::any_of(bound.begin(), bound.end(), [&](const Setting& s) { return s.name == name; });
  return setting_named(in_bound ? bound : job_setting_table(), name);
}

std::string flag_of(std::string_view name) {
  std::string flag = "--" + std::string(name);
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

}  // namespace reconbound::workflow
