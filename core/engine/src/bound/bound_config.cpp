// The settings of a bound as a whole (reconbound/bound.hpp): their entry check, their comparison
// and the fingerprint every checkpointed work item is keyed by.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cstdint>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/error.hpp"
#include "reconbound/grid.hpp"

namespace reconbound {

namespace {

std::string text_of(const std::string& value) { return fmt::format("{:?}", value); }  // quoted, escaped
std::string text_of(double value) { return fmt::format("{}", value); }  // the shortest exact form
std::string text_of(bool value) { return value ? "true" : "false"; }
std::string text_of(std::uint64_t value) { return fmt::to_string(value); }
std::string text_of(const std::vector<std::size_t>& values) { return fmt::format("{}", fmt::join(values, ",")); }
std::string text_of(const std::vector<double>& values) { return fmt::format("{}", fmt::join(values, ",")); }

template <class Choice>
std::string choice_text(Choice choice) {
  return fmt::to_string(static_cast<int>(choice));
}

// Each parameter as key=type:value, strings quoted: two Params have the same text exactly when
// they hold the same values.
std::string text_of(const Params& params) {
  std::vector<std::string> items;
  for (const auto& [key, value] : params.values()) {
    const std::string typed = std::visit(
        [](const auto& v) {
          using V = std::decay_t<decltype(v)>;
          if constexpr (std::is_same_v<V, std::int64_t>) return fmt::format("int:{}", v);
          else if constexpr (std::is_same_v<V, bool>) return fmt::format("bool:{}", text_of(v));
          else if constexpr (std::is_same_v<V, double>) return fmt::format("double:{}", text_of(v));
          else return fmt::format("text:{}", text_of(v));
        },
        value);
    items.push_back(fmt::format("{}={}", text_of(key), typed));
  }
  return fmt::format("{}", fmt::join(items, ","));
}

// Every field of `config` as (name, exact text), in declaration order. The structured binding
// names every field: one added to BoundConfig does not compile here until it is listed too, so
// neither the comparison nor the fingerprint can forget it.
Fingerprint field_texts(const BoundConfig& config) {
  const auto& [representation, representation_params, estimator, estimator_params, converse, converse_params,
               block_sizes, nu2_levels, alpha, normaliser_alpha_fraction, rotation, padded_order, normaliser,
               grid_select, select_pairs, target_rho, selection_only, seed, threads, memory_limit_bytes,
               memory_limit_source] = config;
  return {{"representation", text_of(representation)},
          {"representation_params", text_of(representation_params)},
          {"estimator", text_of(estimator)},
          {"estimator_params", text_of(estimator_params)},
          {"converse", text_of(converse)},
          {"converse_params", text_of(converse_params)},
          {"block_sizes", text_of(block_sizes)},
          {"nu2_levels", text_of(nu2_levels)},
          {"alpha", text_of(alpha)},
          {"normaliser_alpha_fraction", text_of(normaliser_alpha_fraction)},
          {"rotation", choice_text(rotation)},
          {"padded_order", text_of(std::uint64_t{padded_order})},
          {"normaliser", choice_text(normaliser)},
          {"grid_select", choice_text(grid_select)},
          {"select_pairs", text_of(std::uint64_t{select_pairs})},
          {"target_rho", text_of(target_rho)},
          {"selection_only", text_of(selection_only)},
          {"seed", text_of(seed)},
          {"threads", text_of(std::uint64_t{threads})},
          {"memory_limit_bytes", text_of(std::uint64_t{memory_limit_bytes})},
          {"memory_limit_source", text_of(memory_limit_source)}};
}

// Fields that change no number of the result: the work is the same with any of them.
bool changes_no_result(const std::string& field) {
  return field == "threads" || field == "memory_limit_bytes" || field == "memory_limit_source";
}

}  // namespace

bool operator==(const BoundConfig& a, const BoundConfig& b) { return field_texts(a) == field_texts(b); }

void check_bound_config(const BoundConfig& config) {
  check_grid_lists(config.block_sizes, config.nu2_levels);
  check_alpha(config.alpha);
  // Mathematics §6.8: the UCB's share α_T = fraction·α must leave the estimator a share of α.
  if (!(config.normaliser_alpha_fraction > 0.0 && config.normaliser_alpha_fraction < 1.0)) {
    throw InvalidInput(fmt::format("{} must be in (0, 1): the share of alpha the tr Sigma upper confidence bound "
                                   "gets",
                                   parameter("normaliser_alpha_share", config.normaliser_alpha_fraction)));
  }
}

Fingerprint bound_config_fingerprint(const BoundConfig& config) {
  Fingerprint out;
  for (auto& [field, text] : field_texts(config)) {
    if (!changes_no_result(field)) out.emplace_back("setting " + field, std::move(text));
  }
  return out;
}

}  // namespace reconbound
