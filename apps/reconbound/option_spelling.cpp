#include "option_spelling.hpp"

#include <algorithm>
#include <array>
#include <utility>

namespace reconbound::cli {

namespace {

// The parameters whose option is not "--" and the name with '-' for '_'.
constexpr std::array<std::pair<std::string_view, std::string_view>, 7> kRenamed{{
    {"n_perp", "--perp"},
    {"n_est", "--est"},
    {"representations", "--representation"},
    {"mechanism_params", "--mechanism-param"},
    {"representation_params", "--representation-param"},
    {"estimator_params", "--estimator-param"},
    {"converse_params", "--converse-param"},
}};

}  // namespace

std::string option_for(std::string_view parameter) {
  for (const auto& [name, option] : kRenamed) {
    if (name == parameter) return std::string(option);
  }
  std::string option = "--" + std::string(parameter);
  std::replace(option.begin(), option.end(), '_', '-');
  return option;
}

ParameterSpelling option_spelling() { return {option_for, " "}; }

}  // namespace reconbound::cli
