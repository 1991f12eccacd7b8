#pragma once
// Reading the option dictionaries the pure-Python package hands to the extension: a missing
// key or None is "not given"; a value of the wrong type is an InvalidInput naming the key.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <fmt/format.h>

#include <optional>
#include <string>

#include "reconbound/error.hpp"

namespace reconbound::python {

template <class T>
std::optional<T> optional_item(const pybind11::dict& options, const char* key, const char* expected) {
  if (!options.contains(key) || options[key].is_none()) return std::nullopt;
  const pybind11::object value = options[key];
  try {
    return value.cast<T>();
  } catch (const pybind11::cast_error&) {
    throw InvalidInput(fmt::format("{} = {} must be {}", key, pybind11::repr(value).cast<std::string>(), expected));
  }
}

template <class T>
T item(const pybind11::dict& options, const char* key, const char* expected, T fallback) {
  return optional_item<T>(options, key, expected).value_or(std::move(fallback));
}

}  // namespace reconbound::python
