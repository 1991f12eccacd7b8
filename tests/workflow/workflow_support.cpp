#include "workflow_support.hpp"

#include "reconbound/error.hpp"
#include "reconbound/presets/paper_pipeline.hpp"

namespace reconbound::test {

const Registry& workflow_registry() {
  static const Registry registry([] {
    auto path = Registry::default_search_path();
    path.emplace_back(RECONBOUND_WORKFLOW_DOUBLE_DIR);
    return path;
  }());
  return registry;
}

workflow::MechanismRequest noisy_double(int k, double sigma, bool accounting) {
  Params params;
  params.set("k", std::int64_t{k}).set("sigma", sigma).set("accounting", accounting);
  return {"noisy-double", params, std::nullopt};
}

workflow::DataRequest t10k_ranges(std::size_t a, std::size_t b, std::size_t c) {
  workflow::DataRequest request;
  request.spec = "idx:" + fashion_mnist_test_images();
  request.perp_records.range = workflow::IndexRange{a, b};
  request.est_records.range = workflow::IndexRange{b, c};
  return request;
}

BoundConfig small_bound_config() {
  BoundConfig config = presets::paper_bound_config();
  config.block_sizes = {4, 8};
  config.nu2_levels = {0.4, 1.6};
  config.threads = 2;
  return config;
}

workflow::BoundRequest small_bound_request() {
  workflow::BoundRequest request;
  request.data = t10k_ranges(0, 200, 400);
  request.representation = presets::kPaperRepresentation;
  request.bound = small_bound_config();
  return request;
}

std::string invalid_input_message(const std::function<void()>& call) {
  try {
    call();
  } catch (const InvalidInput& e) {
    return e.what();
  }
  ADD_FAILURE() << "no InvalidInput";
  return "";
}

}  // namespace reconbound::test
