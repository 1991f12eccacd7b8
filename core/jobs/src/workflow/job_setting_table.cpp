// The settings the jobs take beside the bound pipeline's, one row each (workflow/setting_table.hpp).
// Each default is the one the job's request keeps (DataRequest, CalibrationOptions,
// AccountantOptions, SpectrumRequest, ChainDataRequest); the row reads it from there.
#include <fmt/format.h>

#include <utility>

#include "reconbound/accountant.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/workflow/chain.hpp"
#include "reconbound/workflow/data.hpp"
#include "reconbound/workflow/setting_table.hpp"
#include "reconbound/workflow/spectrum.hpp"

namespace reconbound::workflow {

namespace {

// A row whose CLI option has its own spelling and whose default is not given (or a rule, said in words).
Setting spelled_row(std::string name, std::string flag, std::string help) {
  Setting s = make_setting(std::move(name), std::monostate{}, std::move(help));
  s.flag = std::move(flag);
  return s;
}

// The data's random split and its seed, the chain's held-out targets (mathematics §7, §F.4), the
// mechanism's parameters.
void add_data_rows(std::vector<Setting>& table) {
  table.push_back(spelled_row("n_perp", "--perp", "Random split: records in D_perp (rotation, tr Sigma)"));
  table.push_back(spelled_row("n_est", "--est", "Random split: records in D_est (entropy estimate)"));
  table.push_back(make_setting("seed", static_cast<std::int64_t>(DataRequest{}.seed),
                               "Seed of the split, rotation signs and dither"));
  table.push_back(make_setting("targets", static_cast<std::int64_t>(ChainDataRequest{}.targets),
                               "Held-out targets drawn at random (outside D_perp and D_est)"));
  table.push_back(spelled_row("mechanism_params", "--mechanism-param",
                              "Mechanism parameters k=v,... (the mechanism lists its own)"));
}

// δ, given or as n_train^-exponent (mathematics §8): no default, the jobs ask for one of the two.
void add_delta_rows(std::vector<Setting>& table) {
  table.push_back(make_setting("delta", std::monostate{}, "Target delta in [1e-15, 1)"));
  table.push_back(make_setting("delta_exponent", std::monostate{},
                               "delta = n_train^-exponent (with --n-train; the paper uses 1.1)"));
  table.push_back(make_setting("n_train", std::monostate{}, "Training-set size for --delta-exponent"));
}

// The calibration's tolerances on σ and on ε's error bar (mathematics §8), the spectrum's targets
// and its joint statement over the representations (§6.8).
void add_calibration_rows(std::vector<Setting>& table) {
  table.push_back(make_setting("sigma_tolerance", CalibrationOptions{}.sigma_tolerance,
                               "Relative tolerance on sigma (the result is at most this far above the exact one)"));
  const AccountantOptions accountant;
  table.push_back(make_setting("epsilon_error", accountant.epsilon_error,
                               fmt::format("Target width of the epsilon error bar (nats); the bar is never asked "
                                           "narrower than {:g}*epsilon (the accountant's relative floor)",
                                           accountant.relative_epsilon_error)));
  const SpectrumRequest spectrum;
  table.push_back(make_setting("epsilons", spectrum.target_epsilons, "Target epsilons, comma separated"));
  table.push_back(make_setting("joint", spectrum.joint,
                               "One statement for all representations: each curve certified at alpha/R (a union "
                               "bound over the R representations) instead of alpha each"));
}

}  // namespace

const std::vector<Setting>& job_setting_table() {
  static const std::vector<Setting> table = [] {
    std::vector<Setting> rows;
    add_data_rows(rows);
    add_delta_rows(rows);
    add_calibration_rows(rows);
    return rows;
  }();
  return table;
}

}  // namespace reconbound::workflow
