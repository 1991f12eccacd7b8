#include "gap_allowance.hpp"

#include <cmath>

#include "reconbound/verify/reference_entropy.hpp"

namespace reconbound::test {

double sampling_slack_bits(std::size_t n, int repetitions) {
  const double p = 1.0 / static_cast<double>(n);
  const double binary_entropy = -p * std::log2(p) - (1.0 - p) * std::log2(1.0 - p);  // H_b(1/n)
  return binary_entropy * std::sqrt(static_cast<double>(n) * std::log(1.0 / kSamplingSlackLevel) /
                                    (2.0 * static_cast<double>(repetitions)));
}

double monte_carlo_slack_bits(double sigma_mc_bits, int repetitions) {
  return sigma_mc_bits *
         std::sqrt((1.0 / kMonteCarloSlackLevel - 1.0) / static_cast<double>(repetitions));
}

GapAllowance gap_allowance(const GapAllowanceInputs& in) {
  const double sigma_mc = verify::reference_sigma_mc(in.k, in.blocks, in.n, in.n_mc).value;
  const verify::ReferenceMargins margins =
      verify::reference_margins(in.n, in.union_size, in.alpha_mc, in.alpha_md, sigma_mc);
  return {.t_md = margins.t_md.value,
          .t_mc = margins.t_mc.value,
          .t_num = 2.0 * in.mean_t_num,
          .bias = in.bias_bound,
          .sampling = sampling_slack_bits(in.n, in.repetitions),
          .monte_carlo = monte_carlo_slack_bits(sigma_mc, in.repetitions)};
}

}  // namespace reconbound::test
