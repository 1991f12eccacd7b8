// settings: the front ends' settings table (presets/paper_settings.hpp), from which the package
// takes its keyword defaults and docstrings (reconbound._settings; docs/settings-route.md).
#include <variant>
#include <vector>

#include "bindings.hpp"
#include "reconbound/presets/paper_settings.hpp"

namespace py = pybind11;

namespace reconbound::python {

namespace {

py::object python_value(const workflow::SettingValue& value) {
  struct ToPython {
    py::object operator()(std::monostate) const { return py::none(); }
    py::object operator()(bool b) const { return py::bool_(b); }
    py::object operator()(std::int64_t n) const { return py::int_(n); }
    py::object operator()(double x) const { return py::float_(x); }
    py::object operator()(const std::string& s) const { return py::str(s); }
    py::object operator()(const std::vector<double>& xs) const { return py::tuple(py::cast(xs)); }
  };
  return std::visit(ToPython{}, value);
}

py::object python_range(const std::optional<workflow::SettingRange>& range) {
  if (!range) return py::none();
  py::dict out;
  out["low"] = range->low;
  out["high"] = range->high;
  out["low_open"] = range->low_open;
  out["high_open"] = range->high_open;
  out["whole"] = range->whole;
  out["text"] = workflow::range_text(*range);
  return out;
}

py::dict python_setting(const workflow::Setting& s) {
  py::dict out;
  out["name"] = s.name;
  out["flag"] = s.flag;
  out["default"] = python_value(s.default_value);
  out["default_text"] = s.default_text;
  out["choices"] = s.choices;
  out["range"] = python_range(s.range);
  out["help"] = s.help;
  out["note"] = s.note;
  out["plural"] = s.plural;
  return out;
}

}  // namespace

void bind_settings(py::module_& module) {
  module.def(
      "settings",
      [] {
        py::list out;
        for (const auto& s : presets::front_end_settings()) out.append(python_setting(s));
        return out;
      },
      "The settings table, one dict per setting: name (the keyword), flag (the CLI's option), default "
      "(None: a rule, said in default_text), default_text, choices, range (low, high, low_open, high_open, "
      "whole, text, or None), help, note and plural (the keyword of a list of it, or \"\").");
}

}  // namespace reconbound::python
