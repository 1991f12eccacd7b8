#pragma once
// The report job (docs/report.md): what one training configuration guarantees on one data set,
// for a reviewer — ε(δ) at the training's noise with its error bars (mathematics §8), its leakage
// γ (Theorem 4.1), the certified ρ* at γ with its certificate (mathematics §5, §6.8), the spectrum
// of ρ* over target ε from the same entropy estimate (mathematics §8) and, when asked for, the
// chain of attacks (mathematics §9) and every label's bound at the training's γ (mathematics
// §6.10). It composes the jobs of this folder; the page that shows it is the figures'
// (reconbound/figures/report_page.hpp).
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "reconbound/bound.hpp"
#include "reconbound/calibration.hpp"
#include "reconbound/certificate.hpp"
#include "reconbound/chain.hpp"
#include "reconbound/checkpoint.hpp"
#include "reconbound/export.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/workflow/by_label.hpp"
#include "reconbound/workflow/chain.hpp"
#include "reconbound/workflow/epsilon.hpp"
#include "reconbound/workflow/leakage.hpp"
#include "reconbound/workflow/spectrum.hpp"

namespace reconbound::workflow {

// The chain of a report: its attacks at the report's γ (the training's and each target ε's), on
// D⊥, D_est and held-out targets laid out as the chain job lays them out (run_chain).
struct ReportChainRequest {
  std::vector<ChainAttackRow> attacks;                 // the rows, as ChainRows::attacks; at least one
  std::size_t targets = ChainDataRequest{}.targets;    // held-out targets drawn at random
  std::vector<unsigned> bits = ChainRows{}.rates;      // whole-bit rates, for attacks that reach them
  std::size_t bootstrap = ChainConfig{}.bootstrap;     // resamples of the standard errors
  std::size_t figure_targets = ChainConfig{}.figure_targets;  // rows of the reconstruction grid
};

struct ReportRequest {
  // The mechanism and its schedule's shape, as SpectrumRequest::mechanism: the spectrum scales
  // its noise by one factor per target ε.
  MechanismRequest mechanism;
  // The training reported: the factor on the shape's noise — for a constant run (shape σ = 1)
  // the noise multiplier σ itself, for a schedule file 1 to take it as written.
  double sigma = 1.0;
  DeltaRequest delta;
  std::vector<double> target_epsilons = SpectrumRequest{}.target_epsilons;  // the spectrum's, nats
  DataRequest data;
  std::string representation;     // as BoundRequest::representation
  BoundConfig bound;              // as BoundRequest::bound
  RunHandles run;                 // as BoundRequest::run; its checkpoint serves the chain too
  CalibrationOptions calibration;  // the spectrum's σ search; its accountant options give ε at sigma
  std::optional<ReportChainRequest> chain;
  // Where the labels come from, for a bound per label at the training's γ (mathematics §6.10).
  std::optional<LabelSource> by_label;
};

struct ReportOutput {
  double sigma = 0.0;                 // the factor on the shape's noise, as requested
  EpsilonOutput epsilon;              // ε(δ) at sigma with its error bars; schedule: the one charged
  LeakageOutput leakage;              // γ at sigma (Theorem 4.1) and its numerical error bound
  std::string representation;         // the spec as requested
  BoundResult result;                 // ρ* at γ (+ its error bound), from the spectrum's entropy estimate
  // The one event behind `result` and every row of the spectrum (mathematics §6.8); the spectrum's
  // curve carries it too.
  Certificate certificate;
  std::string statement;              // certificate_sentence for `result`: the page's headline
  SpectrumOutput spectrum;            // one curve, `representation`'s
  double caller_scale = 255.0;        // the data's full scale as the caller had them (DataRequest)
  std::optional<ChainOutput> chain;
  // Every label's bound at the training's γ plus its numerical error bound, each from the label's
  // records of D⊥ and D_est alone at α/C (label_data, mathematics §6.10), sorted by abs_bound, the
  // smallest guaranteed error first; `pooled` is the headline above as a BoundOutput (`result` on
  // the spectrum's estimate, `certificate`), its own statement at 1 − α.
  std::optional<ByLabelOutput> by_label;
  Fingerprint software;               // reconbound's version, the plugin ABI, every plugin's version
  Fingerprint data_files;             // each data file read, by size, time and sampled CRC-32
};

// InvalidInput for a sigma that is not finite and > 0, a chain asked for with D⊥ and D_est given
// as views (the chain lays out its own sets) or without attack rows, labels asked for with D⊥ and
// D_est given as views, and the errors of the mechanism, δ, the data, the labels (split_by_label),
// the plugins and the pipeline as the epsilon, leakage, spectrum, chain and bound jobs raise them.
RECONBOUND_API ReportOutput run_report(const Registry& registry, const ReportRequest& request);

}  // namespace reconbound::workflow
