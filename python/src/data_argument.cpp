#include "data_argument.hpp"

#include <fmt/format.h>

#include "dict_items.hpp"
#include "reconbound/error.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

std::span<const double> values(const Records& records) {
  const auto m = records.matrix();
  return {m.data(), static_cast<std::size_t>(m.size())};
}

workflow::IndexChoice index_choice(const py::dict& options, const char* range_key, const char* indices_key) {
  workflow::IndexChoice out;
  if (const auto range = optional_item<std::pair<std::size_t, std::size_t>>(options, range_key,
                                                                            "a pair (begin, end) of record numbers")) {
    out.range = workflow::IndexRange{range->first, range->second};
  }
  out.indices = optional_item<std::vector<std::size_t>>(options, indices_key, "a list of record numbers");
  return out;
}

}  // namespace

DataArgument data_argument(const py::dict& options) {
  DataArgument out;
  workflow::DataRequest& request = out.request;
  const std::optional<ImageShape> shape = image_shape(options.contains("shape") ? py::object(options["shape"]) : py::none());
  const auto layout = optional_item<std::string>(options, "layout", "\"NCHW\" or \"NHWC\"");
  const RecordEncoding encoding = record_encoding(layout, optional_item<double>(options, "scale", "255 or 1"));
  const auto perp = optional_item<py::array>(options, "perp", "an array of records");
  const auto est = optional_item<py::array>(options, "est", "an array of records");
  const bool data_given = options.contains("data") && !options["data"].is_none();
  // What the caller gave, as the package describes it (kind, count, shape, CRC-32 of the values).
  const auto described = optional_item<std::string>(options, "source", "a description of the records");
  if (perp.has_value() != est.has_value()) {
    throw InvalidInput("give perp and est together (your D_perp and D_est), or data to split");
  }
  if (perp) {
    if (data_given) throw InvalidInput("give either perp and est, or data to split, not both");
    out.perp.emplace(*perp, shape, "perp", encoding);
    out.est.emplace(*est, shape, "est", encoding);
    if (out.perp->shape() != out.est->shape()) {
      throw InvalidInput(fmt::format("perp records have shape {} but est records have {}",
                                     out.perp->shape().to_string(), out.est->shape().to_string()));
    }
    request.views =
        workflow::RecordViews{values(*out.perp), values(*out.est), out.perp->shape(), described.value_or("arrays")};
  } else if (data_given && py::isinstance<py::str>(options["data"])) {
    request.spec = options["data"].cast<std::string>();
    request.encoding = encoding;
  } else if (data_given && py::isinstance<py::array>(options["data"])) {
    request.records = std::make_shared<const Dataset>(
        copied_records(options["data"].cast<py::array>(), shape, "data", described.value_or("array"), encoding));
  } else if (data_given) {
    throw InvalidInput(fmt::format("data = {} is neither a data-set spec nor an array of records",
                                   py::repr(options["data"]).cast<std::string>()));
  }
  request.perp_records = index_choice(options, "perp_range", "perp_indices");
  request.est_records = index_choice(options, "est_range", "est_indices");
  request.perp = optional_item<std::size_t>(options, "n_perp", "a whole number");
  request.est = optional_item<std::size_t>(options, "n_est", "a whole number");
  request.seed = item<std::uint64_t>(options, "seed", "a whole number >= 0", 0);
  request.quick = item<bool>(options, "quick", "True or False", false);
  request.caller_scale = optional_item<double>(options, "caller_scale", "1 or 255");
  if (!request.caller_scale && encoding.scale) request.caller_scale = encoding.scale;
  return out;
}

}  // namespace reconbound::python
