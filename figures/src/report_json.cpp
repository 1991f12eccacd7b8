// The JSON of the report job: the numbers the page shows, for the CLI's --json and Python.
#include "reconbound/figures/report.hpp"
#include "reconbound/presets/paper_chain.hpp"
#include "reconbound/workflow/json.hpp"

namespace reconbound::figures {

namespace {

nlohmann::json fields(const Fingerprint& fingerprint) {
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [name, value] : fingerprint) out[name] = value;
  return out;
}

}  // namespace

nlohmann::json to_json(const workflow::ReportOutput& output) {
  const ConverseResult& r = output.result.converse;
  const BoundReport& report = output.spectrum.curves.front().report;
  const EpsilonResult& e = output.epsilon.epsilon;
  // ε at σ as calibrate's fields (the same names, of the same types, in every result); the
  // epsilon and leakage jobs' whole outputs under their functions' names.
  nlohmann::json out{
      {"sigma", output.sigma},
      {"epsilon", e.epsilon},
      {"epsilon_lower", e.epsilon_lower},
      {"epsilon_upper", e.epsilon_upper},
      {"delta", e.delta},
      {"relation", e.relation},
      {"epsilon_report", workflow::to_json(output.epsilon)},
      {"leakage_report", workflow::to_json(output.leakage)},
      {"representation", output.representation},
      {"representation_unit", output.spectrum.curves.front().representation_unit},
      {"data", output.spectrum.data_source},
      {"gamma_bits", output.result.gamma_bits},
      {"gamma_error_bits", output.result.gamma_error_bits},
      {"rho_star", r.rho_star},
      {"k_star", r.arg_max.k},
      {"nu2_star", r.arg_max.nu2},
      {"abs_bound", r.abs_bound},
      {"rho_point", r.rho_point},
      {"n_perp", report.n_perp},
      {"n_est", report.n_est},
      {"alpha", report.alpha},
      {"certificate", workflow::to_json(output.certificate, output.statement)},
      {"spectrum", workflow::to_json(output.spectrum)},
      {"chain", output.chain ? presets::paper_chain_json(*output.chain) : nlohmann::json()},
      {"software", fields(output.software)},
      {"data_files", fields(output.data_files)}};
  if (output.by_label) {
    // The rows and the joint statement of `bound --by-label` (mathematics §6.10); the pooled bound
    // is the headline above.
    nlohmann::json by_label = workflow::to_json(*output.by_label);
    out["labels_source"] = std::move(by_label["labels_source"]);
    out["by_label"] = std::move(by_label["by_label"]);
    out["by_label_certificate"] = std::move(by_label["by_label_certificate"]);
  }
  return out;
}

}  // namespace reconbound::figures
