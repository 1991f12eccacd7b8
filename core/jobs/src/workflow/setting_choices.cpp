// The engine's choices by the names the front ends give them (workflow/setting_choices.hpp).
#include "reconbound/workflow/setting_choices.hpp"

#include <stdexcept>
#include <utility>

#include "reconbound/workflow/setting_table.hpp"

namespace reconbound::workflow {

namespace {

template <class T>
using Names = std::vector<std::pair<std::string, T>>;

const Names<RotationChoice>& rotations() {
  static const Names<RotationChoice> names{
      {"auto", RotationChoice::automatic}, {"eigenbasis", RotationChoice::eigenbasis}, {"signs", RotationChoice::signs}};
  return names;
}

const Names<Normaliser>& normalisers() {
  static const Names<Normaliser> names{{"sample", Normaliser::sample}, {"ucb", Normaliser::ucb}};
  return names;
}

const Names<GridSelect>& grid_selections() {
  static const Names<GridSelect> names{{"pilot", GridSelect::pilot}, {"none", GridSelect::none}};
  return names;
}

template <class T>
std::vector<std::string> names_of(const Names<T>& names) {
  std::vector<std::string> out;
  for (const auto& [name, value] : names) out.push_back(name);
  return out;
}

template <class T>
std::string name_of(const Names<T>& names, T choice) {
  for (const auto& [name, value] : names) {
    if (value == choice) return name;
  }
  throw std::logic_error("a choice without a name");
}

template <class T>
T named(const Names<T>& names, const char* setting, const std::string& given) {
  check_choice(bound_setting(setting), given);
  for (const auto& [name, value] : names) {
    if (name == given) return value;
  }
  throw std::logic_error("a setting's choices differ from the engine's");
}

}  // namespace

std::vector<std::string> rotation_names() { return names_of(rotations()); }
std::vector<std::string> normaliser_names() { return names_of(normalisers()); }
std::vector<std::string> grid_select_names() { return names_of(grid_selections()); }

std::string rotation_name(RotationChoice choice) { return name_of(rotations(), choice); }
std::string normaliser_name(Normaliser choice) { return name_of(normalisers(), choice); }
std::string grid_select_name(GridSelect choice) { return name_of(grid_selections(), choice); }

RotationChoice rotation_named(const std::string& given) { return named(rotations(), "rotation", given); }
Normaliser normaliser_named(const std::string& given) { return named(normalisers(), "normaliser", given); }
GridSelect grid_select_named(const std::string& given) { return named(grid_selections(), "grid_select", given); }

}  // namespace reconbound::workflow
