#pragma once
// Sampling-spread allowances of the statistical harness: how far a correct bound's observed
// counts and variances may stray from their expectations.
namespace reconbound::test {

// Binomial upper allowance: the most exceedances out of `trials` at probability ≤ q that a
// correct bound produces except with probability ~1e-7 (normal approximation, z = 5.2, plus
// one for the discreteness).
int allowed_exceedances(double q, int trials);

// The chi-square quantile with `dof` degrees of freedom at the standard normal quantile z
// (the Wilson–Hilferty approximation dof·(1 − 2/(9·dof) + z·sqrt(2/(9·dof)))³, good to well
// under 1% for dof ≥ 100 and |z| ≤ 6). (R − 1)·S²/σ² of R normal replicates is chi-square
// with R − 1 degrees of freedom.
double chi_square_quantile(double dof, double z);

}  // namespace reconbound::test
