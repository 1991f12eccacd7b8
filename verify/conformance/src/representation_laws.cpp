#include "representation_laws.hpp"

#include <fmt/format.h>

#include <barrier>
#include <bit>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <thread>
#include <vector>

namespace reconbound::conformance::detail {
namespace {

constexpr double kRowTolerance = 1e-9;  // relative, batch vs row and across threads
constexpr std::size_t kThreads = 4;
constexpr std::size_t kThreadRecords = 128;  // long enough a map for the threads to overlap
constexpr std::size_t kRounds = 8;

double coordinate_difference(double a, double b) {
  if (std::bit_cast<std::uint64_t>(a) == std::bit_cast<std::uint64_t>(b)) return 0.0;
  if (!std::isfinite(a) || !std::isfinite(b)) return std::numeric_limits<double>::infinity();
  return std::abs(a - b);
}

// The norm of the finite coordinates: a tolerance that a NaN (reported by finite_output or
// every_coordinate_written) does not turn into NaN.
double finite_norm(const RowMatrix& values) {
  return values.unaryExpr([](double v) { return std::isfinite(v) ? v : 0.0; }).norm();
}

// "record 12 (step left 0 | right 255)".
std::string named(const RecordSet& records, Eigen::Index i) { return fmt::format("record {} ({})", i, records.names[i]); }

// Each thread's results for one round, or the message of what it threw.
struct ThreadResults {
  std::vector<RowMatrix> outputs = std::vector<RowMatrix>(kThreads);
  std::vector<std::string> errors = std::vector<std::string>(kThreads);
};

ThreadResults concurrent_round(const PoisonedMap& psi, const std::vector<RowMatrix>& batches) {
  ThreadResults round;
  std::barrier start(static_cast<std::ptrdiff_t>(kThreads));
  std::vector<std::thread> threads;
  for (std::size_t t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      start.arrive_and_wait();  // every thread maps at once
      try {
        round.outputs[t] = psi(batches[t]);
      } catch (const std::exception& e) {
        round.errors[t] = e.what();
      } catch (...) {
        round.errors[t] = "an exception of a type that is not std::exception";
      }
    });
  }
  for (auto& thread : threads) thread.join();
  return round;
}

}  // namespace

double largest_difference(const RowMatrix& a, const RowMatrix& b) {
  double largest = 0.0;
  for (Eigen::Index i = 0; i < a.size(); ++i) largest = std::max(largest, coordinate_difference(a.data()[i], b.data()[i]));
  return largest;
}

Verdict every_coordinate_written(const PoisonedMap& psi, const RecordSet& records) {
  const RowMatrix y = psi(records.rows);
  const std::string law = fmt::format(
      "map writes all m = {} coordinates of every record (the output is filled with a marked NaN before map)",
      psi.output_dim());
  if (auto flaw = PoisonedMap::first_unwritten(y)) {
    std::size_t unwritten_count = 0;
    for (Eigen::Index j = 0; j < y.cols(); ++j) unwritten_count += unwritten(y(flaw->record, j)) ? 1 : 0;
    return {false, fmt::format("violated: {}: coordinate {} of {} (and {} in all) still the marked NaN after map, "
                               "unwritten; the law: {}", named(records, flaw->record), flaw->coordinate, y.cols(),
                               unwritten_count, law)};
  }
  return {true, fmt::format("{}; {} records (structured, noise, data)", law, y.rows())};
}

Verdict finite_output(const PoisonedMap& psi, const RecordSet& records) {
  const RowMatrix y = psi(records.rows);
  const auto flaw = PoisonedMap::first_not_finite(y);
  if (!flaw) {
    return {true, fmt::format("every coordinate psi writes is finite; {} records (structured, noise, data)", y.rows())};
  }
  std::size_t bad_records = 0;
  for (Eigen::Index i = 0; i < y.rows(); ++i) bad_records += PoisonedMap::first_not_finite(y.row(i)) ? 1 : 0;
  return {false, fmt::format("violated: {}: coordinate {} = {}, not finite ({} of {} records have one); the law: "
                             "every coordinate psi writes is finite", named(records, flaw->record), flaw->coordinate,
                             flaw->value, bad_records, y.rows())};
}

Verdict deterministic(const PoisonedMap& psi, const RecordSet& records) {
  const RowMatrix first = psi(records.rows);
  const RowMatrix second = psi(records.rows);
  for (Eigen::Index i = 0; i < first.rows(); ++i) {
    const double diff = largest_difference(first.row(i), second.row(i));
    if (diff != 0.0) {
      return {false, fmt::format("violated: {}: two maps differ by max |diff| = {} > 0; the law: two maps of the "
                                 "same records are bitwise equal (psi fixed, mathematics §3)", named(records, i), num(diff))};
    }
  }
  return {true, fmt::format("two maps of {} records are bitwise equal (psi fixed, mathematics §3)", first.rows())};
}

Verdict batch_consistent(const PoisonedMap& psi, const RecordSet& records) {
  const RowMatrix batch = psi(records.rows);
  WorstCase worst;
  for (Eigen::Index i = 0; i < records.size(); ++i) {
    const RowMatrix alone = psi(records.rows.row(i));
    const double diff = largest_difference(alone, batch.row(i));
    const double allowed = kRowTolerance * (1.0 + finite_norm(batch.row(i)));
    worst.add(allowed - diff, fmt::format("{}: max |alone - in batch| = {} {} {}", named(records, i), num(diff),
                                          relation("<="), num(allowed)));
  }
  return worst.verdict("each record mapped alone = its row of the batch, 1e-9 relative to 1 + |row|");
}

Verdict thread_safe(const PoisonedMap& psi, std::uint64_t seed) {
  std::vector<RowMatrix> batches, expected;
  for (std::size_t t = 0; t < kThreads; ++t) {
    batches.push_back(noise_records(psi.shape(), kThreadRecords, seed + 100 + t));
    expected.push_back(psi(batches.back()));
  }
  WorstCase worst;
  for (std::size_t round = 0; round < kRounds; ++round) {
    const ThreadResults results = concurrent_round(psi, batches);
    for (std::size_t t = 0; t < kThreads; ++t) {
      if (!results.errors[t].empty()) return {false, fmt::format("round {}, thread {} threw: {}", round, t, results.errors[t])};
      const double diff = largest_difference(results.outputs[t], expected[t]);
      const double allowed = kRowTolerance * (1.0 + finite_norm(expected[t]));
      worst.add(allowed - diff, fmt::format("round {}, thread {}: max |concurrent - alone| = {} {} {}", round, t,
                                            num(diff), relation("<="), num(allowed)));
    }
  }
  return worst.verdict(fmt::format("{} threads released at once, each mapping its own {} records, {} rounds, agree "
                                   "with the records mapped alone, 1e-9 relative (psi must be thread safe)",
                                   kThreads, kThreadRecords, kRounds));
}

}  // namespace reconbound::conformance::detail
