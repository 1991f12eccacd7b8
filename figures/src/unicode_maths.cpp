#include "unicode_maths.hpp"

#include <regex>
#include <utility>
#include <vector>

namespace reconbound::figures {

std::string unicode_maths(const std::string& text) {
  // Longer spellings first, so that "tr Sigma-hat" is not read as "tr Sigma" and "-hat".
  static const std::vector<std::pair<std::regex, std::string>> replacements = {
      {std::regex(R"(\brho\*)"), "ρ*"},           {std::regex(R"(\bSigma-hat\b)"), "Σ̂"},
      {std::regex(R"(\bSigma\b)"), "Σ"},            {std::regex(R"(\bPsi\b)"), "Ψ"},
      {std::regex(R"(\bD_perp\b)"), "D⊥"},          {std::regex(R"(\bnu2\b)"), "ν²"},
      {std::regex(R"(\bnu\b)"), "ν"},               {std::regex(R"(\balpha\b)"), "α"},
      {std::regex(R"(\bgamma\b)"), "γ"},            {std::regex(">="), "≥"},
      {std::regex("<="), "≤"},                      {std::regex(R"(\|\|)"), "‖"},
      {std::regex(R"(\bsqrt\()"), "√("},
  };
  std::string out = text;
  for (const auto& [pattern, unicode] : replacements) out = std::regex_replace(out, pattern, unicode);
  return out;
}

}  // namespace reconbound::figures
