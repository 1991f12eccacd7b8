#include "reconbound/claims/claims_report.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "reconbound/claims/claim_kinds.hpp"

namespace reconbound::claims {

namespace {

std::string with_units(const std::string& number, std::string_view units) {
  return units.empty() ? number : number + " " + std::string(units);
}

// A reference that is a value with a tiny error reads "v ± e"; a wider one "[lower, upper]"; a
// one-sided one ">= lower" (calibrated σ) or "<= upper" (a certificate's level).
std::string reference_text(const ClaimResult& r, std::string_view units) {
  if (std::isinf(r.reference_lower)) return "<= " + with_units(fmt::format("{:.15g}", r.reference_upper), units);
  if (std::isinf(r.reference_upper)) return ">= " + with_units(fmt::format("{:.10g}", r.reference_lower), units);
  const double mid = r.reference_lower + 0.5 * (r.reference_upper - r.reference_lower);
  const double half = 0.5 * (r.reference_upper - r.reference_lower);
  if (half <= 1e-9 * std::abs(mid)) return with_units(fmt::format("{:.15g} ± {:.2g}", mid, half), units);
  return with_units(fmt::format("[{:.10g}, {:.10g}]", r.reference_lower, r.reference_upper), units);
}

std::string tolerances_text(const ClaimResult& r) {
  const double units = discrepancy_in_tolerances(r);
  return std::isinf(units) ? "inf" : fmt::format("{:.3g}", units);
}

std::size_t passed(const std::vector<ClaimResult>& results) {
  return static_cast<std::size_t>(std::count_if(results.begin(), results.end(), [](const auto& r) { return r.pass; }));
}

}  // namespace

double discrepancy_in_tolerances(const ClaimResult& result) {
  const double off = std::abs(result.discrepancy);
  if (result.allowed > 0.0) return off / result.allowed;
  return off == 0.0 ? 0.0 : std::numeric_limits<double>::infinity();
}

bool all_pass(const std::vector<ClaimResult>& results) { return passed(results) == results.size(); }

std::string claims_report_text(const std::vector<ClaimResult>& results) {
  std::string out;
  for (const auto& r : results) {
    const KindSpec& spec = kind_spec(r.kind);
    out += fmt::format("{}  claim {}  {}{}\n", r.pass ? "PASS" : "FAIL", r.index, spec.name,
                       r.label.empty() ? "" : "  " + r.label);
    out += fmt::format("      claimed {}, reference {} ({}); discrepancy {} = {} x tolerance {:.6g}\n",
                       with_units(fmt::format("{:.15g}", r.claimed), spec.units), reference_text(r, spec.units),
                       r.reference_source, r.discrepancy == 0.0 ? "0" : fmt::format("{:+.6g}", r.discrepancy),
                       tolerances_text(r), r.allowed);
    if (!r.note.empty()) out += fmt::format("      {}\n", r.note);
    for (const auto& part : r.parts) {
      out += fmt::format("      {}: {}, {}\n", part.name, part.pass ? "pass" : "FAIL", part.detail);
    }
  }
  const std::size_t pass = passed(results);
  out += fmt::format("summary: {} claims, {} pass, {} fail\n", results.size(), pass, results.size() - pass);
  return out;
}

nlohmann::json claims_report_json(const std::vector<ClaimResult>& results) {
  // JSON has no infinity: an unbounded end or ratio is null.
  auto finite_or_null = [](double x) { return std::isfinite(x) ? nlohmann::json(x) : nlohmann::json(nullptr); };
  nlohmann::json claims = nlohmann::json::array();
  for (const auto& r : results) {
    const KindSpec& spec = kind_spec(r.kind);
    nlohmann::json claim{{"index", r.index},
                         {"kind", spec.name},
                         {"label", r.label},
                         {"claimed", r.claimed},
                         {"units", spec.units},
                         {"reference", {{"lower", finite_or_null(r.reference_lower)},
                                        {"upper", finite_or_null(r.reference_upper)},
                                        {"source", r.reference_source}}},
                         {"tolerance", {{"absolute", r.tolerance.absolute},
                                        {"relative", r.tolerance.relative},
                                        {"allowed", r.allowed}}},
                         {"discrepancy", r.discrepancy},
                         {"discrepancy_in_tolerances", finite_or_null(discrepancy_in_tolerances(r))},
                         {"pass", r.pass}};
    if (!r.note.empty()) claim["note"] = r.note;
    if (!r.parts.empty()) {
      nlohmann::json parts = nlohmann::json::array();
      for (const auto& part : r.parts) {
        parts.push_back({{"name", part.name}, {"pass", part.pass}, {"detail", part.detail}});
      }
      claim["parts"] = std::move(parts);
    }
    claims.push_back(std::move(claim));
  }
  const std::size_t pass = passed(results);
  return {{"claims", claims},
          {"summary", {{"claims", results.size()}, {"pass", pass}, {"fail", results.size() - pass}}}};
}

}  // namespace reconbound::claims
