#pragma once
// The report page's mathematics in Unicode: the certificate's ingredients are written in the
// terminal's ASCII (JSON and CLI), the page shows the same words with ρ*, Σ̂, Ψ, D⊥, ≥ and ≤.
#include <string>

namespace reconbound::figures {

// `text` with the ASCII spellings of the symbols the certificate uses replaced by their Unicode
// forms (rho* → ρ*, tr Sigma-hat → tr Σ̂, Sigma → Σ, Psi → Ψ, D_perp → D⊥, nu2 → ν², nu → ν,
// alpha → α, gamma → γ, >= → ≥, <= → ≤, ||·|| → ‖·‖), whole words only.
std::string unicode_maths(const std::string& text);

}  // namespace reconbound::figures
