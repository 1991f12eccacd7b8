#include "onnx_settings.hpp"

#include <charconv>
#include <cmath>
#include <string_view>
#include <variant>

#include <fmt/format.h>

#include "reconbound/error.hpp"

namespace reconbound::onnx::detail {

namespace {

constexpr char kListSeparator = '/';

// "0.5/0.4/0.3" → {0.5, 0.4, 0.3}; every item a finite number.
std::vector<double> parse_list(const std::string& key, const std::string& text) {
  std::vector<double> values;
  std::string_view rest = text;
  for (;;) {
    const auto slash = rest.find(kListSeparator);
    const std::string_view item = rest.substr(0, slash);
    double value = 0.0;
    const auto [end, error] = std::from_chars(item.data(), item.data() + item.size(), value);
    if (item.empty() || error != std::errc() || end != item.data() + item.size() || !std::isfinite(value)) {
      throw InvalidInput(fmt::format("onnx: {}={} must be finite numbers separated by '/' (e.g. {}=0.5/0.4/0.3)", key,
                                     text, key));
    }
    values.push_back(value);
    if (slash == std::string_view::npos) return values;
    rest.remove_prefix(slash + 1);
  }
}

// A list as text ("0.5/0.4/0.3", from the CLI) or one number (as Python may pass it).
std::vector<double> channel_list(const Params& params, const std::string& key, std::vector<double> fallback) {
  if (!params.has(key)) return fallback;
  if (const auto* text = std::get_if<std::string>(&params.values().at(key))) return parse_list(key, *text);
  return {params.get_double(key)};
}

void set_bound(const Params& params, OnnxSettings& settings) {
  const bool unit = params.has("normalize");
  const bool clip = params.has("clip");
  if (!unit && !clip) {
    throw InvalidInput(
        "onnx: the network's output has no known bound, so B would be a guess; add normalize=unit (B = 4) or clip=a/b "
        "(B = m·(b − a)²) with --representation-param");
  }
  if (unit && clip) throw InvalidInput("onnx: give normalize=unit or clip=a/b, not both");
  if (unit) {
    if (params.get_string("normalize") != "unit") {
      throw InvalidInput(fmt::format("onnx: normalize={} is not known; the one choice is normalize=unit",
                                     params.get_string("normalize")));
    }
    settings.bound = OutputBound::unit_norm;
    return;
  }
  const std::vector<double> box = parse_list("clip", params.get_string("clip"));
  if (box.size() != 2 || !(box[0] < box[1])) {
    throw InvalidInput(fmt::format("onnx: clip={} must be two numbers a/b with a < b (e.g. clip=-1/1)",
                                   params.get_string("clip")));
  }
  settings.bound = OutputBound::clip_box;
  settings.clip_low = box[0];
  settings.clip_high = box[1];
}

}  // namespace

OnnxSettings parse_settings(const Params& params) {
  params.require_only({"arg", "scale", "mean", "std", "normalize", "clip"}, "the onnx representation");
  if (!params.has("arg")) {
    throw InvalidInput("onnx: missing the network; write onnx:FILE.onnx (reconbound.export_representation writes one)");
  }
  OnnxSettings settings;
  settings.path = params.get_string("arg");
  settings.scale = channel_list(params, "scale", settings.scale);
  settings.mean = channel_list(params, "mean", settings.mean);
  settings.std = channel_list(params, "std", settings.std);
  for (const double s : settings.std) {
    if (!(s > 0.0)) throw InvalidInput(fmt::format("onnx: std value {} must be > 0", s));
  }
  set_bound(params, settings);
  return settings;
}

}  // namespace reconbound::onnx::detail
