// matches_reference: the representation against a reference Ψ (registered for its plugin, or the
// caller's) on every record of the suite.
#include <fmt/format.h>

#include <algorithm>
#include <optional>
#include <string>

#include "representation_laws.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance::detail {

void check_representation_reference(const PoisonedMap& psi, const ReferenceForShape& reference,
                                    const RecordSet& records, CheckList& list) {
  const std::string check = "matches_reference[" + psi.shape().to_string() + "]";
  std::optional<RepresentationReference> ref;
  try {
    ref = reference(psi.shape());
  } catch (const std::exception& e) {
    const std::string why = e.what();
    list.run(check, [&] { return Verdict{false, fmt::format("the reference could not be made: {}", why)}; });
    return;
  }
  if (!ref) {
    list.skip(check, "the reference has none for these parameters or this shape");
    return;
  }
  list.run(check, [&] {
    const RowMatrix y = psi(records.rows);
    const RowMatrix expected = ref->map(psi.shape(), records.rows);
    if (expected.rows() != y.rows() || expected.cols() != y.cols()) {
      return Verdict{false, fmt::format("violated: the reference gives {} x {} for {} records, psi {} x {}; the law: "
                                        "psi = {}", expected.rows(), expected.cols(), y.rows(), y.rows(), y.cols(),
                                        ref->description)};
    }
    WorstCase worst;
    for (Eigen::Index r = 0; r < y.rows(); ++r) {
      const double largest = largest_difference(y.row(r), expected.row(r));
      const double scale = std::max(y.row(r).cwiseAbs().maxCoeff(), expected.row(r).cwiseAbs().maxCoeff());
      const double allowed = ref->absolute_tolerance + ref->relative_tolerance * scale;
      worst.add(allowed - largest, fmt::format("record {} ({}): max |psi - reference| = {} {} {}", r, records.names[r],
                                               num(largest), relation("<="), num(allowed)));
    }
    return worst.verdict(fmt::format("psi = {} within {} + {} x the record's largest |coordinate|, on {} records",
                                     ref->description, num(ref->absolute_tolerance), num(ref->relative_tolerance),
                                     y.rows()));
  });
}

}  // namespace reconbound::conformance::detail
