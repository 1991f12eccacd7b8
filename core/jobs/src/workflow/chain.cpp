#include "reconbound/workflow/chain.hpp"

#include <fmt/format.h>

#include <utility>

#include "reconbound/error.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/representation.hpp"

namespace reconbound::workflow {

namespace {

// ChainRows' error bounds as (γ, error) pairs; InvalidInput unless there is none or one per γ.
std::vector<std::pair<double, double>> gamma_errors(const ChainRows& rows) {
  if (rows.gamma_errors_bits.empty()) return {};
  if (rows.gamma_errors_bits.size() != rows.gammas.size()) {
    throw InvalidInput(fmt::format("{} gamma error bounds for {} gammas: give none or one per gamma",
                                   rows.gamma_errors_bits.size(), rows.gammas.size()));
  }
  std::vector<std::pair<double, double>> out;
  for (std::size_t i = 0; i < rows.gammas.size(); ++i) out.emplace_back(rows.gammas[i], rows.gamma_errors_bits[i]);
  return out;
}

}  // namespace

ChainOutput run_chain(const Registry& registry, const ChainRequest& request) {
  ChainConfig config = request.config;
  config.attacks = request.rows.attacks;
  config.gammas = request.rows.gammas;
  config.rates = request.rows.rates;
  config.gamma_errors_bits = gamma_errors(request.rows);
  config.bound = with_representation(config.bound, request.representation);
  const ChainSplitData data = load_chain_data(request.data);
  ChainOutput out;
  out.representation_unit = representation_info(registry, config.bound, data.dataset->shape).unit;
  out.report = compute_chain(registry,
                             {&data.perp, &data.est, data.shadow.rows() > 0 ? &data.shadow : nullptr, &data.targets,
                              data.dataset->shape},
                             config);
  out.data_source = data.dataset->source;
  out.representation = request.representation;
  out.seed = request.data.data.seed;
  out.indices = data.indices;
  const double error = largest_gamma_error(out.report.bound.results);
  out.certificate = make_certificate(out.report.bound,
                                     error > 0.0 ? LeakageOrigin::mechanism_with_error : LeakageOrigin::given, error,
                                     data.origin);
  out.shape = data.dataset->shape;
  return out;
}

}  // namespace reconbound::workflow
