#pragma once
// The text header of a checkpoint file (reconbound/checkpoint.hpp): the format's line, a
// "field<TAB>value" line per fingerprint entry, an empty line.
#include <cstddef>
#include <string>

#include "reconbound/checkpoint.hpp"

namespace reconbound {

std::string checkpoint_header_text(const Fingerprint& fingerprint);

// The offset of the first item after the header of `bytes`. InvalidInput when the bytes are not
// a checkpoint or were written for another fingerprint: the first field that differs, with its
// value in the file and now.
std::size_t check_checkpoint_header(const std::string& bytes, const Fingerprint& fingerprint,
                                    const std::string& path);

}  // namespace reconbound
