#include "reconbound/error.hpp"

namespace reconbound {

// Key functions: the vtables and type info of the exceptions live in the core library.
Error::~Error() = default;
InvalidInput::~InvalidInput() = default;
FileError::~FileError() = default;
PluginError::~PluginError() = default;
NumericalError::~NumericalError() = default;
Cancelled::~Cancelled() = default;

}  // namespace reconbound
