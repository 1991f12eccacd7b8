// `reconbound verify CLAIMS.json`: numbers computed elsewhere against the references
// (docs/verifying-a-bound.md). Exit 0 when every claim passes, 1 when one fails, 2 for a file
// that cannot be read or checked.
#include "verify_command.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>

#include "progress_bar.hpp"
#include "reconbound/claims/check_claims.hpp"
#include "reconbound/claims/claims_report.hpp"
#include "reconbound/claims/parse_claims.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/registry.hpp"

namespace reconbound::cli {

namespace {

struct VerifyOptions {
  std::string file;
  bool json = false;
  bool quiet = false;
};

}  // namespace

void add_verify_command(CLI::App& app) {
  auto options = std::make_shared<VerifyOptions>();
  auto* cmd = app.add_subcommand(
      "verify", "Check claimed numbers (gamma, K, epsilon, sigma, margins, rho*, a certificate's level) against the references");
  cmd->add_option("claims", options->file, "Claims file (JSON; see docs/verifying-a-bound.md)")->required();
  cmd->add_flag("--json", options->json, "Print JSON instead of the report");
  cmd->add_flag("--quiet", options->quiet, "No progress bar on stderr");
  cmd->callback([options] {
    const auto claims = claims::read_claims_file(options->file);
    const Registry registry;
    // The paper's claims are about the paper's mechanism: its accountant is the reference.
    const auto checker = claims::ClaimChecker::with_accountant_of(registry, presets::kPaperMechanism);
    checker.require_accountant_for(claims);
    std::vector<claims::ClaimResult> results;
    {
      ProgressBar bar(!options->quiet);
      for (const auto& claim : claims) {
        results.push_back(checker.check(claim));
        bar.report("claims", results.size(), claims.size());
      }
    }
    if (options->json) fmt::print("{}\n", claims::claims_report_json(results).dump(2));
    else fmt::print("{}", claims::claims_report_text(results));
    if (claims::all_pass(results)) return;
    // A failed claim is a result, not an error: exit 1 once the report is out. When it cannot
    // be flushed, return instead and main reports the unwritable output (exit 2).
    if (std::fflush(stdout) == 0) std::_Exit(1);
  });
}

}  // namespace reconbound::cli
