#include "labels_argument.hpp"

#include <pybind11/numpy.h>

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "dict_items.hpp"
#include "reconbound/error.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

// The label files' readers take labels below 2^31 (reconbound/workflow/labels.hpp); so do arrays.
constexpr double kLabelLimit = 2147483648.0;

py::object entry(const py::dict& options, const char* key) {
  return options.contains(key) ? py::object(options[key]) : py::object(py::none());
}

// The caller's labels: one whole number in [0, 2^31) per record (mathematics §6.10: a record's
// class). InvalidInput naming the first record whose value is not one.
std::vector<std::size_t> array_labels(const py::object& labels) {
  const py::array values = py::array::ensure(labels);
  if (!values) {
    throw InvalidInput(fmt::format("{}: a {} is neither idx:PATH, npy:PATH nor an array of whole numbers",
                                   parameter("labels"), py::type::of(labels).attr("__name__").cast<std::string>()));
  }
  const char kind = values.dtype().kind();
  if (kind != 'i' && kind != 'u' && kind != 'f') {
    throw InvalidInput(fmt::format("{} of type {} are not whole numbers; give integers, one per record",
                                   parameter("labels"), py::str(values.dtype()).cast<std::string>()));
  }
  if (values.ndim() != 1) {
    throw InvalidInput(fmt::format("{} must be one-dimensional, one label per record; got {} dimensions",
                                   parameter("labels"), values.ndim()));
  }
  const auto numbers = py::array_t<double, py::array::forcecast>::ensure(values);
  const auto view = numbers.unchecked<1>();
  std::vector<std::size_t> out(static_cast<std::size_t>(view.shape(0)));
  for (py::ssize_t i = 0; i < view.shape(0); ++i) {
    const double value = view(i);
    if (!(value >= 0.0 && value < kLabelLimit && value == std::floor(value))) {
      throw InvalidInput(fmt::format("{}: record {} has label {}; a label is a whole number in [0, 2^31)",
                                     parameter("labels"), i, value));
    }
    out[static_cast<std::size_t>(i)] = static_cast<std::size_t>(value);
  }
  return out;
}

workflow::Labels given_labels(const py::dict& options, const py::object& labels) {
  workflow::Labels out;
  out.of_record = array_labels(labels);
  out.source = optional_item<std::string>(options, "labels_source", "a description of the labels")
                   .value_or(fmt::format("an array of {} labels", out.of_record.size()));
  return out;
}

// A list of names, names[c] naming label c: one non-empty name for every label up to the largest.
std::vector<std::string> name_list(const py::dict& options, const workflow::Labels& labels) {
  const auto names = *optional_item<std::vector<std::string>>(options, "label_names", "a path or a list of names");
  for (std::size_t c = 0; c < names.size(); ++c) {
    if (names[c].empty()) throw InvalidInput(fmt::format("{}: name {} is empty", parameter("label_names"), c));
  }
  const auto largest = std::max_element(labels.of_record.begin(), labels.of_record.end());
  if (largest != labels.of_record.end() && *largest >= names.size()) {
    throw InvalidInput(fmt::format("{} holds {} names but the labels run to {}; give one name per label, names[c] "
                                   "naming label c", parameter("label_names"), names.size(), *largest));
  }
  return names;
}

}  // namespace

workflow::LabelSource label_source(const py::dict& options, const workflow::DataRequest& data) {
  workflow::LabelSource out;
  const py::object labels = entry(options, "labels");
  if (py::isinstance<py::str>(labels)) {
    out.spec = labels.cast<std::string>();
  } else if (!labels.is_none()) {
    out.given = given_labels(options, labels);
  } else if (data.records) {
    // The records are the caller's array: the data set's own labels (data.spec) are not theirs.
    throw InvalidInput(fmt::format("records given as an array carry no labels: give {} (an array of whole "
                                   "numbers, one per record)", parameter("labels")));
  }
  const py::object names = entry(options, "label_names");
  if (py::isinstance<py::str>(names)) {
    out.names_file = names.cast<std::string>();
  } else if (!names.is_none()) {
    if (!out.given) out.given = workflow::load_labels(data.spec, out.spec, "");  // the labels the list names
    out.given->names = name_list(options, *out.given);
  }
  return out;
}

}  // namespace reconbound::python
