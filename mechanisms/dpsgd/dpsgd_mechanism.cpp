// The `dpsgd` mechanism plugin: γ = (1/ln 2)·Σ_runs Σ_t K(q_t, c·σ_t)   (mathematics §2, Theorem 4.1),
// c the input's noise scale; its (ε, δ) capability is the PLD accountant (mathematics §8), its
// reconstruction attack the prior-aware DP-SGD attack (mathematics §9, dpsgd_reconstruction.hpp).
#include <fmt/format.h>

#include <cmath>
#include <map>
#include <mutex>
#include <numbers>
#include <utility>

#include "dpsgd_accountant.hpp"
#include "dpsgd_input.hpp"
#include "dpsgd_reconstruction.hpp"
#include "reconbound/compensated_sum.hpp"
#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"
#include "subsampled_gaussian_kl.hpp"

namespace reconbound::dpsgd {

namespace {

class DpsgdMechanism final : public Mechanism {
 public:
  DpsgdMechanism(AttackSettings attack, DeclaredRelease declared)
      : declared_(declared), accountant_(declared), attack_(*this, attack) {}

  MechanismNeeds needs() const override { return {.schedule = true, .data = false, .noise_scale = true}; }

  const PrivacyAccountant* accountant() const override { return &accountant_; }

  const ReconstructionAttack* attack() const override { return &attack_; }

  Leakage leakage(const MechanismInput& input) const override {
    const Schedule schedule = charged_schedule(input, declared_);
    if (schedule.runs.empty()) throw InvalidInput("the schedule has no runs");
    Leakage out;
    CompensatedSum gamma;
    CompensatedSum error;
    for (std::size_t r = 0; r < schedule.runs.size(); ++r) {
      const auto& run = schedule.runs[r];
      if (run.segments.empty()) throw InvalidInput(fmt::format("run {} has no segments", r + 1));
      for (const auto& segment : run.segments) {
        if (segment.steps < 1) {
          throw InvalidInput(fmt::format("a segment of run {} has {} steps; need ≥ 1", r + 1,
                                         segment.steps));
        }
        check_supported(segment.q, segment.sigma);  // before the cache: NaN keys match anything
        const KlValue k = cached_kl(segment.q, segment.sigma);
        const double steps = static_cast<double>(segment.steps);
        const double bits = steps * k.nats / std::numbers::ln2;  // T·K/ln 2 (mathematics §2)
        gamma.add(bits);
        error.add(steps * k.abs_error / std::numbers::ln2);
        out.segments.push_back({r, segment, bits});
      }
    }
    out.gamma_bits = gamma.value();
    out.abs_error_bits = error.value();
    return out;
  }

 private:
  KlValue cached_kl(double q, double sigma) const {
    const auto key = std::make_pair(q, sigma);
    {
      std::lock_guard lock(mutex_);
      if (const auto it = cache_.find(key); it != cache_.end()) return it->second;
    }
    const KlValue value = subsampled_gaussian_kl(q, sigma);
    std::lock_guard lock(mutex_);
    cache_.emplace(key, value);
    return value;
  }

  DeclaredRelease declared_;
  DpsgdAccountant accountant_;
  DpsgdReconstruction attack_;
  mutable std::mutex mutex_;
  mutable std::map<std::pair<double, double>, KlValue> cache_;
};

std::unique_ptr<Mechanism> make(const Params& params) {
  params.require_only({"q", "steps", "clip"}, "the dpsgd mechanism");
  const AttackSettings attack = attack_settings(params);  // checks q and steps first
  return std::make_unique<DpsgdMechanism>(attack, declared_release(params));
}

const PluginInfo& info() {
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::mechanism,
      .name = "dpsgd",
      .version = "1.0.0",
      .description = "DP-SGD with Poisson sampling: gamma = sum_t K(q_t, sigma_t) / ln 2 (Thm 4.1)",
      .parameters = "the release of its attack in `reconbound chain`: q=<(0, 1]>,steps=<int >= 1>,clip=<C > 0> "
                    "(default 1, 1, 0.3); gamma and epsilon read q, sigma and steps from the schedule, which "
                    "must agree with q and steps where given",
      .make_mechanism = &make,
  };
  return plugin;
}

}  // namespace

}  // namespace reconbound::dpsgd

RECONBOUND_PLUGIN(reconbound::dpsgd::info)
