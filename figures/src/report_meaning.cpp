// What the report's numbers mean and what they do not, in plain language (docs/mathematics.md §1,
// §2, §6.8, §7, §9 say the same in mathematics).
#include <fmt/format.h>

#include <cmath>

#include "markup.hpp"
#include "report_sections.hpp"

namespace reconbound::figures {

namespace {

// Under the point normaliser only eq 13's absolute bound is certified; ρ* is a ratio beside it
// (mathematics §6.8).
std::string what_the_absolute_bound_means(const workflow::ReportOutput& output) {
  const ConverseResult& r = output.result.converse;
  const std::size_t m = output.spectrum.curves.front().report.m;
  return fmt::format(
      "<p>Every reconstruction attack's mean squared error in the representation {0} is at least "
      "<strong>{1:.6g}</strong>, a root mean squared error of at least {2:.4g} {4} per coordinate. Think of the strongest "
      "attacker there could be: it sees every model update the training releases, knows every other training record "
      "and the distribution the records come from, and tries to rebuild one training record; this bound holds for its "
      "error averaged over records drawn like the data sample and over the randomness of the training. ρ* = {3:.3f} "
      "divides that bound by a point estimate of the prior's error (tr Σ̂, the error of the guess that ignores the "
      "training): a ratio to read, not itself a bound — the estimate tr Σ̂ may be too large. The default normaliser "
      "(an upper confidence bound on tr Σ) certifies ρ* itself.</p>\n",
      xml_escape(output.representation), r.abs_bound, std::sqrt(r.abs_bound / static_cast<double>(m)), r.rho_star,
      output.spectrum.curves.front().representation_unit);
}

// What ρ* says about the strongest attack (mathematics §1, eq 3).
std::string what_rho_means(const workflow::ReportOutput& output) {
  const double rho = output.result.converse.rho_star;
  const std::string psi = xml_escape(output.representation);
  if (!(rho > 0.0)) {
    return fmt::format(
        "<p>At this leakage the bound certifies nothing (ρ* = 0): it rules out no reconstruction in the "
        "representation {}. This does not mean that reconstruction succeeds — only that this data sample and this "
        "training do not prove that it fails. More noise (a larger σ), fewer steps or more estimation records "
        "raise ρ*.</p>\n",
        psi);
  }
  if (output.certificate.certifies != "rho_star") return what_the_absolute_bound_means(output);
  return fmt::format(
      "<p><strong>ρ* = {0:.3f}</strong> is a lower bound on how badly <em>every</em> reconstruction attack must do. "
      "Think of the strongest attacker there could be: it sees every model update the training releases, knows "
      "every other training record and the distribution the records come from, and tries to rebuild one training "
      "record. Measured in the representation {1}, its root mean squared error — averaged over records drawn like "
      "the data sample and over the randomness of the training — is at least {2:.1f} % of the error of the best "
      "guess that ignores the training (the average record). ρ* = 1 would mean that the training told the attacker "
      "nothing useful; ρ* near 0 that the bound rules out little.</p>\n",
      rho, psi, 100.0 * rho);
}

// At what level, over what randomness (mathematics §6.8).
std::string how_sure(const workflow::ReportOutput& output) {
  const Certificate& c = output.certificate;
  if (c.certifies == "rho_star") {
    return fmt::format(
        "<p>The bound is estimated from a sample of data, so it could be unlucky: it holds with probability at least "
        "{:.4g} % over the data sample (D⊥ and D_est) and the estimator's Monte Carlo draws: the chance α = {:.4g} of an "
        "unlucky sample is split over every random ingredient (a union bound), so they all hold at once. The same "
        "statement covers every row of the spectrum below: one entropy estimate serves them all.</p>\n",
        100.0 * c.level, c.alpha);
  }
  return fmt::format(
      "<p>Only the absolute bound on the mean squared error holds with probability at least {:.4g} % over the data "
      "sample and the Monte Carlo draws. ρ* divides it by a point estimate of the prior's error (tr Σ̂) and is "
      "therefore not itself certified.</p>\n",
      100.0 * c.level);
}

// ε and γ: the same training, two measures (mathematics §2, §8).
std::string epsilon_and_gamma(const workflow::ReportOutput& output) {
  const EpsilonResult& e = output.epsilon.epsilon;
  return fmt::format(
      "<p>ε = {:.3f} at δ = {:.3g} is the differential-privacy guarantee of the same training, from the "
      "accountant with guaranteed error bars [{:.3f}, {:.3f}]. The bound does not use ε: ρ* comes from the leakage "
      "γ = {:.4g} bits, an upper bound on the information everything the training releases carries about one record "
      "(Theorem 4.1).</p>\n",
      e.epsilon, e.delta, e.epsilon_lower, e.epsilon_upper, output.result.gamma_bits);
}

std::string what_it_does_not_say(const workflow::ReportOutput& output) {
  const std::string psi = xml_escape(output.representation);
  return fmt::format(
      "<p>What the numbers do <em>not</em> say:</p>\n<ul>\n"
      "<li>{0} is a floor, not a prediction: real attacks may do much worse (have a larger error){1}.</li>\n"
      "<li>It is an average over records. It does not say that every record is safe: an unusual record may be "
      "reconstructed better than the average.</li>\n"
      "<li>It speaks about the representation {2} only. A bound on error in one representation says nothing about "
      "another (another region, other features): each needs its own report.</li>\n"
      "<li>It says nothing about membership inference (whether a record was in the training set), about inferring "
      "attributes from the model's predictions, or about harms other than reconstruction.</li>\n"
      "<li>It assumes the training ran as described — for DP-SGD Poisson sampling at rate q, gradient clipping, the "
      "noise σ, the number of steps — and that nothing else about the records was released: other trainings on the same "
      "records (a hyper-parameter search, earlier models) add their leakage and must be in the schedule.</li>\n"
      "<li>It holds for records drawn like the data sample (D⊥ and D_est from the same population as the training "
      "records, with no preprocessing fitted across them); records unlike the sample are not covered. A smaller "
      "sample widens the confidence margins and so tends to lower ρ*; the statement stays valid.</li>\n</ul>\n",
      output.certificate.certifies == "rho_star" ? "ρ*" : "The absolute bound",
      output.chain ? "; the chain below shows how far known attacks stay above it" : "", psi);
}

}  // namespace

std::string meaning_section(const workflow::ReportOutput& output) {
  return "<section id=\"meaning\">\n<h2>What the numbers mean</h2>\n" + what_rho_means(output) + how_sure(output) +
         epsilon_and_gamma(output) + what_it_does_not_say(output) + "</section>\n";
}

}  // namespace reconbound::figures
