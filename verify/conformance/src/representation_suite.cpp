// The representation suite (mathematics §3, reconbound/representation.hpp), on each test shape the
// plugin accepts: the declared output dimension, finite and deterministic output, batch =
// row by row, thread safety, the declared bound B on ‖Ψ(x) − Ψ(x')‖² (mathematics §6.5), records
// outside the grey levels [0, 255] refused, and the reference where one exists.
#include <fmt/format.h>

#include <cmath>
#include <limits>
#include <random>
#include <thread>

#include "reconbound/conformance/suites.hpp"
#include "reconbound/error.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance {
namespace {

using detail::CheckList;
using detail::num;
using detail::Verdict;
using detail::WorstCase;

// Grey (MNIST-like) and RGB (CIFAR-like) records; a shape the suite expects to be refused by
// plugins with constraints on channels, divisibility or size.
const std::vector<ImageShape> kTestShapes{{1, 28, 28}, {3, 32, 32}};
const ImageShape kOddShape{2, 5, 7};
constexpr double kRowTolerance = 1e-9;     // relative, batch vs row and across threads
constexpr double kBoundTolerance = 1e-12;  // relative, on B

// `n` records of uniform random grey levels; record 0 all 0 and record 1 all 255 (the extremes).
RowMatrix test_images(const ImageShape& shape, Eigen::Index n, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> level(0, 255);
  RowMatrix x(n, static_cast<Eigen::Index>(shape.size()));
  for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = level(rng);
  x.row(0).setZero();
  x.row(1).setConstant(255.0);
  return x;
}

class ShapeChecks {
 public:
  ShapeChecks(const Representation& psi, const ImageShape& shape, CheckList& list)
      : psi_(psi), shape_(shape), list_(list), suffix_(fmt::format("[{}]", shape.to_string())) {}

  // Returns false when the declared shape is unusable and nothing else can be checked.
  bool shape_contract() {
    list_.run("shape_contract" + suffix_, [&] {
      info_ = psi_.describe(shape_);
      const RepresentationInfo again = psi_.describe(shape_);
      const bool consistent = again.output_dim == info_.output_dim &&
                              again.max_squared_distance == info_.max_squared_distance;
      const bool ok = info_.output_dim > 0 && std::isfinite(info_.max_squared_distance) &&
                      info_.max_squared_distance >= 0.0 && consistent;
      if (ok) map(test_images(shape_, 3, 4));
      return Verdict{ok, fmt::format("describe: m = {} > 0, B = {} finite >= 0, {} on a second call{}",
                                     info_.output_dim, num(info_.max_squared_distance),
                                     consistent ? "the same" : "different", ok ? "; map fills 3 x m" : "")};
    });
    return info_.output_dim > 0;
  }

  void laws() {
    const RowMatrix x = test_images(shape_, 9, 1);
    list_.run("finite_output" + suffix_, [&] {
      const RowMatrix y = map(x);
      return Verdict{y.allFinite(), fmt::format("{} records (all 0, all 255, random): {} outputs {}", x.rows(),
                                                y.size(), y.allFinite() ? "all finite" : "not all finite")};
    });
    list_.run("deterministic" + suffix_, [&] {
      const RowMatrix first = map(x);
      const RowMatrix second = map(x);
      return Verdict{first == second, fmt::format("two maps of {} records: max |diff| = {} (must be 0)", x.rows(),
                                                  num((first - second).cwiseAbs().maxCoeff()))};
    });
    list_.run("batch_consistent" + suffix_, [&] {
      const RowMatrix batch = map(x);
      WorstCase worst;
      for (Eigen::Index i = 0; i < x.rows(); ++i) {
        const double diff = (map(x.row(i)).row(0) - batch.row(i)).norm();
        const double allowed = kRowTolerance * (1.0 + batch.row(i).norm());
        worst.add(allowed - diff, fmt::format("record {}: |alone - in batch| = {} <= {}", i, num(diff), num(allowed)));
      }
      return worst.verdict("each record mapped alone = its row of the batch, 1e-9 relative");
    });
    list_.run("thread_safe" + suffix_, [&] { return thread_safe(); });
    list_.run("declared_bound_holds" + suffix_, [&] { return declared_bound(); });
    list_.run("grey_levels_outside_refused" + suffix_, [&] {
      const auto refuses = [&](double value) {
        return [this, value] {
          RowMatrix bad = test_images(shape_, 2, 5);
          bad(1, bad.cols() / 2) = value;
          map(bad);
        };
      };
      return detail::all_refused({{"a grey level -1", refuses(-1.0)},
                                  {"a grey level 256", refuses(256.0)},
                                  {"a grey level NaN", refuses(std::numeric_limits<double>::quiet_NaN())}});
    });
  }

 private:
  RowMatrix map(const RowMatrix& x) const {
    RowMatrix out(x.rows(), static_cast<Eigen::Index>(info_.output_dim));
    psi_.map(shape_, x, out);
    return out;
  }

  Verdict thread_safe() const {
    const RowMatrix x = test_images(shape_, 16, 2);
    const RowMatrix expected = map(x);
    std::vector<RowMatrix> results(4);
    std::vector<std::string> errors(results.size());
    std::vector<std::thread> threads;
    for (std::size_t t = 0; t < results.size(); ++t) {
      threads.emplace_back([&, t] {
        try {
          results[t] = map(x);
        } catch (const std::exception& e) {
          errors[t] = e.what();
        } catch (...) {
          errors[t] = "an exception of a type that is not std::exception";
        }
      });
    }
    for (auto& thread : threads) thread.join();
    WorstCase worst;
    for (std::size_t t = 0; t < results.size(); ++t) {
      if (!errors[t].empty()) return {false, fmt::format("thread {} threw: {}", t, errors[t])};
      const double diff = (results[t] - expected).norm();
      const double allowed = kRowTolerance * (1.0 + expected.norm());
      worst.add(allowed - diff, fmt::format("thread {}: |result - alone| = {} <= {}", t, num(diff), num(allowed)));
    }
    return worst.verdict("4 threads mapping 16 records at once agree with one, 1e-9 relative");
  }

  // Pairs (0, 1) = (all 0, all 255), then random pairs.
  Verdict declared_bound() const {
    const RowMatrix y = map(test_images(shape_, 40, 3));
    const double bound = info_.max_squared_distance;
    const double allowed = bound * (1.0 + kBoundTolerance);
    WorstCase worst;
    for (Eigen::Index i = 0; i + 1 < y.rows(); i += 2) {
      const double d2 = (y.row(i) - y.row(i + 1)).squaredNorm();
      worst.add(allowed - d2, fmt::format("pair ({}, {}): |psi(x) - psi(x')|^2 = {} <= B = {}", i, i + 1, num(d2),
                                          num(bound)));
    }
    return worst.verdict("|psi(x) - psi(x')|^2 <= B (1 + 1e-12)");
  }

  const Representation& psi_;
  ImageShape shape_;
  CheckList& list_;
  std::string suffix_;
  RepresentationInfo info_;
};

}  // namespace

std::vector<Check> check_representation(const Representation& representation, std::string_view name,
                                        const Params& params) {
  CheckList list;
  std::string why_not;
  std::size_t checked = 0;
  for (const ImageShape& shape : kTestShapes) {
    std::string why;
    if (!representation.accepts(shape, why)) {
      why_not += fmt::format("{}{}: {}", why_not.empty() ? "" : "; ", shape.to_string(), why);
      continue;
    }
    ++checked;
    ShapeChecks checks(representation, shape, list);
    if (!checks.shape_contract()) continue;
    checks.laws();
    detail::check_representation_reference(representation, name, params, shape, list);
  }
  // The contract: describe() of a shape that accepts() refuses throws InvalidInput.
  for (const ImageShape& shape : {kTestShapes[0], kTestShapes[1], kOddShape}) {
    std::string why;
    if (representation.accepts(shape, why)) continue;
    list.run(fmt::format("refused_shape_is_an_error[{}]", shape.to_string()), [&] {
      try {
        representation.describe(shape);
      } catch (const InvalidInput& e) {
        return Verdict{true, fmt::format("accepts() refuses it; describe() throws InvalidInput: {}", e.what())};
      }
      return Verdict{false, fmt::format("accepts() refuses it ({}) but describe() does not throw InvalidInput", why)};
    });
  }
  if (checked == 0) list.skip("accepts_a_test_shape", fmt::format("accepts none of the suite's test shapes: {}", why_not));
  return std::move(list).take();
}

}  // namespace reconbound::conformance
