// The chain's attacks as checkpoint items (attack_items.hpp, docs/checkpoints.md).
#include "attack_items.hpp"

#include <fmt/format.h>

#include <bit>
#include <cstdint>
#include <iterator>
#include <string>
#include <type_traits>
#include <variant>

#include "reconbound/attack_result_codec.hpp"
#include "reconbound/error.hpp"
#include "reconbound/on_ranks.hpp"

namespace reconbound::chain {

namespace {

std::string bits_of(double value) { return fmt::format("{:016x}", std::bit_cast<std::uint64_t>(value)); }

// A free text in a key: its length first, so that no text can pass for another field.
std::string text(const std::string& value) { return fmt::format("{}:{}", value.size(), value); }

std::string params_text(const Params& params) {
  std::string out;
  for (const auto& [name, value] : params.values()) {
    out += text(name) + "=" + std::visit([](const auto& v) -> std::string {
      using T = std::decay_t<decltype(v)>;
      if constexpr (std::is_same_v<T, bool>) return v ? "b:1" : "b:0";
      else if constexpr (std::is_same_v<T, std::int64_t>) return fmt::format("i:{}", v);
      else if constexpr (std::is_same_v<T, double>) return "d:" + bits_of(v);
      else return "s:" + text(v);
    }, value) + ";";
  }
  return out;
}

std::string details_text(const AttackDetails& details) {
  std::string out;
  for (const auto& [name, value] : details) out += text(name) + "=" + bits_of(value) + ";";
  return out;
}

std::uint64_t digest_matrix(std::uint64_t digest, const RowMatrix& m) {
  const double shape[] = {static_cast<double>(m.rows()), static_cast<double>(m.cols())};
  digest = digest_doubles(digest, shape, std::size(shape));
  return digest_doubles(digest, m.data(), static_cast<std::size_t>(m.size()));
}

// Every value the attacks read besides their row and γ: the samples, tr Σ̂ and the chain's seed.
std::uint64_t inputs_digest(const AttackInput& shared) {
  std::uint64_t digest = 0;
  for (const RowMatrix* m : {shared.shadow, shared.est, shared.rotated_est, shared.targets}) {
    digest = digest_matrix(digest, *m);
  }
  const double numbers[] = {shared.trace_sigma, static_cast<double>(shared.chain_seed >> 32),
                            static_cast<double>(shared.chain_seed & 0xffffffffU)};
  return digest_doubles(digest, numbers, std::size(numbers));
}

}  // namespace

AttackItems::AttackItems(Checkpoint* checkpoint, const AttackInput& shared, std::size_t weight_rows)
    : checkpoint_(checkpoint), shared_(shared), weight_rows_(weight_rows) {
  if (checkpoint_ != nullptr) inputs_digest_ = inputs_digest(shared_);
}

std::string AttackItems::key(const PreparedRow& row, std::size_t row_index, double gamma_bits,
                             std::size_t gamma_index, bool keep_weights) const {
  return fmt::format("attack row {} mechanism {} params {} settings {} gamma {} {} seed {:016x} weights {} "
                     "inputs {:016x}",
                     row_index, text(row.config->mechanism), params_text(row.config->params),
                     details_text(row.attack->settings()), gamma_index, bits_of(gamma_bits),
                     attack_seed(row, shared_.chain_seed, gamma_index), keep_weights ? weight_rows_ : 0,
                     inputs_digest_);
}

void AttackItems::check_restored(const AttackResult& result, const PreparedRow& row, double gamma_bits,
                                 bool keep_weights) const {
  const auto targets = static_cast<std::size_t>(shared_.targets->rows());
  const std::size_t weight_rows = keep_weights ? weight_rows_ : 0;
  const bool errors_fit = result.squared_errors.empty() || result.squared_errors.size() == targets;
  const bool weights_fit = result.weights.size() == 0 ||
                           (static_cast<std::size_t>(result.weights.rows()) == weight_rows &&
                            result.weights.cols() == shared_.shadow->rows());
  if (!errors_fit || !weights_fit) {
    throw InvalidInput(fmt::format("checkpoint {} holds {} squared errors and {} x {} weights for the {} attack at "
                                   "gamma = {} bits, where this chain has {} targets and keeps {} x {} weights; "
                                   "delete it",
                                   checkpoint_->path(), result.squared_errors.size(), result.weights.rows(),
                                   result.weights.cols(), row.config->label, gamma_bits, targets, weight_rows,
                                   shared_.shadow->rows()));
  }
}

AttackRun AttackItems::run(const PreparedRow& row, std::size_t row_index, double gamma_bits,
                           std::size_t gamma_index, bool keep_weights) {
  std::string item;
  if (checkpoint_ != nullptr) {
    item = key(row, row_index, gamma_bits, gamma_index, keep_weights);
    if (const auto payload = checkpoint_->find(item)) {
      AttackRun found{{}, true};
      try {
        found.result = decode_attack_result(*payload);
      } catch (const InvalidInput& e) {
        throw InvalidInput(fmt::format("checkpoint {}: {}; delete it", checkpoint_->path(), e.what()));
      }
      check_restored(found.result, row, gamma_bits, keep_weights);
      ++restored_;
      return found;
    }
  }
  AttackRun out{run_attack(row, shared_, gamma_bits, gamma_index, keep_weights), false};
  // What the chain reads of the weights: the shown targets' rows, and only when it asked for them.
  const auto kept = keep_weights ? static_cast<Eigen::Index>(weight_rows_) : 0;
  if (out.result.weights.rows() > kept) out.result.weights.conservativeResize(kept, Eigen::NoChange);
  if (checkpoint_ != nullptr) checkpoint_->store(item, encode_attack_result(out.result));
  return out;
}

}  // namespace reconbound::chain
