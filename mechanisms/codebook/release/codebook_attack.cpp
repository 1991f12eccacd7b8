// The codebook attack (paper §G.6): the conditional-mean decoder of the release.
#include <fmt/format.h>

#include "codebook.hpp"
#include "reconbound/error.hpp"

namespace reconbound::codebook {

namespace {

// Row z: g(z) = E[Ψ(x) | Z = z] = Σ_c Pr(Q = c | Z = z)·μ_c, with
// Pr(Q = c | Z = z) ∝ f_c·Pr(Z = z | Q = c) (Bayes; f_c and μ_c from D_est). A release
// that D_est never produces decodes to its own cell's mean.
RowMatrix decoders(const Codebook& codebook, const RowMatrix& channel) {
  const Eigen::Index cells = channel.rows();
  Vector frequencies(cells);
  for (Eigen::Index c = 0; c < cells; ++c) {
    frequencies(c) = static_cast<double>(codebook.cell_counts[static_cast<std::size_t>(c)]);
  }
  RowMatrix out(cells, codebook.cell_means.cols());
  for (Eigen::Index z = 0; z < cells; ++z) {
    const Vector joint = frequencies.cwiseProduct(channel.col(z));  // ∝ Pr(Q = c, Z = z)
    const double total = joint.sum();
    if (total > 0.0) out.row(z) = (joint / total).transpose() * codebook.cell_means;
    else out.row(z) = codebook.cell_means.row(z);
  }
  return out;
}

}  // namespace

CodebookAttack codebook_attack(const Codebook& codebook, double keep, MatrixView targets) {
  const auto cells = static_cast<std::size_t>(codebook.codewords.rows());
  if (codebook.cell_counts.size() != cells || codebook.cell_means.rows() != codebook.codewords.rows()) {
    throw InvalidInput("the codebook's cell counts and means do not match its codewords");
  }
  const RowMatrix channel = release_channel(cells, keep);
  const RowMatrix g = decoders(codebook, channel);
  const std::vector<std::size_t> target_cells = release_cells(codebook, targets);

  CodebookAttack attack;
  attack.squared_errors.resize(target_cells.size());
  attack.reconstructions.resize(targets.rows(), targets.cols());
  for (std::size_t i = 0; i < target_cells.size(); ++i) {
    const auto row = static_cast<Eigen::Index>(i);
    const auto c = static_cast<Eigen::Index>(target_cells[i]);
    // E‖Ψ(x) − g(Z)‖² = Σ_z Pr(Z = z | Q = c)·‖Ψ(x) − g(z)‖² given the target's cell c
    double expected = 0.0;
    for (Eigen::Index z = 0; z < channel.cols(); ++z) {
      if (channel(c, z) > 0.0) expected += channel(c, z) * (targets.row(row) - g.row(z)).squaredNorm();
    }
    attack.squared_errors[i] = expected;
    attack.reconstructions.row(row) = g.row(c);
  }
  return attack;
}

}  // namespace reconbound::codebook
