#pragma once
// What the representation suite checks a Ψ on beyond its defaults (docs/conformance.md,
// "Representation"): how many records, the seed, real records, the budget of the search for the
// largest ‖Ψ(x) − Ψ(x′)‖², and a reference Ψ to compare with.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "reconbound/dataset.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound::conformance {

// A Ψ that the representation must agree with on every record of the suite.
struct RepresentationReference {
  std::string description;  // e.g. "downsample against its direct reference (verify/)"
  // The reference's Ψ of a batch of records of `shape` (rows of grey levels): one row each.
  std::function<RowMatrix(const ImageShape& shape, const RowMatrix& batch)> map;
  // Per record, max_i |Ψ_i(x) − ref_i(x)| ≤ absolute + relative·max(‖Ψ(x)‖_∞, ‖ref(x)‖_∞).
  double absolute_tolerance = 0.0;
  double relative_tolerance = 0.0;
};

// The reference for records of one shape; nullopt when there is none for it.
using ReferenceForShape = std::function<std::optional<RepresentationReference>(const ImageShape&)>;

inline constexpr std::size_t kDefaultNoiseRecords = 16;
inline constexpr std::size_t kDefaultSearchBudget = 20000;
inline constexpr std::size_t kDefaultPropertyCases = 100;

struct RepresentationSuiteOptions {
  // Uniform-noise records per test shape, and records drawn from `data` (≥ 1).
  std::size_t records = kDefaultNoiseRecords;
  std::uint64_t seed = 1;  // of the noise records, the box corners, the hill-climb and RapidCheck
  // Real records (sample_records): their shape joins the test shapes, and they join its records.
  std::optional<Dataset> data;
  // Ψ evaluations (records mapped) of the hill-climb for the largest ‖Ψ(x) − Ψ(x′)‖², per shape.
  std::size_t search_budget = kDefaultSearchBudget;
  // Pairs of records RapidCheck generates per shape (a failure is shrunk to a small record).
  std::size_t property_cases = kDefaultPropertyCases;
  // The reference Ψ to compare with; empty: none.
  ReferenceForShape reference;
};

// `count` records of the data set `spec` (load_dataset's forms: fashion-mnist, idx:PATH,
// npy:PATH, png:DIR) drawn without replacement with `seed`; all of them when it holds fewer.
// FileError or InvalidInput as the reader.
Dataset sample_records(const std::string& spec, std::size_t count, std::uint64_t seed);
// The same drawn from records a caller holds (e.g. NumPy arrays from Python).
Dataset sample_records(const Dataset& data, std::size_t count, std::uint64_t seed);

}  // namespace reconbound::conformance
