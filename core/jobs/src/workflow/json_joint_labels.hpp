#pragma once
// The joint statement over the labels of a by-label job, as JSON (mathematics §6.10, eq 6.10b).
#include <nlohmann/json.hpp>

#include <cstddef>
#include <string>

namespace reconbound::workflow {

// What every by-label job's `by_label_certificate` holds: the number of labels, the joint α and
// level, each label's α/L (eq 6.10b), what is certified, the sentence and its scope.
inline nlohmann::json joint_label_certificate(std::size_t labels, double alpha, const std::string& certifies,
                                              const std::string& statement, const std::string& scope) {
  return {{"labels", labels},
          {"alpha", alpha},
          {"level", 1.0 - alpha},
          {"alpha_per_label", alpha / static_cast<double>(labels)},
          {"certifies", certifies},
          {"statement", statement},
          {"scope", scope}};
}

}  // namespace reconbound::workflow
