// The downsample, dct and select representations against the direct references of mathematics §3
// (verify/reference_representations.hpp), with the tolerances of verify/tolerances.hpp.
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <random>
#include <sstream>

#include "reconbound/verify/reference_representations.hpp"
#include "reconbound/verify/tolerances.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance::detail {
namespace {

// Ψ of one record by the reference, in the plugin's output order, and the largest error allowed.
struct ReferenceMap {
  std::function<std::vector<long double>(const std::vector<double>&)> map;
  long double allowed = 0.0L;
  std::string tolerance;  // how `allowed` was set
};

// The `keep` mask of a select spec "channel:c" or "rect:y0,x0,h,w"; empty for other forms
// (a mask file), which the kit has no reference for.
std::vector<int> select_keep(const std::string& spec, const ImageShape& shape) {
  std::istringstream in(spec.substr(spec.find(':') + 1));
  std::vector<std::size_t> numbers;
  for (std::string field; std::getline(in, field, ',');) {
    if (field.empty() || field.find_first_not_of("0123456789") != std::string::npos) return {};
    numbers.push_back(std::stoul(field));
  }
  if (spec.starts_with("channel:") && numbers.size() == 1) return verify::reference_channel_keep(shape, numbers[0]);
  if (spec.starts_with("rect:") && numbers.size() == 4) {
    return verify::reference_rect_keep(shape, numbers[0], numbers[1], numbers[2], numbers[3]);
  }
  return {};
}

std::optional<ReferenceMap> reference_for(std::string_view name, const Params& params, const ImageShape& shape) {
  using namespace verify;
  if (name == "downsample") {
    const auto factor = static_cast<std::size_t>(params.get_int("arg"));
    // Absolute error over 255, the largest grey level.
    return ReferenceMap{[=](const std::vector<double>& x) { return reference_downsample(shape, x, factor); },
                        tolerance::kDownsampleReference * 255.0L, "1e-15 x 255"};
  }
  if (name == "dct") {
    const auto frequencies = static_cast<std::size_t>(params.get_int("arg"));
    // Absolute error over 255·sqrt(H·W), the largest possible coefficient.
    const long double largest = 255.0L * std::sqrt(static_cast<long double>(shape.height * shape.width));
    return ReferenceMap{[=](const std::vector<double>& x) { return reference_dct(shape, x, frequencies); },
                        tolerance::kDctReference * largest, "1e-13 x 255 sqrt(H W)"};
  }
  if (name == "select") {
    const std::vector<int> keep = select_keep(params.get_string("arg"), shape);
    if (keep.empty()) return std::nullopt;
    return ReferenceMap{[=](const std::vector<double>& x) {
                          const std::vector<double> kept = reference_select(x, keep);
                          return std::vector<long double>(kept.begin(), kept.end());
                        },
                        0.0L, "exact"};
  }
  return std::nullopt;
}

}  // namespace

void check_representation_reference(const Representation& representation, std::string_view name,
                                    const Params& params, const ImageShape& shape, CheckList& list) {
  if (name != "downsample" && name != "dct" && name != "select") return;
  const std::string check = "matches_reference[" + shape.to_string() + "]";
  const std::optional<ReferenceMap> reference = reference_for(name, params, shape);
  if (!reference) {
    list.skip(check, fmt::format("{}: no reference for the example's parameters (select: channel:c and rect only)", name));
    return;
  }
  list.run(check, [&] {
    std::mt19937_64 rng(6);
    std::uniform_int_distribution<int> level(0, 255);
    RowMatrix x(3, static_cast<Eigen::Index>(shape.size()));
    for (Eigen::Index i = 0; i < x.size(); ++i) x.data()[i] = level(rng);
    const std::size_t m = representation.describe(shape).output_dim;
    RowMatrix y(x.rows(), static_cast<Eigen::Index>(m));
    representation.map(shape, x, y);
    WorstCase worst;
    for (Eigen::Index r = 0; r < x.rows(); ++r) {
      const std::vector<long double> expected = reference->map(std::vector<double>(x.row(r).begin(), x.row(r).end()));
      if (expected.size() != m) return Verdict{false, fmt::format("m = {}, the reference has {}", m, expected.size())};
      long double largest = 0.0L;
      for (std::size_t i = 0; i < m; ++i) {
        largest = std::max(largest, std::abs(static_cast<long double>(y(r, static_cast<Eigen::Index>(i))) - expected[i]));
      }
      worst.add(static_cast<double>(reference->allowed - largest),
                fmt::format("record {}: max |psi - reference| = {} <= {}", r, num(static_cast<double>(largest)),
                            num(static_cast<double>(reference->allowed))));
    }
    return worst.verdict(fmt::format("{} against its direct reference (verify/), absolute tolerance {}", name,
                                     reference->tolerance));
  });
}

}  // namespace reconbound::conformance::detail
