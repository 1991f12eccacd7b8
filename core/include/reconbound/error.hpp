#pragma once
// The one exception hierarchy of reconbound. Every message says what was wrong and
// what to do; the CLI prints it as one line on stderr and exits with code 2.
#include <stdexcept>
#include <string>

namespace reconbound {

class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A user-supplied value is outside what the mathematics or the plugin supports.
class InvalidInput : public Error {
 public:
  using Error::Error;
};

// A file could not be read or parsed (data sets, schedules, index lists, models).
class FileError : public Error {
 public:
  using Error::Error;
};

// A plugin could not be found, loaded or created.
class PluginError : public Error {
 public:
  using Error::Error;
};

// A computation could not reach its accuracy target (e.g. quadrature did not converge).
class NumericalError : public Error {
 public:
  using Error::Error;
};

}  // namespace reconbound
