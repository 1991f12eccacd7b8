#include "reconbound/workflow/chain.hpp"

#include "reconbound/workflow/bound.hpp"

namespace reconbound::workflow {

namespace {

std::optional<double> difference(const std::optional<double>& a, const std::optional<double>& b) {
  if (!a || !b) return std::nullopt;
  return *a - *b;
}

std::optional<double> rho_of(const std::optional<ChainAttack>& attack) {
  return attack && attack->estimate ? std::optional<double>(attack->estimate->rho) : std::nullopt;
}

std::optional<double> rho_of(const std::optional<AttackEstimate>& e) {
  return e ? std::optional<double>(e->rho) : std::nullopt;
}

}  // namespace

ChainGaps chain_gaps(const ChainRow& row) {
  ChainGaps gaps;
  gaps.blk_minus_rho_star = difference(row.rho_blk, row.bound.rho_star);
  gaps.cb_minus_blk = difference(rho_of(row.codebook), row.rho_blk);
  for (const auto& attack : row.dpsgd) gaps.dpsgd_minus_cb.push_back(difference(rho_of(attack), rho_of(row.codebook)));
  for (const auto& attack : row.other) {
    gaps.other_minus_rho_star.push_back(difference(rho_of(attack), row.bound.rho_star));
  }
  return gaps;
}

ChainOutput run_chain(const Registry& registry, const ChainRequest& request) {
  ChainConfig config = request.config;
  config.attacks = chain_attack_rows(request.rows);
  config.bound = with_representation(config.bound, request.representation);
  const ChainSplitData data = load_chain_data(request.data);
  ChainOutput out;
  out.report = compute_chain(registry,
                             {&data.perp, &data.est, data.shadow.rows() > 0 ? &data.shadow : nullptr, &data.targets,
                              data.dataset->shape},
                             config);
  out.data_source = data.dataset->source;
  out.representation = request.representation;
  out.seed = request.data.data.seed;
  out.indices = data.indices;
  out.certificate = make_certificate(out.report.bound, LeakageOrigin::given, 0.0);
  out.shape = data.dataset->shape;
  return out;
}

}  // namespace reconbound::workflow
