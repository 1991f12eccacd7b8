#include "represent.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

#include "reconbound/error.hpp"

namespace reconbound {

RepresentationInfo describe_checked(const Representation& psi, const ImageShape& shape,
                                    const std::string& name) {
  std::string why;
  if (!psi.accepts(shape, why)) {
    throw InvalidInput(fmt::format("representation '{}' does not accept records of shape {}: {}", name,
                                   shape.to_string(), why));
  }
  return psi.describe(shape);
}

RowMatrix represent(const Representation& psi, const ImageShape& shape, const RepresentationInfo& info,
                    MatrixView records, std::size_t threads) {
  constexpr Eigen::Index kBatch = 256;
  const Eigen::Index n = records.rows();
  const auto m = static_cast<Eigen::Index>(info.output_dim);
  RowMatrix out(n, m);
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
  const std::size_t workers = std::max<std::size_t>(1, std::min<std::size_t>(threads, batches));
  std::vector<std::thread> pool;
  for (std::size_t t = 1; t < workers; ++t) pool.emplace_back(worker);
  worker();
  for (auto& t : pool) t.join();
  if (failure) std::rethrow_exception(failure);
  if (!out.allFinite()) throw InvalidInput("the representation produced a non-finite value");
  return out;
}

}  // namespace reconbound
