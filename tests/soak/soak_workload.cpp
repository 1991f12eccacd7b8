#include "soak_workload.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "reconbound/dataset.hpp"
#include "reconbound/presets/paper_pipeline.hpp"
#include "reconbound/registry.hpp"
#include "reconbound/workflow/bound.hpp"
#include "reconbound/workflow/epsilon.hpp"

namespace reconbound::test {

namespace {

constexpr std::size_t kSide = 28;

// Where one bound of the round takes its leakage from.
enum class Leakage { given, schedule, fitted };

struct SoakBound {
  std::string representation;
  std::size_t threads;
  Leakage leakage;
  std::size_t perp;  // D⊥ the first `perp` images
  std::size_t est;   // D_est the next `est`
};

// The committed LPIPS-shaped test model (tests/representations/models).
std::string lpips_test_model() {
  return (std::filesystem::path(RECONBOUND_SOAK_SOURCE_DIR) / "tests" / "representations" / "models" /
          "lpips_test.onnx")
      .string();
}

// Every representation plugin. dct plans FFTW transforms, the codebook's fitted leakage runs
// core's FFTs, lpips loads OpenCV's DNN module and runs it on OpenCV's thread pool. lpips, by far
// the slowest, gets fewer records, but its D⊥ is two full batches of core's (256 records,
// core/engine/internal/reconbound/represent.hpp), which the calling thread and a thread of core's pool map at
// once, each entering OpenCV's parallel loops (OpenCV runs one call of them at a time: a helper
// with a short batch finished while the caller's ran, and never entered them). The other
// bounds' sets take one batch each.
std::vector<SoakBound> soak_bounds() {
  constexpr std::size_t kSet = kSoakSetRecords;
  return {{"pixel", 1, Leakage::given, kSet, kSet},
          {"downsample:4", 2, Leakage::schedule, kSet, kSet},
          {"dct:8", 4, Leakage::fitted, kSet, kSet},
          {"select:rect:7,7,14,14", 3, Leakage::given, kSet, kSet},
          {"lpips:" + lpips_test_model(), 2, Leakage::given, 512, 16}};
}

workflow::MechanismRequest dpsgd_schedule() { return {"dpsgd", {}, Schedule::constant(0.05, 1.5, 200)}; }

workflow::BoundRequest bound_request(const std::string& records_npy, const SoakBound& soak) {
  workflow::BoundRequest request;
  request.data.spec = "npy:" + records_npy;
  request.data.perp_records.range = workflow::IndexRange{0, soak.perp};
  request.data.est_records.range = workflow::IndexRange{soak.perp, soak.perp + soak.est};
  request.representation = soak.representation;
  request.bound = presets::paper_bound_config();
  request.bound.block_sizes = {4, 8};
  request.bound.nu2_levels = {0.4, 1.6};
  request.bound.threads = soak.threads;
  switch (soak.leakage) {
    case Leakage::given: request.gammas = {2.0}; break;
    case Leakage::schedule: request.mechanism = dpsgd_schedule(); break;
    case Leakage::fitted: request.mechanism = {"codebook", Params::parse("bits=2"), std::nullopt}; break;
  }
  return request;
}

}  // namespace

void write_soak_records(const std::string& path) {
  const Dataset images = read_idx(fashion_mnist_test_images());
  std::string header = fmt::format("{{'descr': '|u1', 'fortran_order': False, 'shape': ({}, 1, {}, {}), }}",
                                   kSoakRecords, kSide, kSide);
  // Magic, version and header length take 10 bytes; the header pads the whole to 128 and ends in '\n'.
  header.resize(128 - 10 - 1, ' ');
  header += '\n';
  std::string bytes = std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(header.size()) + '\0' + header;
  for (std::size_t r = 0; r < kSoakRecords; ++r) {
    for (std::size_t c = 0; c < kSide * kSide; ++c) {
      bytes += static_cast<char>(images.records(static_cast<Eigen::Index>(r), static_cast<Eigen::Index>(c)));
    }
  }
  std::ofstream(path, std::ios::binary).write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
}

double run_soak_round(const std::string& records_npy) {
  const Registry registry;
  double sum = 0.0;
  for (const SoakBound& soak : soak_bounds()) {
    sum += workflow::run_bound(registry, bound_request(records_npy, soak)).report.results[0].converse.rho_star;
  }
  workflow::EpsilonRequest epsilon;
  epsilon.mechanism = dpsgd_schedule();
  epsilon.delta.delta = 1e-5;
  return sum + workflow::run_epsilon(registry, epsilon).epsilon.epsilon_upper;
}

}  // namespace reconbound::test
