// The report page's glossary: every symbol the page uses, in one sentence each, so that its reader
// needs no other document (docs/mathematics.md says the same in mathematics).
#include <string>

#include "report_sections.hpp"

namespace reconbound::figures {

namespace {

struct Entry {
  const char* symbol;
  const char* meaning;
};

// ρ* as the certificate has it (mathematics §6.8): a bound, or the point normalisation of one.
constexpr Entry kRhoCertified{"ρ*", "the bound: every attack's root mean squared reconstruction error, as a fraction "
                                    "of the error of the best guess that ignores the training (1: the training reveals "
                                    "nothing useful; 0: no protection is proven)"};
constexpr Entry kRhoPoint{"ρ*", "the absolute bound's root mean squared error as a fraction of the prior's error "
                                "estimated by tr Σ̂: a ratio to read (a point normalisation), not itself certified"};

constexpr Entry kGlossary[] = {
    {"ρ point estimate", "the same ratio without the confidence margins: an estimate, not a guarantee"},
    {"absolute bound", "the certified lower bound on every attack's mean squared error itself, in the units of Ψ"},
    {"Ψ", "the representation the error is measured in (pixels, a coarser image, low frequencies, a region, "
          "perceptual features)"},
    {"m", "the number of coordinates (features) of Ψ"},
    {"ε, δ", "the differential-privacy guarantee of the same training: no output is more than e^ε times likelier "
             "with one record than without it, except with probability δ"},
    {"γ", "the leakage: an upper bound, in bits, on the information everything the training releases carries about "
          "one record"},
    {"q, σ, T", "the training's sampling rate (batch size over records), noise multiplier and number of steps"},
    {"D⊥, D_est", "two disjoint samples of records: D⊥ fixes the rotation and the scales, D_est estimates the "
                  "entropy the bound rests on"},
    {"k*, ν²*", "the block size and the dither level at which the bound is largest (how the features are grouped "
                "and how much noise smooths them in the entropy estimate)"},
    {"tr Σ̂", "the prior's error: the mean squared distance of a record from the average record, estimated from D⊥"},
    {"|G′|", "how many (block size, dither level) pairs were certified; the confidence is shared among them"},
    {"t_MC, t_MD, t_num", "the safety margins subtracted from the entropy estimate: for its Monte Carlo draws, for "
                          "the sample of records, and for the computer's rounding"},
    {"α", "the chance, over the data sample and the draws, that the statement fails; the page holds with "
          "probability at least 1 − α"},
};

}  // namespace

std::string glossary_section(const Certificate& certificate) {
  const Entry& rho = certificate.certifies == "rho_star" ? kRhoCertified : kRhoPoint;
  std::string rows = table_row(rho.symbol, rho.meaning);
  for (const Entry& e : kGlossary) rows += table_row(e.symbol, e.meaning);
  return "<section id=\"glossary\">\n<h2>The symbols on this page</h2>\n<table class=\"numbers\">\n" + rows +
         "</table>\n</section>\n";
}

}  // namespace reconbound::figures
