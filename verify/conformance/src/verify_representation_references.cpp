// The direct references of mathematics §3 (verify/reference_representations.hpp) for the
// downsample, dct and select plugins, with the tolerances of verify/tolerances.hpp, registered
// under those plugins' names.
#include <cmath>
#include <sstream>
#include <vector>

#include "reconbound/conformance/representation_references.hpp"
#include "reconbound/verify/reference_representations.hpp"
#include "reconbound/verify/tolerances.hpp"

namespace reconbound::conformance {
namespace {

// A reference computed record by record in long double, rounded to double for the comparison
// (an error of 2^-53 relative, far below the tolerances).
template <class PerRecord>
std::function<RowMatrix(const ImageShape&, const RowMatrix&)> row_by_row(PerRecord per_record) {
  return [per_record](const ImageShape&, const RowMatrix& batch) {
    RowMatrix out;
    for (Eigen::Index r = 0; r < batch.rows(); ++r) {
      const auto y = per_record(std::vector<double>(batch.row(r).begin(), batch.row(r).end()));
      if (r == 0) out.resize(batch.rows(), static_cast<Eigen::Index>(y.size()));
      for (std::size_t i = 0; i < y.size(); ++i) out(r, static_cast<Eigen::Index>(i)) = static_cast<double>(y[i]);
    }
    return out;
  };
}

// The `keep` mask of a select spec "channel:c" or "rect:y0,x0,h,w"; empty for other forms
// (a mask file), which have no reference.
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

// Absolute error over 255, the largest grey level.
std::optional<RepresentationReference> downsample_reference(const Params& params, const ImageShape& shape) {
  const auto factor = static_cast<std::size_t>(params.get_int("arg"));
  return RepresentationReference{
      "downsample's direct reference (verify/, mathematics §3)",
      row_by_row([=](const std::vector<double>& x) { return verify::reference_downsample(shape, x, factor); }),
      static_cast<double>(verify::tolerance::kDownsampleReference * 255.0L), 0.0};
}

// Absolute error over 255·sqrt(H·W), the largest possible coefficient.
std::optional<RepresentationReference> dct_reference(const Params& params, const ImageShape& shape) {
  const auto frequencies = static_cast<std::size_t>(params.get_int("arg"));
  const long double largest = 255.0L * std::sqrt(static_cast<long double>(shape.height * shape.width));
  return RepresentationReference{
      "dct's direct reference (verify/, mathematics §3)",
      row_by_row([=](const std::vector<double>& x) { return verify::reference_dct(shape, x, frequencies); }),
      static_cast<double>(verify::tolerance::kDctReference * largest), 0.0};
}

// Exact.
std::optional<RepresentationReference> select_reference(const Params& params, const ImageShape& shape) {
  const std::vector<int> keep = select_keep(params.get_string("arg"), shape);
  if (keep.empty()) return std::nullopt;
  return RepresentationReference{
      "select's direct reference (verify/, mathematics §3)",
      row_by_row([=](const std::vector<double>& x) { return verify::reference_select(x, keep); }), 0.0, 0.0};
}

}  // namespace

void register_verify_references(ReferenceRegistry& registry) {
  registry.add("downsample", downsample_reference);
  registry.add("dct", dct_reference);
  registry.add("select", select_reference);
}

}  // namespace reconbound::conformance
