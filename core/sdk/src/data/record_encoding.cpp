#include "reconbound/record_encoding.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <vector>

#include "reconbound/error.hpp"
#include "reconbound/grey_levels.hpp"

namespace reconbound {

namespace {

// The layout parameter with a value, spelled by each front end (--layout "NHWC", layout="NHWC").
std::string layout_parameter(std::string_view value) { return parameter(fmt::format("layout=\"{}\"", value)); }

// The dimensions of a stored record as the caller wrote the array's: (A, B, D).
std::string record_dims(const ImageShape& stored) {
  return fmt::format("({}, {}, {})", stored.channels, stored.height, stored.width);
}

bool small_channel_count(std::size_t n) { return n == 1 || n == 3 || n == 4; }

// The order of the values: as given, or channels first when the array does not look channels last.
ChannelOrder channel_order(const ImageShape& stored, std::size_t rank, const RecordEncoding& encoding,
                           std::string_view origin) {
  if (encoding.layout == ChannelOrder::last && rank != 4) {
    throw InvalidInput(fmt::format("{}: {} reads records (N, H, W, C), but the array has {} dimensions", origin,
                                   layout_parameter("NHWC"), rank));
  }
  if (encoding.layout) return *encoding.layout;
  const bool looks_channels_last = rank == 4 && small_channel_count(stored.width) &&
                                   stored.width < stored.channels && stored.width < stored.height;
  if (looks_channels_last) {
    throw InvalidInput(fmt::format("{}: records {} end in an axis of {}, smaller than the two before it, as "
                                   "channels-last images do; give {} to read them as (H, W, C), or {} to read them "
                                   "as (C, H, W)",
                                   origin, record_dims(stored), stored.width, layout_parameter("NHWC"),
                                   layout_parameter("NCHW")));
  }
  return ChannelOrder::first;
}

// The factor that makes the values grey levels: 255 for values in [0, 1], else 1.
double grey_level_factor(double min, double max, bool floating, const RecordEncoding& encoding,
                         std::string_view origin) {
  if (!encoding.scale && min < 0.0) {
    throw InvalidInput(fmt::format("{}: values down to {}, but records are grey levels in [0, 255]; negative values "
                                   "are what Normalize(mean, std) gives: undo it (x·std + mean; from Python give "
                                   "normalize=(mean, std)), or give the records before it",
                                   origin, min));
  }
  if (encoding.scale && *encoding.scale == kMaxGreyLevel && max <= 1.0 && max > 0.0) {
    throw InvalidInput(fmt::format("{}: every value is <= 1 (the largest is {}), which {} contradicts: values in "
                                   "[0, 1] need {}", origin, max, parameter("scale", kMaxGreyLevel),
                                   parameter("scale", 1)));
  }
  if (!encoding.scale) {
    if (floating && max <= 1.0) {
      throw InvalidInput(fmt::format("{}: float values all <= 1 (the largest is {}), as images scaled to [0, 1] "
                                     "are; records are grey levels in [0, 255]: give {} to multiply them by 255, or "
                                     "{} to read them as they are",
                                     origin, max, parameter("scale", 1), parameter("scale", kMaxGreyLevel)));
    }
    return 1.0;
  }
  const double scale = *encoding.scale;
  if (min < 0.0 || max > scale) {
    throw InvalidInput(fmt::format("{}: values lie in [{}, {}], outside the [0, {}] that {} says", origin, min, max,
                                   scale, parameter("scale", scale)));
  }
  return kMaxGreyLevel / scale;
}

}  // namespace

RecordEncoding record_encoding(const std::optional<std::string>& layout, const std::optional<double>& scale) {
  RecordEncoding out;
  if (layout) {
    if (*layout == "NCHW") out.layout = ChannelOrder::first;
    else if (*layout == "NHWC") out.layout = ChannelOrder::last;
    else {
      throw InvalidInput(fmt::format("{} must be \"NCHW\" (channels first) or \"NHWC\" (channels last)",
                                     layout_parameter(*layout)));
    }
  }
  if (scale) {
    if (*scale != kMaxGreyLevel && *scale != 1.0) {
      throw InvalidInput(fmt::format("{} must be 255 (grey levels) or 1 (values in [0, 1], multiplied by 255)",
                                     parameter("scale", *scale)));
    }
    out.scale = scale;
  }
  return out;
}

RecordConversion record_conversion(const ImageShape& stored, std::size_t rank, double min, double max, bool floating,
                                   const RecordEncoding& encoding, std::string_view origin) {
  RecordConversion out;
  out.stored = stored;
  out.order = channel_order(stored, rank, encoding, origin);
  // Channels last: the stored (A, B, D) is (H, W, C).
  out.shape = out.order == ChannelOrder::last ? ImageShape{stored.width, stored.channels, stored.height} : stored;
  out.factor = grey_level_factor(min, max, floating, encoding, origin);
  return out;
}

void require_no_encoding(const RecordEncoding& encoding, std::string_view spec) {
  if (!encoding.layout && !encoding.scale) return;
  const bool both = encoding.layout && encoding.scale;
  const std::string given = both ? fmt::format("{} and {} are", parameter("layout"), parameter("scale"))
                                 : fmt::format("{} is", parameter(encoding.layout ? "layout" : "scale"));
  throw InvalidInput(fmt::format("{} for arrays and npy: files; the data set '{}' is read as it is stored", given,
                                 spec));
}

void convert_records(MutableMatrixView records, const RecordConversion& conversion) {
  if (!conversion.changes_values()) return;
  if (conversion.order == ChannelOrder::first) {
    records *= conversion.factor;
    return;
  }
  // Stored (H, W, C): the value of channel c at pixel p is at p·C + c; it goes to c·H·W + p.
  const std::size_t pixels = conversion.shape.height * conversion.shape.width;
  const std::size_t channels = conversion.shape.channels;
  std::vector<double> stored(conversion.stored.size());
  for (Eigen::Index r = 0; r < records.rows(); ++r) {
    double* row = records.row(r).data();
    std::copy(row, row + stored.size(), stored.begin());
    for (std::size_t c = 0; c < channels; ++c) {
      for (std::size_t p = 0; p < pixels; ++p) row[c * pixels + p] = stored[p * channels + c] * conversion.factor;
    }
  }
}

}  // namespace reconbound
