// The mechanism suite (mathematics §2, reconbound/mechanism.hpp): γ is a finite upper bound ≥ 0 on a
// mutual information, the same for the same input; a schedule-driven mechanism adds runs and
// does not see segment boundaries, and refuses bad schedules; a mechanism fitted on data
// refuses missing or non-finite data; then the noise scale, the accountant and the reference (the
// attack: mechanism_attack.cpp).
#include <fmt/format.h>

#include <cmath>
#include <limits>

#include "reconbound/conformance/suites.hpp"
#include "plugin_references.hpp"
#include "suite_parts.hpp"

namespace reconbound::conformance {
namespace {

using detail::BadInput;
using detail::CheckList;
using detail::MechanismTestInputs;
using detail::num;
using detail::precise;
using detail::Verdict;
using detail::WorstCase;

double gamma_of(const Mechanism& mechanism, MechanismInput input, const Schedule& schedule) {
  input.schedule = &schedule;
  return mechanism.leakage(input).gamma_bits;
}

void check_leakage(const Mechanism& mechanism, const MechanismNeeds& needs, const MechanismTestInputs& inputs,
                   CheckList& list) {
  const MechanismInput base = inputs.for_needs(needs);
  list.run("gamma_finite_non_negative", [&] {
    WorstCase worst;
    const auto add = [&worst](double g, const std::string& where) {
      worst.add(std::isfinite(g) ? g : std::nan(""),
                fmt::format("gamma = {} bits {} 0{}", num(g), detail::relation(">="), where));
    };
    if (!needs.schedule) {
      add(mechanism.leakage(base).gamma_bits, "");
    } else {
      for (double q : {1e-4, 0.02, 0.5, 1.0}) {
        for (double sigma : {0.5, 1.0, 4.0}) {
          add(gamma_of(mechanism, base, Schedule::constant(q, sigma, 10)),
              fmt::format(" at q = {}, sigma = {}, T = 10", q, sigma));
        }
      }
    }
    return worst.verdict("gamma >= 0 and finite");
  });
  list.run("gamma_deterministic", [&] {
    const Leakage first = mechanism.leakage(base);
    const Leakage second = mechanism.leakage(base);
    const bool same = first.gamma_bits == second.gamma_bits && first.details == second.details;
    return Verdict{same, fmt::format("two calls with the same input (seed {}): gamma = {} and {} bits, details {}",
                                     inputs.seed, precise(first.gamma_bits), precise(second.gamma_bits),
                                     first.details == second.details ? "equal" : "different")};
  });
}

// mathematics §2: γ of several runs is the sum of their γ; a segment split in two leaks the same.
void check_schedule_laws(const Mechanism& mechanism, const MechanismTestInputs& inputs, CheckList& list) {
  const MechanismInput base = inputs.for_needs(mechanism.needs());
  const Schedule a = Schedule::constant(0.05, 1.2, 300);
  const Schedule b = Schedule::constant(0.2, 2.5, 40);
  constexpr double kRelative = 1e-12;
  list.run("runs_add", [&] {
    Schedule both = a;
    both.runs.push_back(b.runs[0]);
    const double sum = gamma_of(mechanism, base, a) + gamma_of(mechanism, base, b);
    const double joint = gamma_of(mechanism, base, both);
    const double allowed = kRelative * joint;
    return detail::compared(allowed - std::abs(joint - sum),
                            fmt::format("gamma(two runs) = {}, gamma(run 1) + gamma(run 2) = {} bits, |diff| = {} {} {} "
                                        "(1e-12 relative)", precise(joint), precise(sum), num(std::abs(joint - sum)),
                                        detail::relation("<="), num(allowed)),
                            "gamma of two runs = the sum of their gammas (mathematics §2)");
  });
  list.run("segment_split", [&] {
    const Schedule split{{TrainingRun{{Segment{0.05, 1.2, 100}, Segment{0.05, 1.2, 200}}}}};
    const double whole = gamma_of(mechanism, base, a);
    const double parts = gamma_of(mechanism, base, split);
    const double allowed = kRelative * whole;
    return detail::compared(allowed - std::abs(parts - whole),
                            fmt::format("gamma(300 steps) = {}, gamma(100 + 200 steps) = {} bits, |diff| = {} {} {} "
                                        "(1e-12 relative)", precise(whole), precise(parts), num(std::abs(parts - whole)),
                                        detail::relation("<="), num(allowed)),
                            "a segment split in two leaks what it leaks whole (mathematics §2)");
  });
  list.run("more_steps_never_leak_less", [&] {
    const double ten = gamma_of(mechanism, base, Schedule::constant(0.1, 1.0, 10));
    const double eleven = gamma_of(mechanism, base, Schedule::constant(0.1, 1.0, 11));
    return detail::compared(eleven - ten, fmt::format("gamma(T = 10) = {} {} gamma(T = 11) = {} bits (q = 0.1, sigma = 1)",
                                                      precise(ten), detail::relation("<="), precise(eleven)),
                            "one more step never leaks less");
  });
  list.run("bad_schedules_refused", [&] {
    const auto refuses = [&](const Schedule& s) { return [&mechanism, base, s] { gamma_of(mechanism, base, s); }; };
    return detail::all_refused({{"no runs", refuses(Schedule{})},
                                {"q = NaN", refuses(Schedule::constant(std::nan(""), 1.0, 1))},
                                {"sigma = -1", refuses(Schedule::constant(0.1, -1.0, 1))},
                                {"q = 1.5", refuses(Schedule::constant(1.5, 1.0, 1))}});
  });
  list.run("missing_schedule_refused", [&] {
    MechanismInput without = base;
    without.schedule = nullptr;
    return detail::all_refused({{"no schedule", [&] { mechanism.leakage(without); }}});
  });
}

// A mechanism fitted on data must say so when it has none or when a record is not finite.
void check_data_laws(const Mechanism& mechanism, const MechanismTestInputs& inputs, CheckList& list) {
  const MechanismInput base = inputs.for_needs(mechanism.needs());
  list.run("missing_data_refused", [&] {
    MechanismInput without = base;
    without.data = nullptr;
    return detail::all_refused({{"no data", [&] { mechanism.leakage(without); }}});
  });
  list.run("non_finite_data_refused", [&] {
    RowMatrix with_nan = inputs.data;
    with_nan(3, 2) = std::numeric_limits<double>::quiet_NaN();
    MechanismInput input = base;
    input.data = &with_nan;
    return detail::all_refused({{"a NaN in record 3", [&] { mechanism.leakage(input); }}});
  });
}

// A mechanism charged per coordinate must refuse an input without the records' shape (what
// `reconbound leakage` gives it), never guess it.
void check_record_laws(const Mechanism& mechanism, const MechanismTestInputs& inputs, CheckList& list) {
  const MechanismInput base = inputs.for_needs(mechanism.needs());
  list.run("missing_record_shape_refused", [&] {
    MechanismInput without = base;
    without.record = {};
    return detail::all_refused({{"no record shape", [&] { mechanism.leakage(without); }}});
  });
}

}  // namespace

std::vector<Check> check_mechanism(const Mechanism& mechanism, std::string_view name, const Params& /*params*/) {
  CheckList list;
  const MechanismTestInputs inputs;
  const MechanismNeeds needs = mechanism.needs();
  check_leakage(mechanism, needs, inputs, list);
  if (needs.schedule) check_schedule_laws(mechanism, inputs, list);
  if (needs.data) check_data_laws(mechanism, inputs, list);
  if (needs.record_shape) check_record_laws(mechanism, inputs, list);
  if (needs.noise_scale) detail::check_noise_scale_laws(mechanism, inputs, list);
  if (mechanism.accountant() != nullptr) detail::check_accountant_laws(mechanism, inputs, list);
  if (const auto* reference = detail::builtin_plugin_references().mechanisms.find(name)) {
    (*reference)(mechanism, inputs, list);
  }
  return std::move(list).take();
}

}  // namespace reconbound::conformance
