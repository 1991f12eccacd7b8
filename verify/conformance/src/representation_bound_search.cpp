// declared_bound_holds: B searched, not sampled (docs/conformance.md, "The search for B").
#include "representation_bound_search.hpp"

#include <fmt/format.h>

#include <cmath>
#include <random>
#include <string>

namespace reconbound::conformance::detail {
namespace {

constexpr double kBoundTolerance = 1e-12;   // relative, on B
constexpr Eigen::Index kCorners = 32;       // random corners of the box {0, 255}^d
constexpr Eigen::Index kCandidates = 16;    // moves tried per hill-climb step, mapped as one batch
constexpr std::size_t kStaleSteps = 12;     // steps without a gain before a random restart
constexpr double kWhite = 255.0;

RowMatrix random_corners(Eigen::Index n, Eigen::Index d, std::mt19937_64& rng) {
  std::bernoulli_distribution bright(0.5);
  RowMatrix x(n, d);
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = bright(rng) ? kWhite : 0.0;
  return x;
}

// One move of the hill-climb on `record`: one pixel, or a rectangle of one channel of up to a
// quarter of the image's height and width, set to 0 or 255.
void move(const ImageShape& shape, Eigen::Ref<RowMatrix> record, std::mt19937_64& rng) {
  std::bernoulli_distribution bright(0.5), one_pixel(0.5);
  const auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  const double value = bright(rng) ? kWhite : 0.0;
  if (one_pixel(rng)) {
    record(0, static_cast<Eigen::Index>(pick(shape.size()))) = value;
    return;
  }
  const std::size_t c = pick(shape.channels), top = pick(shape.height), left = pick(shape.width);
  const std::size_t height = 1 + pick(std::max<std::size_t>(1, shape.height / 4));
  const std::size_t width = 1 + pick(std::max<std::size_t>(1, shape.width / 4));
  for (std::size_t y = top; y < std::min(shape.height, top + height); ++y) {
    for (std::size_t x = left; x < std::min(shape.width, left + width); ++x) {
      record(0, static_cast<Eigen::Index>((c * shape.height + y) * shape.width + x)) = value;
    }
  }
}

class LargestPair {
 public:
  LargestPair(const PoisonedMap& psi, double bound) : psi_(psi), bound_(bound) {}

  // Every pair of `records`; keeps the largest pair's records for the hill-climb.
  void all_pairs(const RecordSet& records) {
    const RowMatrix y = psi_(records.rows);
    for (Eigen::Index i = 0; i < records.size(); ++i) {
      for (Eigen::Index j = i + 1; j < records.size(); ++j) {
        const double d2 = (y.row(i) - y.row(j)).squaredNorm();
        if (offer(d2, [&] { return fmt::format("pair ({}, {})", records.names[i], records.names[j]); })) {
          start_ << records.rows.row(i), records.rows.row(j);
          start_y_ << y.row(i), y.row(j);
        }
      }
    }
    pairs_ += static_cast<std::size_t>(records.size() * (records.size() - 1) / 2);
  }

  void hill_climb(const BoundSearch& search);
  Verdict verdict(Eigen::Index records) const;

 private:
  // Records a pair of squared distance d2 (not finite: left to finite_output); true when it is
  // the largest so far. `what` names the pair.
  template <class Name>
  bool offer(double d2, const Name& what) {
    if (!std::isfinite(d2)) {
      ++not_finite_;
      return false;
    }
    if (violated_ || d2 <= largest_) return false;
    largest_ = d2;
    largest_what_ = what();
    violated_ = d2 > bound_ * (1.0 + kBoundTolerance);
    return true;
  }

  const PoisonedMap& psi_;
  double bound_;
  double largest_ = -1.0;
  std::string largest_what_;
  bool violated_ = false;
  std::size_t pairs_ = 0, not_finite_ = 0, evaluations_ = 0, restarts_ = 0, budget_ = 0;
  RowMatrix start_{2, static_cast<Eigen::Index>(psi_.shape().size())};
  RowMatrix start_y_{2, static_cast<Eigen::Index>(psi_.output_dim())};
};

void LargestPair::hill_climb(const BoundSearch& search) {
  budget_ = search.budget;
  if (largest_ < 0.0) return;  // no finite pair to start from
  std::mt19937_64 rng(search.seed);
  std::bernoulli_distribution first(0.5);
  RowMatrix x = start_, y = start_y_;
  double d2 = largest_;
  std::size_t stale = 0;
  while (!violated_ && evaluations_ + kCandidates <= search.budget) {
    RowMatrix candidates(kCandidates, x.cols());
    std::vector<Eigen::Index> side(kCandidates);
    for (Eigen::Index k = 0; k < kCandidates; ++k) {
      side[k] = first(rng) ? 0 : 1;
      candidates.row(k) = x.row(side[k]);
      move(psi_.shape(), candidates.row(k), rng);
    }
    const RowMatrix cy = psi_(candidates);
    evaluations_ += kCandidates;
    Eigen::Index best = -1;
    double best_d2 = d2;
    for (Eigen::Index k = 0; k < kCandidates; ++k) {
      const double candidate = (cy.row(k) - y.row(1 - side[k])).squaredNorm();
      if (std::isfinite(candidate) && candidate > best_d2) best_d2 = candidate, best = k;
    }
    if (best >= 0) {
      x.row(side[best]) = candidates.row(best);
      y.row(side[best]) = cy.row(best);
      d2 = best_d2;
      stale = 0;
      offer(d2, [&] { return fmt::format("hill-climb pair after {} evaluations and {} restart(s)", evaluations_, restarts_); });
    } else if (++stale >= kStaleSteps && evaluations_ + 2 <= search.budget) {
      x = random_corners(2, x.cols(), rng);  // a random restart
      y = psi_(x);
      evaluations_ += 2;
      d2 = (y.row(0) - y.row(1)).squaredNorm();
      stale = 0;
      ++restarts_;
      offer(d2, [&] { return fmt::format("random corner pair of restart {}", restarts_); });
    }
  }
}

Verdict LargestPair::verdict(Eigen::Index records) const {
  const std::string searched = fmt::format(
      "searched {} pairs of {} records (the suite's, each one's complement 255 - x, {} box corners){} and a "
      "hill-climb of {} psi evaluations (budget {}, {} restarts)",
      pairs_, records, kCorners, not_finite_ > 0 ? fmt::format(" ({} not finite, left to finite_output)", not_finite_) : "",
      evaluations_, budget_, restarts_);
  const std::string law = "|psi(x) - psi(x')|^2 <= B (1 + 1e-12) for every pair of records (mathematics §6.5)";
  if (largest_ < 0.0) {
    return {false, fmt::format("no pair of records with psi finite and written to compare with B = {} (see "
                               "finite_output and every_coordinate_written); the law: {}; {}", num(bound_), law, searched)};
  }
  const std::string numbers = fmt::format("|psi(x) - psi(x')|^2 = {} {} B = {} (ratio {})", num(largest_),
                                          violated_ ? ">" : "<=", num(bound_), num(largest_ / bound_));
  if (violated_) return {false, fmt::format("violated: {}: {}; the law: {}; {}", largest_what_, numbers, law, searched)};
  return {true, fmt::format("largest found, {}: {}; {}", largest_what_, numbers, searched)};
}

}  // namespace

// Mathematics §6.5: the pairs of the records, their complements and random box corners, then
// the hill-climb.
Verdict search_bound(const PoisonedMap& psi, double bound, const RecordSet& records, const BoundSearch& search) {
  std::mt19937_64 rng(search.seed);
  RecordSet all = records;
  const RowMatrix complements = RowMatrix::Constant(records.size(), records.rows.cols(), kWhite) - records.rows;
  for (Eigen::Index i = 0; i < records.size(); ++i) all.add(complements.row(i), "255 - (" + records.names[i] + ")");
  all.add(random_corners(kCorners, records.rows.cols(), rng), "random box corner");
  LargestPair largest(psi, bound);
  largest.all_pairs(all);
  largest.hill_climb({search.budget, search.seed + 1});
  return largest.verdict(all.size());
}

}  // namespace reconbound::conformance::detail
