#pragma once
// The one exception hierarchy of reconbound. Every message says what was wrong and
// what to do; the CLI prints it as one line on stderr and exits with code 2. A message names
// a job's parameters with parameter(), which each front end spells its own way.
//
// Each class has its destructor defined in the core library (its key function), so its
// vtable and type info live there and not in a plugin: an exception thrown by a plugin
// stays valid after the plugin's library is unloaded during stack unwinding.
#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>

#include "reconbound/export.hpp"

namespace reconbound {

class RECONBOUND_API Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
  ~Error() override;
};

// A user-supplied value is outside what the mathematics or the plugin supports.
class RECONBOUND_API InvalidInput : public Error {
 public:
  using Error::Error;
  ~InvalidInput() override;
};

// A file could not be read or parsed (data sets, schedules, index lists, models).
class RECONBOUND_API FileError : public Error {
 public:
  using Error::Error;
  ~FileError() override;
};

// A plugin could not be found, loaded or created.
class RECONBOUND_API PluginError : public Error {
 public:
  using Error::Error;
  ~PluginError() override;
};

// A computation could not reach its accuracy target (e.g. quadrature did not converge).
class RECONBOUND_API NumericalError : public Error {
 public:
  using Error::Error;
  ~NumericalError() override;
};

// The caller stopped the computation: its Progress::report() threw this (e.g. the Python
// module on Ctrl-C). Not a problem of the input: the core and the plugins let it through
// (reconbound/progress.hpp), and front ends turn it back into the caller's own signal.
class RECONBOUND_API Cancelled : public Error {
 public:
  using Error::Error;
  ~Cancelled() override;
};

// A job's parameter named in a message. Core names a parameter by its name in the workflow
// requests, which is also Python's keyword argument (delta, delta_exponent, n_train, gamma,
// target_epsilon, ...), marked so that each front end writes it its own way before it prints
// the message (spell_parameters): the CLI as its option (--delta), Python as the keyword. A
// message must read well in both, e.g.
//   fmt::format("{} is outside [1e-15, 1)", parameter("delta", delta))
//   CLI: "--delta 2 is outside [1e-15, 1)"   Python: "delta=2 is outside [1e-15, 1)"
// Unspelled, the mark shows as ‹delta=2›.
RECONBOUND_API std::string parameter(std::string_view name);
// The parameter with the value given (fmt's shortest form: 2, 1e-05).
RECONBOUND_API std::string parameter(std::string_view name, double value);

// How a front end writes a parameter: its own name for it, and what stands between the name
// and a value given (the CLI: "--delta-exponent" and " "; Python: "delta_exponent" and "=").
struct ParameterSpelling {
  std::function<std::string(std::string_view name)> name;
  std::string value_separator;
};

// `message` with every parameter() in it written as `spelling` writes it.
RECONBOUND_API std::string spell_parameters(std::string_view message, const ParameterSpelling& spelling);

}  // namespace reconbound
