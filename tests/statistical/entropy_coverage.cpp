#include "entropy_coverage.hpp"

#include <fmt/format.h>

#include <cmath>

#include "estimator_support.hpp"

namespace reconbound::test {

CoverageResult run_entropy_coverage(const EntropyEstimator& estimator,
                                    const conformance::KnownEntropySource& source,
                                    const CoverageDesign& design) {
  const double trace = source.trace();
  const double alpha_mc = 0.5 * design.alpha;  // the even split of make_request
  CoverageResult out;
  for (const GridPair& pair : design.grid) {
    PairCoverage p;
    p.pair = pair;
    p.s = std::sqrt(pair.nu2 * trace / static_cast<double>(pair.k));  // mathematics §5
    p.truth = source.block_averaged_entropy(pair.k, p.s);
    out.pairs.push_back(p);
  }
  std::vector<double> t_num_sum(design.grid.size(), 0.0);
  for (int rep = 0; rep < design.repetitions; ++rep) {
    const auto r = static_cast<std::uint64_t>(rep);
    const RowMatrix data = source.sample(design.n, design.seed + r);
    EntropyRequest request = make_request(data, design.grid, trace, design.seed + 1'000'000 + r);
    request.alpha = design.alpha;
    const std::vector<GridEntropy> results = estimator.estimate(request);
    bool all = true;
    for (std::size_t i = 0; i < results.size(); ++i) {
      PairCoverage& p = out.pairs[i];
      const GridEntropy& e = results[i];
      const bool covered = e.h_lb <= p.truth;
      all = all && covered;
      p.covered += covered ? 1 : 0;
      p.mean_gap += (p.truth - e.h_lb) / design.repetitions;
      p.mean_h_mc += e.h_point / design.repetitions;
      p.n_mc = draws(e.details);
      p.estimator_s = e.s;
      t_num_sum[i] += e.t_num;
    }
    out.simultaneous += all ? 1 : 0;
  }
  for (std::size_t i = 0; i < out.pairs.size(); ++i) {
    PairCoverage& p = out.pairs[i];
    p.allowance = gap_allowance(
        {.n = design.n,
         .union_size = design.grid.size(),
         .alpha_mc = alpha_mc,
         .alpha_md = design.alpha - alpha_mc,
         .k = p.pair.k,
         .blocks = source.columns() / p.pair.k,
         .n_mc = p.n_mc,
         .mean_t_num = t_num_sum[i] / design.repetitions,
         .bias_bound = source.plugin_bias_bound(p.pair.k, p.s, design.n),
         .repetitions = design.repetitions});
  }
  return out;
}

int required_coverage(double alpha, int repetitions) {
  return static_cast<int>(std::ceil((1.0 - alpha) * static_cast<double>(repetitions) - 1e-9));
}

std::string describe(const CoverageResult& result, int repetitions) {
  std::string out = fmt::format("simultaneous coverage {}/{}\n", result.simultaneous, repetitions);
  for (const PairCoverage& p : result.pairs) {
    const GapAllowance& a = p.allowance;
    out += fmt::format(
        "  k={:2} nu2={:.1f} n_mc={:2} covered {}/{}  mean gap {:8.4f} <= {:8.4f} = t_md {:.4f} "
        "+ t_mc {:.4f} + 2t_num {:.1e} + bias {:.4f} + slack {:.4f}+{:.4f}\n",
        p.pair.k, p.pair.nu2, p.n_mc, p.covered, repetitions, p.mean_gap, a.total(), a.t_md,
        a.t_mc, a.t_num, a.bias, a.sampling, a.monte_carlo);
  }
  return out;
}

}  // namespace reconbound::test
