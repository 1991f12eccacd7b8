#include "representation_properties.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <rapidcheck.h>
#include <string>
#include <utility>
#include <vector>

namespace reconbound::conformance::detail {
namespace {

constexpr double kBoundTolerance = 1e-12;  // relative, on B
constexpr std::size_t kShrinkTries = 500;  // evaluations of shrunk pairs, at most
constexpr int kMaxSize = 100;              // RapidCheck's sizes run 0..kMaxSize over the cases
constexpr double kPatchesPerSize = 0.05;   // up to 5 rectangles at the largest size

// A rectangle of one channel at one grey level; it is clipped to the image.
struct Patch {
  std::size_t channel, top, left, height, width;
  int level;
};

// A record: the background level, then the rectangles drawn in order.
struct Sketch {
  int background;
  std::vector<Patch> patches;
};

using SketchPair = std::pair<Sketch, Sketch>;

rc::Gen<int> grey_level() { return rc::gen::oneOf(rc::gen::element(0, 255), rc::gen::inRange(0, 256)); }

rc::Gen<Sketch> sketch(const ImageShape& s) {
  const rc::Gen<Patch> patch = rc::gen::apply(
      [](std::size_t c, std::size_t top, std::size_t left, std::size_t h, std::size_t w, int level) {
        return Patch{c, top, left, h, w, level};
      },
      rc::gen::inRange<std::size_t>(0, s.channels), rc::gen::inRange<std::size_t>(0, s.height),
      rc::gen::inRange<std::size_t>(0, s.width), rc::gen::inRange<std::size_t>(1, s.height + 1),
      rc::gen::inRange<std::size_t>(1, s.width + 1), rc::gen::element(255, 0));
  return rc::gen::apply([](int background, std::vector<Patch> patches) { return Sketch{background, std::move(patches)}; },
                        grey_level(), rc::gen::scale(kPatchesPerSize, rc::gen::container<std::vector<Patch>>(patch)));
}

void draw(const Sketch& sketch, const ImageShape& s, Eigen::Ref<RowMatrix> record) {
  record.setConstant(sketch.background);
  for (const Patch& p : sketch.patches) {
    for (std::size_t y = p.top; y < std::min(s.height, p.top + p.height); ++y) {
      for (std::size_t x = p.left; x < std::min(s.width, p.left + p.width); ++x) {
        record(0, static_cast<Eigen::Index>((p.channel * s.height + y) * s.width + x)) = p.level;
      }
    }
  }
}

// "0 everywhere, then channel 0 rows [0, 3) columns [0, 1) at 255".
std::string rendered(const Sketch& sketch, const ImageShape& s) {
  std::string out = fmt::format("{} everywhere", sketch.background);
  for (const Patch& p : sketch.patches) {
    out += fmt::format(", then channel {} rows [{}, {}) columns [{}, {}) at {}", p.channel, p.top,
                       std::min(s.height, p.top + p.height), p.left, std::min(s.width, p.left + p.width), p.level);
  }
  return out;
}

class GeneratedPairs {
 public:
  GeneratedPairs(const PoisonedMap& psi, double bound) : psi_(psi), bound_(bound) {}

  // What the pair breaks, or nullopt.
  std::optional<std::string> violation(const SketchPair& pair) const {
    RowMatrix x(2, static_cast<Eigen::Index>(psi_.shape().size()));
    draw(pair.first, psi_.shape(), x.row(0));
    draw(pair.second, psi_.shape(), x.row(1));
    const RowMatrix y = psi_(x);
    if (auto flaw = PoisonedMap::first_unwritten(y)) {
      return fmt::format("psi left coordinate {} of record {} unwritten", flaw->coordinate, flaw->record);
    }
    if (auto flaw = PoisonedMap::first_not_finite(y)) {
      return fmt::format("psi gave {} at coordinate {} of record {}, not finite", flaw->value, flaw->coordinate, flaw->record);
    }
    const double d2 = (y.row(0) - y.row(1)).squaredNorm();
    if (d2 <= bound_ * (1.0 + kBoundTolerance)) return std::nullopt;
    return fmt::format("|psi(x) - psi(x')|^2 = {} > B = {} (ratio {})", num(d2), num(bound_), num(d2 / bound_));
  }

  // Shrinks a failing pair as long as a shrink still fails, within kShrinkTries evaluations.
  Verdict shrunk(rc::Shrinkable<SketchPair> failing, std::string why, std::size_t case_index) const {
    std::size_t tries = 0, steps = 0;
    for (bool smaller = true; smaller && tries < kShrinkTries;) {
      smaller = false;
      rc::Seq<rc::Shrinkable<SketchPair>> shrinks = failing.shrinks();
      for (rc::Maybe<rc::Shrinkable<SketchPair>> next = shrinks.next(); next && tries < kShrinkTries;
           next = shrinks.next()) {
        ++tries;
        if (auto still = violation(next->value())) {
          failing = std::move(*next), why = std::move(*still), smaller = true, ++steps;
          break;
        }
      }
    }
    const SketchPair pair = failing.value();
    return {false, fmt::format("violated at generated pair {}, shrunk in {} steps ({} tries): record 0 = {}; record 1 = "
                               "{}: {}; the law: psi writes every coordinate, finite, and |psi(x) - psi(x')|^2 <= B",
                               case_index, steps, tries, rendered(pair.first, psi_.shape()),
                               rendered(pair.second, psi_.shape()), why)};
  }

 private:
  const PoisonedMap& psi_;
  double bound_;
};

}  // namespace

Verdict check_generated_records(const PoisonedMap& psi, double bound, std::size_t cases, std::uint64_t seed) {
  const GeneratedPairs pairs(psi, bound);
  const rc::Gen<SketchPair> generator = rc::gen::pair(sketch(psi.shape()), sketch(psi.shape()));
  rc::Random random(seed);
  for (std::size_t i = 0; i < cases; ++i) {
    const int size = cases > 1 ? static_cast<int>(i * kMaxSize / (cases - 1)) : kMaxSize;
    const rc::Shrinkable<SketchPair> drawn = generator(random.split(), size);
    if (auto why = pairs.violation(drawn.value())) return pairs.shrunk(drawn, std::move(*why), i);
  }
  return {true, fmt::format("{} pairs generated by RapidCheck (seed {}; a background and up to 5 rectangles each): "
                            "psi writes every coordinate, finite, and |psi(x) - psi(x')|^2 <= B (1 + 1e-12)",
                            cases, seed)};
}

}  // namespace reconbound::conformance::detail
