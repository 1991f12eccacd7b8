#pragma once
// The report of a claims check: per claim PASS or FAIL with the claim, the reference, the
// discrepancy and the discrepancy in units of the tolerance, then a summary line; or the same
// as JSON.
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "reconbound/claims/check_claims.hpp"

namespace reconbound::claims {

// |discrepancy| / allowed: 0 inside the tolerance's width of the reference up to 1 at its
// edge; +∞ for a non-zero discrepancy when the tolerance is 0.
double discrepancy_in_tolerances(const ClaimResult& result);

bool all_pass(const std::vector<ClaimResult>& results);

// Two lines per claim (three for calibrated_sigma; for a certificate one more per part, each
// "name: pass|FAIL, detail"), then "summary: N claims, P pass, F fail".
std::string claims_report_text(const std::vector<ClaimResult>& results);

nlohmann::json claims_report_json(const std::vector<ClaimResult>& results);

}  // namespace reconbound::claims
