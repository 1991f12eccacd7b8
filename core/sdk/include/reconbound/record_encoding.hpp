#pragma once
// How the values of an array of records are stored, and how the core reads them. Records are
// grey levels in [0, 255] in channel-major order (C, H, W) per record (mathematics §1;
// reconbound/dataset.hpp). An array stored otherwise — channels last, (N, H, W, C), or scaled to
// [0, 1] as PyTorch's ToTensor gives — is read correctly only when its caller says so (the
// `layout` and `scale` parameters); one that looks stored otherwise and is not said to be is
// refused, naming the parameter to set, never guessed:
//   layout not given: an array of 4 dimensions (N, A, B, D) whose last axis D is 1, 3 or 4 and
//                     smaller than A and B looks channels last;
//   scale not given:  a floating-point array whose values are all <= 1 looks scaled to [0, 1].
// A layout or a scale given is obeyed and checked: channels last needs 4 dimensions, and the
// values must lie in [0, scale]. Scale 1 multiplies every value by 255: a fixed factor, not
// preprocessing fitted to the data (mathematics §7).
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "reconbound/export.hpp"
#include "reconbound/matrix.hpp"

namespace reconbound {

enum class ChannelOrder {
  first,  // "NCHW": (N, C, H, W), and the NPY reader's (N, H, W), (N, W), (N,)
  last,   // "NHWC": (N, H, W, C)
};

struct RecordEncoding {
  std::optional<ChannelOrder> layout;  // not given: an array that looks channels last is refused
  std::optional<double> scale;         // 255 or 1; not given: a float array with values <= 1 is refused
};

// The encoding a front end's `layout` ("NCHW" or "NHWC") and `scale` (255 or 1) describe, each
// optional. InvalidInput naming the parameter for any other value.
RECONBOUND_API RecordEncoding record_encoding(const std::optional<std::string>& layout,
                                              const std::optional<double>& scale);

// How the records of one array are read: their shape as stored (the NPY reader's layout of the
// array's dimensions: (N, A, B, D) → A×B×D), the order of its values, the shape the core reads
// them as, and the factor that makes them grey levels.
struct RecordConversion {
  ImageShape stored;
  ChannelOrder order = ChannelOrder::first;
  ImageShape shape;
  double factor = 1.0;

  bool changes_values() const { return order == ChannelOrder::last || factor != 1.0; }
};

// The conversion of an array of `rank` dimensions whose records are `stored`, whose values lie in
// [min, max] and are of a floating-point type or not. InvalidInput naming `origin` and the
// parameter to set (layout or scale) for an array that looks stored otherwise than given (see
// above), channels last given for an array of other than 4 dimensions, or values outside
// [0, scale] for a scale given.
RECONBOUND_API RecordConversion record_conversion(const ImageShape& stored, std::size_t rank, double min, double max,
                                                  bool floating, const RecordEncoding& encoding,
                                                  std::string_view origin);

// InvalidInput naming the parameters given, when `encoding` gives a layout or a scale for the data
// set `spec`, which is read as it is stored (an IDX file, a PNG folder, fashion-mnist).
RECONBOUND_API void require_no_encoding(const RecordEncoding& encoding, std::string_view spec);

// Rewrites rows of records stored as `conversion.stored` into the core's records: channel-major
// order and grey levels.
RECONBOUND_API void convert_records(MutableMatrixView records, const RecordConversion& conversion);

}  // namespace reconbound
