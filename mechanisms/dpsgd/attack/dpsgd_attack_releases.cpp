// The releases the informed adversary sees (mathematics §9; paper eq 36), one generator per target.
#include <fmt/format.h>

#include <cmath>
#include <cstdint>
#include <numbers>
#include <random>

#include "dpsgd_attack_model.hpp"
#include "reconbound/error.hpp"
#include "reconbound/parallel_items.hpp"

namespace reconbound::dpsgd {

namespace detail {

namespace {

// Uniform on (0, 1) from the top 53 bits of one draw.
double open_uniform(std::mt19937_64& engine) {
  return (static_cast<double>(engine() >> 11) + 0.5) * 0x1p-53;
}

// Standard normal draws by the Box–Muller transform, both values of each pair used; written
// out (not std::normal_distribution) so a seed gives the same numbers with every library.
class StandardNormal {
 public:
  explicit StandardNormal(std::mt19937_64& engine) : engine_(engine) {}
  double operator()() {
    if (has_spare_) {
      has_spare_ = false;
      return spare_;
    }
    const double radius = std::sqrt(-2.0 * std::log(open_uniform(engine_)));
    const double angle = 2.0 * std::numbers::pi * open_uniform(engine_);
    spare_ = radius * std::sin(angle);
    has_spare_ = true;
    return radius * std::cos(angle);
  }

 private:
  std::mt19937_64& engine_;
  double spare_ = 0.0;
  bool has_spare_ = false;
};

// The generator of one target: seeded from (seed, target index) only.
std::mt19937_64 target_engine(std::uint64_t seed, std::size_t target_index) {
  const auto index = static_cast<std::uint64_t>(target_index);
  std::seed_seq sequence{static_cast<std::uint32_t>(seed), static_cast<std::uint32_t>(seed >> 32),
                         static_cast<std::uint32_t>(index), static_cast<std::uint32_t>(index >> 32)};
  return std::mt19937_64(sequence);
}

// Calls on_step(Y_t) for t = 1..T with Y_t = 1_t·a(u)·u + σC·ξ_t (eq 36); per step the
// participation is drawn first (1_t = [U < q]), then the m coordinates of ξ_t.
template <class OnStep>
void draw_releases(const Eigen::RowVectorXd& u, const ReleaseModel& model, std::uint64_t seed,
                   std::size_t target_index, const OnStep& on_step) {
  auto engine = target_engine(seed, target_index);
  StandardNormal normal(engine);
  const Eigen::RowVectorXd clipped = clip_factor(u.norm(), model.clip) * u;  // a(u)·u
  const double noise_scale = model.sigma * model.clip;                      // σC
  Eigen::RowVectorXd release(u.size());
  for (std::uint64_t t = 0; t < model.steps; ++t) {
    const bool participates = open_uniform(engine) < model.q;
    for (Eigen::Index k = 0; k < release.size(); ++k) release[k] = noise_scale * normal();
    if (participates) release += clipped;
    on_step(release);
  }
}

}  // namespace

FloatRows simulate_target_releases(MatrixView centred_targets, const ReleaseModel& model,
                                   std::uint64_t seed, std::size_t threads) {
  const auto per_target = static_cast<Eigen::Index>(release_rows_per_target(model));
  FloatRows releases(centred_targets.rows() * per_target, centred_targets.cols());
  for_each_index(static_cast<std::size_t>(centred_targets.rows()), threads, [&](std::size_t i) {
    const auto target = static_cast<Eigen::Index>(i);
    const Eigen::RowVectorXd u = centred_targets.row(target);
    if (per_target == 1 && model.steps > 1) {
      Eigen::RowVectorXd sum = Eigen::RowVectorXd::Zero(u.size());  // Σ_t Y_t at q = 1
      draw_releases(u, model, seed, i, [&](const Eigen::RowVectorXd& y) { sum += y; });
      releases.row(target) = sum.cast<float>();
      return;
    }
    Eigen::Index row = target * per_target;
    draw_releases(u, model, seed, i,
                  [&](const Eigen::RowVectorXd& y) { releases.row(row++) = y.cast<float>(); });
  });
  return releases;
}

}  // namespace detail

RowMatrix simulate_releases(MatrixView centred_target, const DpsgdAttackConfig& config,
                            std::size_t target_index) {
  const detail::ReleaseModel model{config.q, config.sigma, config.clip, config.steps};
  detail::check_release_model(model);
  if (centred_target.rows() != 1 || centred_target.cols() == 0) {
    throw InvalidInput(fmt::format("simulate_releases needs one centred target (1 × m); got {} × {}",
                                   centred_target.rows(), centred_target.cols()));
  }
  if (!centred_target.allFinite()) throw InvalidInput("the centred target has NaN or infinite values");
  RowMatrix releases(static_cast<Eigen::Index>(config.steps), centred_target.cols());
  Eigen::Index row = 0;
  detail::draw_releases(centred_target.row(0), model, config.seed, target_index,
                        [&](const Eigen::RowVectorXd& y) { releases.row(row++) = y; });
  return releases;
}

}  // namespace reconbound::dpsgd
