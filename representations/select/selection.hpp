#pragma once
// A coordinate subset of a (C, H, W) record (mathematics §3, region/attribute): the parsed form of
// `select:SPEC` with SPEC one of
//   rect:y0,x0,h,w   rows y0..y0+h−1 and columns x0..x0+w−1 of every channel
//   channel:c        every pixel of channel c (0-based)
//   mask:PATH        the coordinates where a 0/1 mask is 1 (mask_file.hpp)
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "reconbound/matrix.hpp"

namespace reconbound::select::detail {

// A 0/1 mask of shape (C, H, W); C = 1 with `all_channels` applies one H × W mask to every channel.
struct Mask {
  ImageShape shape;
  bool all_channels = true;
  std::vector<std::uint8_t> values;  // channel-major, each 0 or 1, at least one 1
  std::string origin;                // the file, for messages
};

class Selection {
 public:
  // Throws InvalidInput for a malformed SPEC and FileError for an unreadable mask.
  static Selection parse(const std::string& spec);

  // Flat channel-major indices of the selected coordinates in increasing order (Ψ's output
  // order); empty with `why` set when the selection does not fit `shape` or selects nothing.
  std::vector<std::size_t> indices(const ImageShape& shape, std::string& why) const;

  const std::string& spec() const { return spec_; }

 private:
  enum class Kind { rect, channel, mask };
  std::vector<std::size_t> rect_indices(const ImageShape& shape, std::string& why) const;
  std::vector<std::size_t> channel_indices(const ImageShape& shape, std::string& why) const;
  std::vector<std::size_t> mask_indices(const ImageShape& shape, std::string& why) const;

  std::string spec_;
  Kind kind_ = Kind::rect;
  std::size_t y0_ = 0, x0_ = 0, h_ = 0, w_ = 0;  // rect
  std::size_t channel_ = 0;                       // channel
  Mask mask_;                                     // mask
};

}  // namespace reconbound::select::detail
