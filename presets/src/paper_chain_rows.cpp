// The paper's rows of the chain (mathematics §9): the codebook release and the DP-SGD attack at
// each (q, T) setting, or the mechanisms named.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "reconbound/error.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "reconbound/presets/paper_pipeline.hpp"

namespace reconbound::presets {

namespace {

const std::vector<DpsgdSetting> kDefaultDpsgdSettings{{1.0, 1}, {0.02, 100}};
constexpr double kDefaultClip = 0.3;
// The codebook's bootstrap stream, seed ^ (salt + γ index), from when the chain was written for it.
constexpr std::uint64_t kCodebookBootstrapSalt = 0xb00;

ChainAttackRow dpsgd_row(const DpsgdSetting& setting, double clip) {
  ChainAttackRow row;
  row.mechanism = kPaperMechanism;
  row.params.set("q", setting.q).set("steps", static_cast<std::int64_t>(setting.steps)).set("clip", clip);
  row.label = fmt::format("{}:q={:g},steps={},clip={:g}", kPaperMechanism, setting.q, setting.steps, clip);
  return row;
}

std::vector<ChainAttackRow> default_rows(const PaperChainRows& rows) {
  const double clip = rows.clip.value_or(kDefaultClip);
  if (!(clip > 0.0) || !std::isfinite(clip)) {
    throw InvalidInput(fmt::format("{} must be finite and > 0", parameter("clip", clip)));
  }
  std::vector<ChainAttackRow> out{workflow::named_attack_row(kCodebookMechanism)};
  for (const DpsgdSetting& setting : rows.dpsgd.value_or(kDefaultDpsgdSettings)) {
    out.push_back(dpsgd_row(setting, clip));
  }
  return out;
}

}  // namespace

std::vector<ChainAttackRow> paper_chain_rows(const PaperChainRows& rows) {
  std::vector<ChainAttackRow> out;
  if (rows.mechanisms.empty()) {
    out = default_rows(rows);
  } else if (rows.dpsgd || rows.clip) {
    throw InvalidInput(fmt::format("{} and {} set the default rows' DP-SGD attacks; with mechanisms named, give "
                                   "them as dpsgd:q=Q,steps=T,clip=C",
                                   parameter("dpsgd"), parameter("clip")));
  } else {
    for (const std::string& spec : rows.mechanisms) out.push_back(workflow::named_attack_row(spec));
  }
  const auto codebook = std::find_if(out.begin(), out.end(), [](const auto& row) { return row.mechanism == kCodebookMechanism; });
  if (codebook != out.end()) codebook->bootstrap_salt = kCodebookBootstrapSalt;
  return out;
}

}  // namespace reconbound::presets
