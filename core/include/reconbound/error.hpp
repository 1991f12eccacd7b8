#pragma once
// The one exception hierarchy of reconbound. Every message says what was wrong and
// what to do; the CLI prints it as one line on stderr and exits with code 2.
//
// Each class has its destructor defined in the core library (its key function), so its
// vtable and type info live there and not in a plugin: an exception thrown by a plugin
// stays valid after the plugin's library is unloaded during stack unwinding.
#include <stdexcept>
#include <string>

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

}  // namespace reconbound
