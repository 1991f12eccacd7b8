#include "reconbound/workflow/json.hpp"

namespace reconbound::workflow {

nlohmann::json to_json(const Certificate& certificate, const std::string& statement) {
  nlohmann::json ingredients = nlohmann::json::array();
  for (const CertificateIngredient& i : certificate.ingredients) {
    ingredients.push_back({{"name", i.name}, {"treatment", i.treatment}, {"alpha", i.alpha}, {"data", i.data},
                           {"detail", i.detail}});
  }
  return {{"certifies", certificate.certifies},
          {"level", certificate.level},
          {"alpha", certificate.alpha},
          {"union_size", certificate.union_size},
          {"normaliser", certificate.normaliser},
          {"scope", certificate.scope},
          {"ingredients", ingredients},
          {"statement", statement},
          {"rho_label", certificate_wording(certificate).rho}};
}

}  // namespace reconbound::workflow
