#include "selection.hpp"

#include <charconv>
#include <string_view>

#include <fmt/format.h>

#include "mask_file.hpp"
#include "reconbound/error.hpp"

namespace reconbound::select::detail {

namespace {

constexpr const char* kForms = "rect:y0,x0,h,w, channel:c or mask:PATH";

std::size_t parse_count(std::string_view text, const std::string& spec, const char* what) {
  std::size_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || error != std::errc{} || end != text.data() + text.size()) {
    throw InvalidInput(fmt::format("select:{}: {} must be a non-negative integer, got '{}'", spec, what, text));
  }
  return value;
}

}  // namespace

Selection Selection::parse(const std::string& spec) {
  Selection s;
  s.spec_ = spec;
  const auto colon = spec.find(':');
  if (colon == std::string::npos) {
    throw InvalidInput(fmt::format("select: unknown selection '{}'; write {}", spec, kForms));
  }
  const std::string_view kind = std::string_view(spec).substr(0, colon);
  const std::string_view rest = std::string_view(spec).substr(colon + 1);
  if (kind == "rect") {
    s.kind_ = Kind::rect;
    std::size_t* fields[] = {&s.y0_, &s.x0_, &s.h_, &s.w_};
    const char* names[] = {"y0", "x0", "h", "w"};
    std::size_t start = 0;
    for (std::size_t i = 0; i < 4; ++i) {
      const auto comma = rest.find(',', start);
      if ((i < 3) == (comma == std::string_view::npos)) {
        throw InvalidInput(fmt::format("select:{}: a rectangle needs exactly four integers, rect:y0,x0,h,w", spec));
      }
      *fields[i] = parse_count(rest.substr(start, comma == std::string_view::npos ? rest.npos : comma - start),
                               spec, names[i]);
      start = comma + 1;
    }
    if (s.h_ == 0 || s.w_ == 0) {
      throw InvalidInput(fmt::format("select:{}: the rectangle is empty (h = {}, w = {}); h and w must be ≥ 1",
                                     spec, s.h_, s.w_));
    }
  } else if (kind == "channel") {
    s.kind_ = Kind::channel;
    s.channel_ = parse_count(rest, spec, "the channel c");
  } else if (kind == "mask") {
    s.kind_ = Kind::mask;
    if (rest.empty()) throw InvalidInput(fmt::format("select:{}: missing the mask file, write mask:PATH", spec));
    s.mask_ = read_mask_file(std::string(rest));
  } else {
    throw InvalidInput(fmt::format("select: unknown selection '{}'; write {}", spec, kForms));
  }
  return s;
}

std::vector<std::size_t> Selection::indices(const ImageShape& shape, std::string& why) const {
  if (shape.size() == 0) {
    why = fmt::format("select:{} needs a non-empty image, got shape {}", spec_, shape.to_string());
    return {};
  }
  switch (kind_) {
    case Kind::rect: return rect_indices(shape, why);
    case Kind::channel: return channel_indices(shape, why);
    case Kind::mask: return mask_indices(shape, why);
  }
  return {};
}

std::vector<std::size_t> Selection::rect_indices(const ImageShape& shape, std::string& why) const {
  if (y0_ + h_ > shape.height || x0_ + w_ > shape.width) {
    why = fmt::format("select:{}: rows {}..{} and columns {}..{} do not fit the {} × {} image; "
                      "need y0 + h ≤ {} and x0 + w ≤ {}",
                      spec_, y0_, y0_ + h_ - 1, x0_, x0_ + w_ - 1, shape.height, shape.width, shape.height, shape.width);
    return {};
  }
  std::vector<std::size_t> out;
  out.reserve(shape.channels * h_ * w_);
  for (std::size_t c = 0; c < shape.channels; ++c) {
    for (std::size_t i = y0_; i < y0_ + h_; ++i) {
      for (std::size_t j = x0_; j < x0_ + w_; ++j) out.push_back((c * shape.height + i) * shape.width + j);
    }
  }
  return out;
}

std::vector<std::size_t> Selection::channel_indices(const ImageShape& shape, std::string& why) const {
  if (channel_ >= shape.channels) {
    why = fmt::format("select:{}: channel {} does not exist in an image with {} channel(s) (0-based, so c ≤ {})",
                      spec_, channel_, shape.channels, shape.channels - 1);
    return {};
  }
  std::vector<std::size_t> out(shape.height * shape.width);
  for (std::size_t p = 0; p < out.size(); ++p) out[p] = channel_ * shape.height * shape.width + p;
  return out;
}

std::vector<std::size_t> Selection::mask_indices(const ImageShape& shape, std::string& why) const {
  const ImageShape& ms = mask_.shape;
  const bool fits = ms.height == shape.height && ms.width == shape.width &&
                    (mask_.all_channels || ms.channels == shape.channels);
  if (!fits) {
    why = fmt::format("select:{}: the mask {} has shape {} but the images have shape {}; the mask must be "
                      "H × W = {} × {} or C × H × W = {}",
                      spec_, mask_.origin, mask_.all_channels ? fmt::format("{}x{}", ms.height, ms.width) : ms.to_string(),
                      shape.to_string(), shape.height, shape.width, shape.to_string());
    return {};
  }
  const std::size_t plane = shape.height * shape.width;
  std::vector<std::size_t> out;
  for (std::size_t c = 0; c < shape.channels; ++c) {
    const std::uint8_t* values = mask_.values.data() + (mask_.all_channels ? 0 : c * plane);
    for (std::size_t p = 0; p < plane; ++p) {
      if (values[p] == 1) out.push_back(c * plane + p);
    }
  }
  return out;
}

}  // namespace reconbound::select::detail
