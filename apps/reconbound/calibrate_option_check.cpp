#include "calibrate_option_check.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <string>
#include <vector>

#include "bound_options.hpp"
#include "data_options.hpp"
#include "reconbound/error.hpp"

namespace reconbound::cli {

namespace {

// The long names of the data and bound options, as `bound` has them (add_data_options,
// add_bound_options) — the one list of what the bound pipeline reads — less --quiet, which
// also silences the accountant's progress.
std::vector<std::string> bound_pipeline_options() {
  CLI::App scratch;
  DataOptions data;
  BoundOptions bound;
  add_data_options(scratch, data);
  add_bound_options(scratch, bound);
  std::vector<std::string> names;
  for (const CLI::Option* option : scratch.get_options()) {
    const std::string name = option->get_name();
    if (!option->get_lnames().empty() && name != "--quiet" && name != "--help") names.push_back(name);
  }
  return names;
}

}  // namespace

void refuse_bound_options_for_epsilon(const CLI::App& command) {
  std::vector<std::string> names = bound_pipeline_options();
  names.insert(names.end(), {"--by-label", "--labels", "--label-names"});
  std::vector<std::string> given;
  for (const std::string& name : names) {
    const CLI::Option* option = command.get_option_no_throw(name);
    if (option != nullptr && option->count() > 0) given.push_back(name);
  }
  if (given.empty()) return;
  throw InvalidInput(fmt::format("--target-epsilon takes no data or bound options ({}; they go with --target-rho)",
                                 fmt::join(given, ", ")));
}

}  // namespace reconbound::cli
