#include "reconbound/represent.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <exception>
#include <limits>
#include <mutex>

#include "reconbound/error.hpp"
#include "worker_pool.hpp"

namespace reconbound {

RepresentationInfo describe_checked(const Representation& psi, const ImageShape& shape,
                                    const std::string& name) {
  std::string why;
  if (!psi.accepts(shape, why)) {
    throw InvalidInput(fmt::format("representation '{}' does not accept records of shape {}: {}", name,
                                   shape.to_string(), why));
  }
  const RepresentationInfo info = psi.describe(shape);
  if (info.output_dim == 0 || !std::isfinite(info.max_squared_distance) || !(info.max_squared_distance > 0.0)) {
    throw PluginError(fmt::format("representation {} described records of shape {} with output_dim = {} and "
                                  "max_squared_distance = {}: it must give m >= 1 and a finite B > 0 (a defect "
                                  "of the plugin; `reconbound conformance` checks it)",
                                  name, shape.to_string(), info.output_dim, info.max_squared_distance));
  }
  if (info.unit.empty()) {
    throw PluginError(fmt::format("representation {} described records of shape {} without a unit: it must name "
                                  "the unit of its coordinates (RepresentationInfo::unit, e.g. \"feature units\"; "
                                  "a defect of the plugin)",
                                  name, shape.to_string()));
  }
  return info;
}

namespace {

// Ψ's output, which was filled with NaN before map(): every value finite, or the first that is
// not, named with its record and coordinate.
void check_output(MatrixView out, const std::string& name, std::size_t first_record) {
  for (Eigen::Index r = 0; r < out.rows(); ++r) {
    for (Eigen::Index c = 0; c < out.cols(); ++c) {
      if (std::isfinite(out(r, c))) continue;
      throw PluginError(fmt::format("representation {} gave {} at coordinate {} of record {}: Psi must write all "
                                    "output_dim = {} coordinates of every record, each finite (a defect of the "
                                    "plugin; `reconbound conformance` checks it)",
                                    name, out(r, c), c, first_record + static_cast<std::size_t>(r), out.cols()));
    }
  }
}

}  // namespace

RowMatrix represent(const Representation& psi, const std::string& name, const ImageShape& shape,
                    const RepresentationInfo& info, MatrixView records, std::size_t threads,
                    std::size_t first_record) {
  RowMatrix out(records.rows(), static_cast<Eigen::Index>(info.output_dim));
  represent_into(psi, name, shape, info, records, out, threads, first_record);
  return out;
}

void represent_into(const Representation& psi, const std::string& name, const ImageShape& shape,
                    const RepresentationInfo& info, MatrixView records, MutableMatrixView out,
                    std::size_t threads, std::size_t first_record) {
  constexpr auto kBatch = static_cast<Eigen::Index>(kRepresentBatch);
  const Eigen::Index n = records.rows();
  if (out.rows() != n || out.cols() != static_cast<Eigen::Index>(info.output_dim)) {
    throw InvalidInput(fmt::format("Psi of {} records needs {} x {} outputs, got {} x {}", n, n, info.output_dim,
                                   out.rows(), out.cols()));
  }
  // NaN until Ψ writes a value: a coordinate it leaves unwritten shows.
  out.setConstant(std::numeric_limits<double>::quiet_NaN());
  const Eigen::Index batches = (n + kBatch - 1) / kBatch;
  std::atomic<Eigen::Index> next{0};
  std::exception_ptr failure;
  std::mutex failure_mutex;
  auto worker = [&] {
    for (Eigen::Index b = next++; b < batches; b = next++) {
      const Eigen::Index begin = b * kBatch;
      const Eigen::Index rows = std::min(kBatch, n - begin);
      try {
        psi.map(shape, records.middleRows(begin, rows), out.middleRows(begin, rows));
      } catch (...) {
        const std::lock_guard lock(failure_mutex);
        if (!failure) failure = std::current_exception();
        return;
      }
    }
  };
  // The helpers are threads kept for the process (worker_pool.hpp): a plugin's per-thread state,
  // such as OpenCV's, is made once for each of them, not once a window.
  const std::size_t workers = std::max<std::size_t>(1, std::min<std::size_t>(threads, batches));
  share_work(workers - 1, worker);
  if (failure) std::rethrow_exception(failure);
  check_output(out, name, first_record);
}

}  // namespace reconbound
