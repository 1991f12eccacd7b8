// The representation suite (mathematics §3, reconbound/representation.hpp), on each test shape the
// plugin accepts and the shape of the caller's data: the declared output dimension, every
// coordinate written, finite and deterministic output, batch = row by row, thread safety, the
// declared bound B on ‖Ψ(x) − Ψ(x')‖² searched (mathematics §6.5), generated records (RapidCheck),
// records outside the grey levels [0, 255] refused, and the reference where one exists.
#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "reconbound/conformance/representation_references.hpp"
#include "reconbound/conformance/suites.hpp"
#include "reconbound/error.hpp"
#include "representation_bound_search.hpp"
#include "representation_laws.hpp"
#include "representation_properties.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance {
namespace {

using detail::CheckList;
using detail::PoisonedMap;
using detail::RecordSet;
using detail::Verdict;

// Grey (MNIST-like) and RGB (CIFAR-like) records; a shape the suite expects to be refused by
// plugins with constraints on channels, divisibility or size.
const std::vector<ImageShape> kTestShapes{{1, 28, 28}, {3, 32, 32}};
const ImageShape kOddShape{2, 5, 7};

// The structured records, `options.records` of uniform noise and, for the data's shape, as many
// of the caller's records.
RecordSet suite_records(const ImageShape& shape, const RepresentationSuiteOptions& options) {
  RecordSet records = detail::structured_records(shape);
  records.add(detail::noise_records(shape, options.records, options.seed), "uniform noise");
  if (options.data && options.data->shape == shape) records.add(options.data->records, "data record");
  return records;
}

class ShapeChecks {
 public:
  ShapeChecks(const Representation& psi, const ImageShape& shape, const RepresentationSuiteOptions& options,
              CheckList& list)
      : psi_(psi), shape_(shape), options_(options), list_(list), suffix_(fmt::format("[{}]", shape.to_string())) {}

  // Returns false when the declared shape is unusable and nothing else can be checked.
  bool shape_contract() {
    list_.run("shape_contract" + suffix_, [&] {
      info_ = psi_.describe(shape_);
      const RepresentationInfo again = psi_.describe(shape_);
      const bool consistent = again.output_dim == info_.output_dim &&
                              again.max_squared_distance == info_.max_squared_distance;
      const bool ok = info_.output_dim > 0 && std::isfinite(info_.max_squared_distance) &&
                      info_.max_squared_distance >= 0.0 && consistent;
      return Verdict{ok, fmt::format("describe: m = {} > 0, B = {} finite >= 0, {} on a second call",
                                     info_.output_dim, detail::num(info_.max_squared_distance),
                                     consistent ? "the same" : "different")};
    });
    return info_.output_dim > 0;
  }

  void laws() {
    const PoisonedMap map(psi_, shape_, info_.output_dim);
    const RecordSet records = suite_records(shape_, options_);
    const double bound = info_.max_squared_distance;
    list_.run("every_coordinate_written" + suffix_, [&] { return detail::every_coordinate_written(map, records); });
    list_.run("finite_output" + suffix_, [&] { return detail::finite_output(map, records); });
    list_.run("deterministic" + suffix_, [&] { return detail::deterministic(map, records); });
    list_.run("batch_consistent" + suffix_, [&] { return detail::batch_consistent(map, records); });
    list_.run("thread_safe" + suffix_, [&] { return detail::thread_safe(map, options_.seed); });
    list_.run("declared_bound_holds" + suffix_, [&] {
      return detail::search_bound(map, bound, records, {options_.search_budget, options_.seed});
    });
    list_.run("generated_records" + suffix_, [&] {
      return detail::check_generated_records(map, bound, options_.property_cases, options_.seed);
    });
    list_.run("grey_levels_outside_refused" + suffix_, [&] { return grey_levels_outside_refused(map); });
    if (options_.reference) detail::check_representation_reference(map, options_.reference, records, list_);
  }

 private:
  Verdict grey_levels_outside_refused(const PoisonedMap& map) const {
    const auto refuses = [&](double value) {
      return [&map, value] {
        RowMatrix bad = detail::noise_records(map.shape(), 2, 5);
        bad(1, bad.cols() / 2) = value;
        map(bad);
      };
    };
    return detail::all_refused({{"a grey level -1", refuses(-1.0)},
                                {"a grey level 256", refuses(256.0)},
                                {"a grey level NaN", refuses(std::numeric_limits<double>::quiet_NaN())}});
  }

  const Representation& psi_;
  ImageShape shape_;
  const RepresentationSuiteOptions& options_;
  CheckList& list_;
  std::string suffix_;
  RepresentationInfo info_;
};

// The contract: describe() of a shape that accepts() refuses throws InvalidInput.
void refused_shapes(const Representation& representation, CheckList& list) {
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
}

}  // namespace

std::vector<Check> check_representation(const Representation& representation,
                                        const RepresentationSuiteOptions& options) {
  CheckList list;
  std::string why_not;
  std::size_t checked = 0;
  std::vector<ImageShape> shapes = kTestShapes;
  if (options.data && std::find(shapes.begin(), shapes.end(), options.data->shape) == shapes.end()) {
    shapes.push_back(options.data->shape);
  }
  for (const ImageShape& shape : shapes) {
    std::string why;
    if (!representation.accepts(shape, why)) {
      why_not += fmt::format("{}{}: {}", why_not.empty() ? "" : "; ", shape.to_string(), why);
      continue;
    }
    ++checked;
    ShapeChecks checks(representation, shape, options, list);
    if (checks.shape_contract()) checks.laws();
  }
  refused_shapes(representation, list);
  if (checked == 0) list.skip("accepts_a_test_shape", fmt::format("accepts none of the suite's test shapes: {}", why_not));
  return std::move(list).take();
}

std::vector<Check> check_representation(const Representation& representation, std::string_view name,
                                        const Params& params) {
  RepresentationSuiteOptions options;
  options.reference = builtin_references().find(name, params);
  return check_representation(representation, options);
}

}  // namespace reconbound::conformance
