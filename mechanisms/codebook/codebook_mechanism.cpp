// The `codebook` mechanism plugin (mathematics §2 end, paper §G.6): the index of the nearest of
// M = 2^R codewords fitted on the caller's data. bits=R charges γ = R (H(Q) ≤ R is reported
// as realised); gamma=g releases the two-cell index through a binary symmetric channel
// whose keep probability makes γ = g exactly. Its reconstruction attack (mathematics §9,
// codebook_reconstruction.hpp) chooses the release from the γ attacked.
#include <fmt/format.h>

#include <algorithm>
#include <thread>

#include "codebook.hpp"
#include "codebook_reconstruction.hpp"
#include "reconbound/error.hpp"
#include "reconbound/plugin.hpp"

namespace reconbound::codebook {

namespace {

struct Settings {
  unsigned bits = 0;    // > 0: the deterministic release with M = 2^bits codewords
  double gamma = 0.0;   // > 0 (with bits = 0): the two-cell release through the BSC
  std::uint64_t seed = 0;
  bool seed_given = false;
};

class CodebookMechanism final : public Mechanism {
 public:
  CodebookMechanism(Settings settings, ReleaseAttackSettings attack) : settings_(settings), attack_(attack) {}

  MechanismNeeds needs() const override { return {.schedule = false, .data = true}; }

  const ReconstructionAttack* attack() const override { return &attack_; }

  Leakage leakage(const MechanismInput& input) const override {
    if (settings_.bits == 0 && settings_.gamma == 0.0) {
      throw InvalidInput("the codebook mechanism needs exactly one of bits=R (R ≥ 1) or gamma=g (bits, 0 < g ≤ 1)");
    }
    if (input.data == nullptr) {
      throw InvalidInput("the codebook mechanism needs data: records (rows) to fit the codewords on");
    }
    CodebookConfig config;
    config.bits = settings_.bits > 0 ? settings_.bits : 1;
    config.seed = settings_.seed_given ? settings_.seed : input.seed;
    config.threads = std::max(1U, std::thread::hardware_concurrency());
    const Codebook fitted = fit_codebook(*input.data, *input.data, config);

    Leakage out;
    if (settings_.bits > 0) {
      out.gamma_bits = settings_.bits;  // charge R ≥ H(Q) (mathematics §2 end)
      out.details = {{"realised_entropy_bits", fitted.realised_entropy_bits},
                     {"codewords", static_cast<double>(fitted.codewords.rows())}};
      return out;
    }
    const double f0 = static_cast<double>(fitted.cell_counts[0]) / static_cast<double>(fitted.est_cells.size());
    out.gamma_bits = settings_.gamma;  // γ = H_b(f0·p + f1·(1−p)) − H_b(p) at the solved p
    out.details = {{"keep_probability", bsc_keep_probability(f0, settings_.gamma)}, {"f0", f0}};
    return out;
  }

 private:
  Settings settings_;
  CodebookReconstruction attack_;
};

Settings parse_settings(const Params& params) {
  params.require_only({"bits", "gamma", "seed", "nu2", "min_cell_records"}, "the codebook mechanism");
  if (params.has("bits") && params.has("gamma")) {
    throw InvalidInput("the codebook mechanism needs exactly one of bits=R (R ≥ 1) or gamma=g (bits, 0 < g ≤ 1)");
  }
  Settings settings;
  if (params.has("bits")) {
    const std::int64_t bits = params.get_int("bits");
    if (bits < 1 || bits > 30) {
      throw InvalidInput(fmt::format("codebook bits=R must be an integer in [1, 30]; got {}", bits));
    }
    settings.bits = static_cast<unsigned>(bits);
  } else if (params.has("gamma")) {
    settings.gamma = params.get_double("gamma");
    // γ ≤ H_b(f0) ≤ 1 bit; the exact ceiling H_b(f0) is checked once the cells are fitted.
    if (!(settings.gamma > 0.0 && settings.gamma <= 1.0)) {
      throw InvalidInput(fmt::format("codebook gamma=g must lie in (0, 1] bits; got {}", settings.gamma));
    }
  }
  if (params.has("seed")) {
    const std::int64_t seed = params.get_int("seed");
    if (seed < 0) throw InvalidInput(fmt::format("codebook seed must be ≥ 0; got {}", seed));
    settings.seed = static_cast<std::uint64_t>(seed);
    settings.seed_given = true;
  }
  return settings;
}

std::unique_ptr<Mechanism> make(const Params& params) {
  const Settings settings = parse_settings(params);
  ReleaseAttackSettings attack = release_attack_settings(params);
  if (settings.seed_given) attack.seed = settings.seed;
  attack.rate_given = params.has("bits") || params.has("gamma");
  return std::make_unique<CodebookMechanism>(settings, attack);
}

const PluginInfo& info() {
  // γ = R: more codewords never leak less (`reconbound conformance` sweeps R).
  static const ParameterRange ranges[]{
      {.key = "bits", .low = 1, .high = 4, .integer = true, .leakage = LeakageTrend::non_decreasing}};
  static const PluginInfo plugin{
      .abi_version = kPluginAbiVersion,
      .kind = PluginKind::mechanism,
      .name = "codebook",
      .version = "1.0.0",
      .description = "nearest of 2^R k-means codewords fitted on the data: gamma = R; "
                     "below one bit, the two-cell index through a binary symmetric channel",
      .parameters = "bits=<int >= 1> or gamma=<bits in (0, H_b(f0)]>, seed=<int>; the attack of `reconbound "
                    "chain` (which sets the rate from gamma): nu2=<double > 0>,min_cell_records=<int >= 1> "
                    "(default 0.2, 20), seed",
      .example = "bits=2",
      .make_mechanism = &make,
      .parameter_ranges = ranges,
      .parameter_range_count = std::size(ranges),
  };
  return plugin;
}

}  // namespace

}  // namespace reconbound::codebook

RECONBOUND_PLUGIN(reconbound::codebook::info)
