// The unit of Ψ's coordinates comes from what Ψ declares (RepresentationInfo::unit), never from
// its name: the bound, spectrum and calibration jobs carry it into their outputs and JSON
// ("representation_unit"), and the report's page prints it beside the absolute bound. A
// representation added in this process declares a unit no plugin has.
#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "reconbound/figures/report.hpp"
#include "reconbound/figures/report_page.hpp"
#include "reconbound/grey_levels.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/calibrate.hpp"
#include "reconbound/workflow/json.hpp"
#include "reconbound/workflow/report.hpp"
#include "reconbound/workflow/spectrum.hpp"
#include "workflow_support.hpp"

using namespace reconbound;
using reconbound::test::workflow_registry;

namespace {

constexpr const char* kName = "fractions-of-white-double";
constexpr const char* kUnit = "fractions of white";

// Ψ(x) = x/255: every grey level as a fraction of white, each coordinate in [0, 1], so
// ‖Ψ(x) − Ψ(x')‖² ≤ m = B (mathematics §6.5).
class FractionsOfWhite final : public Representation {
 public:
  bool accepts(const ImageShape&, std::string&) const override { return true; }
  RepresentationInfo describe(const ImageShape& shape) const override {
    return {.output_dim = shape.size(), .max_squared_distance = static_cast<double>(shape.size()), .unit = kUnit};
  }
  void map(const ImageShape&, MatrixView batch, MutableMatrixView out) const override { out = batch / kMaxGreyLevel; }
};

// FractionsOfWhite declaring no unit: a defect the jobs refuse.
class Unitless final : public Representation {
 public:
  bool accepts(const ImageShape&, std::string&) const override { return true; }
  RepresentationInfo describe(const ImageShape& shape) const override {
    RepresentationInfo info = FractionsOfWhite().describe(shape);
    info.unit.clear();
    return info;
  }
  void map(const ImageShape& shape, MatrixView batch, MutableMatrixView out) const override {
    FractionsOfWhite().map(shape, batch, out);
  }
};

constexpr const char* kUnitlessName = "unitless-double";

template <class Psi>
void add(Registry& registry, const char* name) {
  PluginRecord record;
  record.kind = PluginKind::representation;
  record.name = name;
  registry.add_representation(std::move(record),
                              [](const Params&) -> std::shared_ptr<Representation> { return std::make_shared<Psi>(); });
}

// The workflow tests' plugins, fractions-of-white-double and unitless-double.
const Registry& registry_with_fractions() {
  static const std::unique_ptr<Registry> registry = [] {
    auto out = Registry::extending(workflow_registry());
    add<FractionsOfWhite>(*out, kName);
    add<Unitless>(*out, kUnitlessName);
    return out;
  }();
  return *registry;
}

TEST(RepresentationUnitWorkflow, APsiDeclaringNoUnitIsAPluginDefect) {
  workflow::BoundRequest request = test::small_bound_request();
  request.gammas = {1.0};
  request.representation = kUnitlessName;
  try {
    workflow::run_bound(registry_with_fractions(), request);
    FAIL() << "a representation without a unit was accepted";
  } catch (const PluginError& e) {
    EXPECT_NE(std::string(e.what()).find(std::string(kUnitlessName) + " described records"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("without a unit"), std::string::npos) << e.what();
  }
}

TEST(RepresentationUnitWorkflow, ANameTakenIsRefused) {
  auto registry = Registry::extending(registry_with_fractions());
  EXPECT_THROW(add<FractionsOfWhite>(*registry, kName), InvalidInput);
  EXPECT_THROW(add<FractionsOfWhite>(*registry, ""), InvalidInput);
  // The base registry is unchanged by what an extension adds.
  add<FractionsOfWhite>(*registry, "added-to-the-extension-only");
  EXPECT_NE(registry->find(PluginKind::representation, "added-to-the-extension-only"), nullptr);
  EXPECT_EQ(registry_with_fractions().find(PluginKind::representation, "added-to-the-extension-only"), nullptr);
}

TEST(RepresentationUnitWorkflow, TheBoundStatesTheUnitPsiDeclares) {
  workflow::BoundRequest request = test::small_bound_request();
  request.gammas = {1.0};
  for (const auto& [spec, unit] : {std::pair{"pixel", "grey levels"}, std::pair{kName, kUnit}}) {
    request.representation = spec;
    const workflow::BoundOutput out = workflow::run_bound(registry_with_fractions(), request);
    EXPECT_EQ(out.representation_unit, unit) << spec;
    EXPECT_EQ(workflow::to_json(out)["representation_unit"], unit) << spec;
  }
}

TEST(RepresentationUnitWorkflow, EachSpectrumCurveAndTheCalibrationStateTheirUnit) {
  workflow::SpectrumRequest spectrum;
  spectrum.target_epsilons = {4.0};
  spectrum.mechanism = test::noisy_double(4, 1.0);
  spectrum.delta.delta = 1e-5;
  spectrum.data = test::t10k_ranges(0, 200, 400);
  spectrum.representations = {"pixel", kName};
  spectrum.bound = test::small_bound_config();
  const workflow::SpectrumOutput curves = workflow::run_spectrum(registry_with_fractions(), spectrum);
  ASSERT_EQ(curves.curves.size(), 2u);
  EXPECT_EQ(curves.curves[0].representation_unit, "grey levels");
  EXPECT_EQ(curves.curves[1].representation_unit, kUnit);
  const nlohmann::json json = workflow::to_json(curves);
  EXPECT_EQ(json["representations"][0]["representation_unit"], "grey levels");
  EXPECT_EQ(json["representations"][1]["representation_unit"], kUnit);

  workflow::CalibrateRhoRequest rho;
  rho.mechanism = test::noisy_double(8, 1.0);
  rho.target_rho = 0.3;
  rho.data = test::t10k_ranges(0, 200, 400);
  rho.representation = kName;
  rho.bound = test::small_bound_config();
  const workflow::CalibrateRhoOutput calibrated = workflow::run_calibrate_rho(registry_with_fractions(), rho);
  EXPECT_EQ(calibrated.representation_unit, kUnit);
  EXPECT_EQ(workflow::to_json(calibrated)["representation_unit"], kUnit);
}

TEST(RepresentationUnitWorkflow, TheReportPagePrintsTheUnitPsiDeclares) {
  workflow::ReportRequest request;
  request.mechanism = {"dpsgd", {}, Schedule::constant(0.1, 1.0, 10)};
  request.data = test::t10k_ranges(0, 200, 400);
  request.representation = kName;
  request.bound = test::small_bound_config();
  request.target_epsilons = {8.0};
  request.delta.delta = 1e-5;
  const workflow::ReportOutput out = workflow::run_report(registry_with_fractions(), request);
  ASSERT_EQ(out.spectrum.curves.size(), 1u);
  EXPECT_EQ(out.spectrum.curves.front().representation_unit, kUnit);
  EXPECT_EQ(figures::to_json(out)["representation_unit"], kUnit);
  const std::string page = figures::report_html(out, "reconbound report");
  EXPECT_NE(page.find(std::string("(") + kUnit + "²; per coordinate: RMSE ≥ "), std::string::npos);
  EXPECT_EQ(page.find("grey levels"), std::string::npos);  // not the unit of another Ψ
}

}  // namespace
