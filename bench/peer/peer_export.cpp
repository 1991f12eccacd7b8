// The data of one grid pair for the PyTorch peer (bench/peer/peer.py, docs/fast_estimator.md
// "The PyTorch peer"): what `reconbound bound --data SPEC --perp-range PB:PE --est-range EB:EE`
// hands its entropy estimator with the pixel representation (Ψ the identity) and the eigenbasis
// rotation (the CLI's choice for |D⊥| ≥ m, mathematics §4):
//   * the rotated estimation records U·Ψ(x_i), n_est × m_pad, written as a float64 .npy file;
//   * tr Σ̂ of Ψ(D⊥) (covariance_trace, which sets the dither s = ν·sqrt(tr Σ̂/k));
//   * the rotation's fingerprint (rotation_probe), which the CLI's --json also prints, so that
//     the script can check that both sides rotate alike.
// Usage: peer_export SPEC PERP_BEGIN PERP_END EST_BEGIN EST_END OUT.npy
// Prints one JSON object on stdout.
#include <fmt/format.h>

#include <cstdint>
#include <cstdio>
#include <exception>
#include <fstream>
#include <string>

#include "reconbound/dataset.hpp"
#include "reconbound/rotation.hpp"
#include "reconbound/trace_sigma.hpp"

namespace {

using namespace reconbound;

// A C-order float64 .npy file (format 1.0): magic, header length, a Python dict literal padded
// with spaces to a multiple of 64 bytes and ended by a newline, then the values.
void write_npy(const std::string& path, const RowMatrix& values) {
  std::string header = fmt::format("{{'descr': '<f8', 'fortran_order': False, 'shape': ({}, {}), }}",
                                   values.rows(), values.cols());
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header.push_back('\n');
  std::ofstream out(path, std::ios::binary);
  out.write("\x93NUMPY\x01\x00", 8);
  const auto length = static_cast<std::uint16_t>(header.size());
  const char length_bytes[2] = {static_cast<char>(length & 0xFFU), static_cast<char>(length >> 8U)};
  out.write(length_bytes, 2);
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  out.write(reinterpret_cast<const char*>(values.data()),
            static_cast<std::streamsize>(values.size() * static_cast<Eigen::Index>(sizeof(double))));
  if (!out) throw std::runtime_error("cannot write " + path);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) {
    std::fprintf(stderr, "usage: %s SPEC PERP_BEGIN PERP_END EST_BEGIN EST_END OUT.npy\n", argv[0]);
    return 2;
  }
  try {
    const Dataset set = load_dataset(argv[1]);
    const auto perp_begin = static_cast<Eigen::Index>(std::stoul(argv[2]));
    const auto perp_end = static_cast<Eigen::Index>(std::stoul(argv[3]));
    const auto est_begin = static_cast<Eigen::Index>(std::stoul(argv[4]));
    const auto est_end = static_cast<Eigen::Index>(std::stoul(argv[5]));
    const Eigen::Index records = set.records.rows();
    if (!(perp_begin < perp_end && perp_end <= records && est_begin < est_end && est_end <= records)) {
      throw std::runtime_error(fmt::format("the ranges must lie in [0, {})", records));
    }
    const RowMatrix perp = set.records.middleRows(perp_begin, perp_end - perp_begin);
    const RowMatrix est = set.records.middleRows(est_begin, est_end - est_begin);
    if (static_cast<std::size_t>(perp.rows()) < static_cast<std::size_t>(perp.cols())) {
      throw std::runtime_error("|D_perp| < m: the CLI would take the sign rotation, which this helper does not");
    }
    const Rotation rotation = Rotation::eigenbasis(perp);
    write_npy(argv[6], rotation.apply(est));
    std::string probe;
    for (const double x : rotation_probe(rotation)) probe += fmt::format("{}{:.17g}", probe.empty() ? "" : ", ", x);
    fmt::print("{{\"trace_sigma\": {:.17g}, \"m\": {}, \"m_padded\": {}, \"n_est\": {}, \"rotation\": \"{}\", "
               "\"rotation_probe\": [{}]}}\n",
               covariance_trace(perp), rotation.input_dim(), rotation.output_dim(), est.rows(), rotation.kind(),
               probe);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "peer_export: %s\n", e.what());
    return 1;
  }
  return 0;
}
