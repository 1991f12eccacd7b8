#include "reconbound/claims/parse_claims.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <nlohmann/json.hpp>
#include <stdexcept>

#include "certificate_fields.hpp"
#include "claim_reader.hpp"
#include "reconbound/accountant.hpp"
#include "reconbound/claims/claim_kinds.hpp"
#include "reconbound/dataset.hpp"
#include "reconbound/error.hpp"

namespace reconbound::claims {

namespace {

using detail::ClaimReader;
using nlohmann::json;

const InputSpec& input_spec(const KindSpec& spec, std::string_view name) {
  const auto it = std::find_if(spec.inputs.begin(), spec.inputs.end(),
                               [&](const InputSpec& input) { return input.name == name; });
  if (it == spec.inputs.end()) throw std::logic_error("a schedule kind without q, sigma or steps");
  return *it;
}

Segment read_segment(ClaimReader& reader, const KindSpec& spec, const json& object,
                     const std::string& where) {
  if (!object.is_object()) reader.fail(where, "must be an object {\"q\", \"sigma\", \"steps\"}");
  Segment segment;
  for (const auto& [key, value] : object.items()) {
    const std::string name = where + "." + key;
    if (key == "q") segment.q = reader.number(value, name, input_spec(spec, "q").domain);
    else if (key == "sigma") segment.sigma = reader.number(value, name, input_spec(spec, "sigma").domain);
    else if (key == "steps") {
      segment.steps = static_cast<std::uint64_t>(reader.number(value, name, input_spec(spec, "steps").domain));
    } else {
      reader.fail(name, "not a field of a segment (q, sigma, steps)");
    }
  }
  for (const char* key : {"q", "sigma", "steps"}) {
    if (!object.contains(key)) reader.fail(where + "." + key, "missing");
  }
  return segment;
}

// "q", "sigma", "steps" (one run of one segment) or "runs": [[segment, ...], ...].
Schedule read_schedule(ClaimReader& reader, const KindSpec& spec) {
  Schedule schedule;
  if (!reader.has("runs")) {
    schedule.runs.push_back(TrainingRun{{Segment{reader.number("q", input_spec(spec, "q").domain),
                                                 reader.number("sigma", input_spec(spec, "sigma").domain),
                                                 static_cast<std::uint64_t>(reader.number(
                                                     "steps", input_spec(spec, "steps").domain))}}});
    return schedule;
  }
  for (const char* flat : {"q", "sigma", "steps"}) {
    if (reader.has(flat)) reader.fail(flat, "give either \"q\", \"sigma\", \"steps\" or \"runs\", not both");
  }
  const json& runs = reader.field("runs");
  if (!runs.is_array() || runs.empty()) reader.fail("runs", "must be a non-empty array of runs");
  for (std::size_t r = 0; r < runs.size(); ++r) {
    const std::string where = fmt::format("runs[{}]", r);
    if (!runs[r].is_array() || runs[r].empty()) reader.fail(where, "must be a non-empty array of segments");
    TrainingRun run;
    for (std::size_t s = 0; s < runs[r].size(); ++s) {
      run.segments.push_back(read_segment(reader, spec, runs[r][s], fmt::format("{}[{}]", where, s)));
    }
    schedule.runs.push_back(std::move(run));
  }
  return schedule;
}

// "delta", or "n_train" and "delta_exponent" for δ = n_train^−exponent (mathematics §8).
double read_delta(ClaimReader& reader, const Domain& domain) {
  if (reader.has("delta")) {
    for (const char* other : {"n_train", "delta_exponent"}) {
      if (reader.has(other)) reader.fail(other, "give either \"delta\" or \"n_train\" with \"delta_exponent\"");
    }
    return reader.number("delta", domain);
  }
  if (!reader.has("n_train") && !reader.has("delta_exponent")) {
    reader.fail("delta", "missing (or give \"n_train\" and \"delta_exponent\")");
  }
  const double n_train = reader.number("n_train", Domain{.min = 1.0, .max = 1e15});
  const double exponent = reader.number("delta_exponent", Domain{.min = 0.0, .max = 100.0, .min_open = true});
  double delta = 0.0;
  try {
    delta = delta_from_exponent(n_train, exponent);
  } catch (const InvalidInput& e) {
    reader.fail("n_train", e.what());
  }
  if (!domain.contains(delta)) {
    reader.fail("n_train", fmt::format("gives delta = {:g}, which must be {}", delta, domain.describe()));
  }
  return delta;
}

Tolerance read_tolerance(ClaimReader& reader) {
  const json& value = reader.field("tolerance");
  if (!value.is_object() || value.empty()) {
    reader.fail("tolerance", "must be an object with \"absolute\" and/or \"relative\"");
  }
  Tolerance tolerance;
  for (const auto& [key, bound] : value.items()) {
    const Domain non_negative{.min = 0.0};
    if (key == "absolute") tolerance.absolute = reader.number(bound, "tolerance.absolute", non_negative);
    else if (key == "relative") tolerance.relative = reader.number(bound, "tolerance.relative", non_negative);
    else reader.fail("tolerance." + key, "not a field of a tolerance (absolute, relative)");
  }
  return tolerance;
}

// Every value the rounded input stands for must stay in its domain.
void check_rounded(const ClaimReader& reader, const std::string& field, const Domain& domain,
                   double value, double half_width) {
  for (const double end : {value - half_width, value + half_width}) {
    if (!domain.contains(domain.clamp_to_closed_ends(end))) {
      reader.fail(field, fmt::format("{} ± {:g} leaves the inputs' domain ({})", value, half_width,
                                     domain.describe()));
    }
  }
}

std::map<std::string, double> read_rounding(ClaimReader& reader, const KindSpec& spec, const Claim& claim) {
  const json& value = reader.field("input_rounding");
  if (!value.is_object()) reader.fail("input_rounding", "must be an object {\"input\": half-width, ...}");
  std::map<std::string, double> rounding;
  for (const auto& [key, width] : value.items()) {
    const std::string field = "input_rounding." + key;
    const auto input = std::find_if(spec.inputs.begin(), spec.inputs.end(),
                                    [&](const InputSpec& i) { return i.name == key; });
    if (input == spec.inputs.end() || input->trend == Trend::none) {
      reader.fail(field, fmt::format("not an input of a \"{}\" claim that may be rounded", spec.name));
    }
    const double half_width = reader.number(width, field, Domain{.min = 0.0});
    if (spec.schedule && (key == "q" || key == "sigma")) {
      for (const auto& run : claim.schedule.runs) {
        for (const auto& segment : run.segments) {
          check_rounded(reader, field, input->domain, key == "q" ? segment.q : segment.sigma, half_width);
        }
      }
    } else {
      check_rounded(reader, field, input->domain, claim.inputs.at(key), half_width);
    }
    rounding[key] = half_width;
  }
  return rounding;
}

// The PLD accountant composes at most 1e9 steps in all (check_accountant_schedule).
void check_accountant_steps(const ClaimReader& reader, const Schedule& schedule) {
  std::uint64_t total = 0;
  for (const auto& run : schedule.runs) {
    for (const auto& segment : run.segments) total += segment.steps;
  }
  if (total > 1'000'000'000) {
    reader.fail(reader.has("runs") ? "runs" : "steps",
                fmt::format("{} steps in all; the accountant composes at most 1e9", total));
  }
}

Claim read_claim(const json& object, const std::string& origin, std::size_t index) {
  if (!object.is_object()) throw FileError(fmt::format("{}: claim {}: must be a JSON object", origin, index));
  ClaimReader reader(object, origin, index);
  const std::string kind_name = reader.text("kind");
  const KindSpec* spec = find_kind(kind_name);
  if (spec == nullptr) {
    std::string known;
    for (const auto& s : kind_specs()) known += (known.empty() ? "" : ", ") + std::string(s.name);
    reader.fail("kind", fmt::format("unknown kind \"{}\" (known: {})", kind_name, known));
  }
  Claim claim;
  claim.index = index;
  claim.kind = spec->kind;
  if (reader.has("label")) claim.label = reader.text("label");
  claim.claimed = reader.number("claimed", spec->claimed);
  claim.tolerance = reader.has("tolerance") ? read_tolerance(reader) : spec->default_tolerance;
  if (spec->schedule) {
    claim.schedule = read_schedule(reader, *spec);
    if (spec->kind == ClaimKind::epsilon) check_accountant_steps(reader, claim.schedule);
  }
  for (const auto& input : spec->inputs) {
    const bool from_schedule = spec->schedule && (input.name == "q" || input.name == "sigma" || input.name == "steps");
    if (from_schedule) continue;
    const std::string name(input.name);
    if (input.optional && !reader.has(name)) continue;
    claim.inputs[name] = (spec->delta && name == "delta") ? read_delta(reader, input.domain)
                                                          : reader.number(name, input.domain);
  }
  if (spec->kind == ClaimKind::certificate) detail::read_certificate_fields(reader, claim);
  if (reader.has("input_rounding")) claim.input_rounding = read_rounding(reader, *spec, claim);
  reader.reject_unread(spec->name);
  return claim;
}

}  // namespace

std::vector<Claim> parse_claims(std::string_view text, const std::string& origin) {
  json document;
  try {
    document = json::parse(text);
  } catch (const json::parse_error& e) {
    throw FileError(fmt::format("{}: not valid JSON (at byte {}); check the syntax", origin, e.byte));
  } catch (const json::out_of_range&) {  // a number beyond the range of a double, e.g. 1e400
    throw FileError(fmt::format("{}: a number in the file does not fit in a double", origin));
  }
  if (!document.is_object() || !document.contains("claims")) {
    throw FileError(fmt::format("{}: must be a JSON object with a \"claims\" array", origin));
  }
  for (const auto& [key, value] : document.items()) {
    if (key == "description" && value.is_string()) continue;
    if (key != "claims") {
      throw FileError(fmt::format("{}: top-level field \"{}\" is not \"claims\" or a \"description\" string",
                                  origin, key));
    }
  }
  const json& list = document["claims"];
  if (!list.is_array() || list.empty()) {
    throw FileError(fmt::format("{}: \"claims\" must be a non-empty array of claims", origin));
  }
  std::vector<Claim> claims;
  for (std::size_t i = 0; i < list.size(); ++i) claims.push_back(read_claim(list[i], origin, i + 1));
  return claims;
}

std::vector<Claim> read_claims_file(const std::string& path) {
  const std::vector<std::uint8_t> bytes = reconbound::detail::read_file_bytes(path);
  return parse_claims(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()), path);
}

}  // namespace reconbound::claims
