#include "data_options.hpp"

#include "reconbound/presets/paper_settings.hpp"
#include "setting_option.hpp"

namespace reconbound::cli {

void add_data_options(CLI::App& cmd, DataOptions& o) {
  cmd.add_option("--data", o.data,
                 "fashion-mnist | idx:PATH | npy:PATH | png:DIR (its images, or one sub-folder per class)")
      ->capture_default_str();
  add_setting_option(cmd, presets::front_end_setting("n_perp"), o.perp);
  add_setting_option(cmd, presets::front_end_setting("n_est"), o.est);
  cmd.add_option("--perp-range", o.perp_range, "Explicit D_perp as a half-open range a:b in file order");
  cmd.add_option("--est-range", o.est_range, "Explicit D_est as a half-open range a:b in file order");
  cmd.add_option("--perp-indices", o.perp_indices, "Explicit D_perp as a file of record indices");
  cmd.add_option("--est-indices", o.est_indices, "Explicit D_est as a file of record indices");
  add_setting_option(cmd, presets::front_end_setting("seed"), o.seed);
  cmd.add_option("--layout", o.layout,
                 "npy: records stored as NCHW (N, C, H, W) or NHWC (N, H, W, C); needed for an array whose last "
                 "axis looks like channels (1, 3 or 4, smaller than H and W)");
  cmd.add_option("--scale", o.scale,
                 "npy: values as grey levels in [0, 255] (255) or in [0, 1] (1: multiplied by 255); needed for a "
                 "float array whose values are all <= 1");
}

workflow::IndexChoice index_choice(const std::string& range, const std::string& file) {
  workflow::IndexChoice choice;
  if (!range.empty()) choice.range = workflow::parse_index_range(range);
  if (!file.empty()) choice.indices = workflow::read_index_file(file);
  return choice;
}

workflow::DataRequest data_request(const DataOptions& o, bool quick) {
  workflow::DataRequest request;
  request.spec = o.data;
  request.encoding = record_encoding(o.layout, o.scale);
  request.perp_records = index_choice(o.perp_range, o.perp_indices);
  request.est_records = index_choice(o.est_range, o.est_indices);
  request.perp = o.perp;
  request.est = o.est;
  request.seed = o.seed;
  request.quick = quick;
  return request;
}

}  // namespace reconbound::cli
