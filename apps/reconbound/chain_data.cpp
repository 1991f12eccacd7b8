#include "chain_data.hpp"

namespace reconbound::cli {

void add_chain_data_options(CLI::App& cmd, ChainDataOptions& o) {
  add_data_options(cmd, o.data);
  cmd.add_option("--targets", o.targets, "Held-out targets drawn at random (outside D_perp and D_est)")
      ->capture_default_str();
  cmd.add_option("--targets-range", o.targets_range, "Explicit targets as a half-open range a:b in file order");
  cmd.add_option("--targets-indices", o.targets_indices, "Explicit targets as a file of record indices");
  cmd.add_option("--shadow", o.shadow, "D_shadow: this many records drawn from D_est (default: all of D_est)");
  cmd.add_option("--shadow-indices", o.shadow_indices, "Explicit D_shadow (inside D_est) as a file of record indices");
}

workflow::ChainDataRequest chain_data_request(const ChainDataOptions& o, bool quick) {
  workflow::ChainDataRequest request;
  request.data = data_request(o.data, quick);
  request.targets = o.targets;
  request.target_records = index_choice(o.targets_range, o.targets_indices);
  request.shadow = o.shadow;
  if (!o.shadow_indices.empty()) request.shadow_indices = workflow::read_index_file(o.shadow_indices);
  return request;
}

}  // namespace reconbound::cli
