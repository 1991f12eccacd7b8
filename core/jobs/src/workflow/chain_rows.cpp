// The attack rows of the chain job (mathematics §9): the mechanisms named, or the paper's rows —
// the codebook release and the DP-SGD attack at each (q, T) setting.
#include <fmt/format.h>

#include <cmath>

#include "reconbound/error.hpp"
#include "reconbound/workflow/chain.hpp"

namespace reconbound::workflow {

namespace {

const std::vector<DpsgdSetting> kDefaultDpsgdSettings{{1.0, 1}, {0.02, 100}};
constexpr double kDefaultClip = 0.3;

// Where a row is attacked: at every γ, except the codebook, whose releases leak whole bits
// (its rates) or, through the binary symmetric channel, any γ below one bit.
std::vector<double> row_gammas(const std::string& mechanism, const ChainRows& rows) {
  if (mechanism != "codebook") return rows.gammas;
  std::vector<double> out(rows.bits.begin(), rows.bits.end());
  for (const double g : rows.gammas) {
    if (g < 1.0) out.push_back(g);
  }
  return out;
}

// "NAME" or "NAME:k=v,...".
ChainAttackRow named_row(const std::string& spec, const ChainRows& rows) {
  const std::size_t colon = spec.find(':');
  ChainAttackRow row;
  row.mechanism = spec.substr(0, colon);
  if (row.mechanism.empty()) {
    throw InvalidInput(fmt::format("mechanism row '{}' has no name: write NAME or NAME:key=value,...", spec));
  }
  if (colon != std::string::npos) row.params = Params::parse(spec.substr(colon + 1));
  row.label = spec;
  row.gammas = row_gammas(row.mechanism, rows);
  return row;
}

ChainAttackRow dpsgd_row(const DpsgdSetting& setting, double clip, const ChainRows& rows) {
  ChainAttackRow row;
  row.mechanism = "dpsgd";
  row.params.set("q", setting.q).set("steps", static_cast<std::int64_t>(setting.steps)).set("clip", clip);
  row.label = fmt::format("dpsgd:q={:g},steps={},clip={:g}", setting.q, setting.steps, clip);
  row.gammas = rows.gammas;
  return row;
}

}  // namespace

std::vector<ChainAttackRow> chain_attack_rows(const ChainRows& rows) {
  std::vector<ChainAttackRow> out;
  if (!rows.mechanisms.empty()) {
    if (rows.dpsgd || rows.clip) {
      throw InvalidInput(fmt::format("{} and {} set the default rows' DP-SGD attacks; with mechanisms named, give "
                                     "them as dpsgd:q=Q,steps=T,clip=C",
                                     parameter("dpsgd"), parameter("clip")));
    }
    for (const std::string& spec : rows.mechanisms) out.push_back(named_row(spec, rows));
    return out;
  }
  const double clip = rows.clip.value_or(kDefaultClip);
  if (!(clip > 0.0) || !std::isfinite(clip)) {
    throw InvalidInput(fmt::format("{} must be finite and > 0", parameter("clip", clip)));
  }
  out.push_back(named_row("codebook", rows));
  for (const DpsgdSetting& setting : rows.dpsgd.value_or(kDefaultDpsgdSettings)) {
    out.push_back(dpsgd_row(setting, clip, rows));
  }
  return out;
}

}  // namespace reconbound::workflow
